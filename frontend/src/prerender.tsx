/**
 * Build-time prerender of `/` (vite.config.ts writes its markup into the page served for `/` only): a first
 * visit paints the landing page's text as soon as the HTML and the style sheet are in, instead of after
 * React, the router and the page's chunk have downloaded and run
 * (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids": LCP of `/`). boot.tsx hydrates
 * this markup with the same tree, so the page becomes interactive without a second render. It is the page a
 * signed-out visitor sees; what only a deployment knows (the sister tools' links) renders in its build-time
 * form until hydration has finished (hooks/use-hydrated.ts).
 */
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { UNCONFIGURED_RUNTIME_CONFIG } from '#shared/runtime-config';
import { App } from './app/app';
import { landingScreen } from './app/public-screens';
import { setRuntimeConfig } from './lib/config';

function LandingRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

/** The markup of `/` for a signed-out visitor: what boot.tsx hydrates. */
export async function renderLandingPage(): Promise<string> {
  // The build never sees the deployment's config; nothing of this stand-in reaches the markup: the
  // landing page reads only the external links from the config, and those wait for hydration.
  setRuntimeConfig(UNCONFIGURED_RUNTIME_CONFIG);
  // As in the browser, where boot.tsx awaits the screen before its first render: rendered at once,
  // not suspended (lib/preloadable-component.tsx).
  await landingScreen.load();
  return renderToString(
    <StrictMode>
      <App config={UNCONFIGURED_RUNTIME_CONFIG} Router={LandingRouter} />
    </StrictMode>,
  );
}
