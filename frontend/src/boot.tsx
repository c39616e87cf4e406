import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { publicScreenFor } from './app/public-screens';
import { StartupError } from './app/startup-error';
import { mayHaveSession } from './lib/auth/session';
import { loadRuntimeConfig, setRuntimeConfig } from './lib/config';

// The entry is an async module script, which may run before the document has been parsed.
if (document.readyState === 'loading')
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The config decides which user pool and API this build talks to, so it is loaded before anything
// renders (the page preloads it). The screen of a first visit to `/` or `/auth`, which main.tsx
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
  const app = (
    <StrictMode>
      <App config={config} />
    </StrictMode>
  );
  // `/` arrives with the landing page prerendered for a signed-out visitor (prerender.tsx): hydrated,
  // it becomes interactive as it is. Someone who may be signed in gets the app's own first render
  // instead (the session check, then the signed-in page), which replaces the prerendered markup.
  if (window.location.pathname === '/' && container.firstElementChild !== null && !mayHaveSession())
    hydrateRoot(container, app);
  else createRoot(container).render(app);
} catch (error) {
  console.error('Startup failed:', error);
  createRoot(container).render(
    <StartupError message={error instanceof Error ? error.message : String(error)} />,
  );
}
