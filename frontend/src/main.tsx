import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { StartupError } from './app/startup-error';
import { loadRuntimeConfig, setRuntimeConfig } from './lib/config';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

/**
 * A first visit lands on `/` or `/auth`: its screen's chunk starts downloading now, beside /config.json
 * (preloaded by index.html), instead of after it. The router's lazy import then finds it loaded; a
 * failure here is left to that import, which shows the error.
 */
const publicScreens: Readonly<Record<string, () => Promise<unknown>>> = {
  '/': () => import('@/features/landing/landing-page'),
  '/auth': () => Promise.all([import('@/lib/class-merge'), import('@/features/auth/auth-page')]),
};
publicScreens[window.location.pathname]?.().catch(() => undefined);

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
