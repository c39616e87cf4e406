import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { publicScreenFor } from './app/public-screens';
import { StartupError } from './app/startup-error';
import { loadRuntimeConfig, setRuntimeConfig } from './lib/config';

// The entry is an async module script, which may run before the document has been parsed.
if (document.readyState === 'loading')
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

// The config decides which user pool and API this build talks to, so it is loaded before anything
// renders (index.html preloads it). The screen of a first visit to `/` or `/auth`, which main.tsx
// started, is awaited beside it: a small file requested before React, it has normally arrived by now,
// and the first render then shows the page, not a loading state. A failure is left to the router.
try {
  const [config] = await Promise.all([
    loadRuntimeConfig(),
    publicScreenFor(window.location.pathname)
      ?.load()
      .catch(() => undefined),
  ]);
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
