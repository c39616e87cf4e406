import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { StartupError } from './app/startup-error';
import { loadRuntimeConfig, setRuntimeConfig } from './lib/config';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

// The config decides which user pool and API this build talks to, so it is loaded before anything renders.
try {
  const config = await loadRuntimeConfig();
  setRuntimeConfig(config);
  root.render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
} catch (error) {
  console.error('Startup failed:', error);
  root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />);
}
