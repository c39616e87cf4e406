import { publicScreenFor } from './app/public-screens';
import './index.css';

/**
 * The entry does two things and imports nothing that has to download first, so it runs as soon as this
 * small file arrives (docs/decisions.md, "The frontend: first load and sign-in views": index.html loads it
 * `async`, so it does not wait for the CSS either): it starts the chunk of the screen a first visit lands on
 * (`/` or `/auth`), and the app itself (boot.tsx, which index.html already preloads with React). Before, the
 * screen's import waited until React had downloaded and the whole entry had run, or, for `/`, came from a
 * preload in index.html that every other route downloaded for nothing.
 */
publicScreenFor(window.location.pathname)
  ?.load()
  // A failure is left to the router's own import of the screen, which shows the error.
  .catch(() => undefined);

import('./boot').catch((error: unknown) => {
  // Nothing can render without the app's code; the console says why the page stayed blank.
  console.error('Loading the app failed:', error);
});
