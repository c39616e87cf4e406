import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, openPage, pageErrors, screenshot, startE2eApp } from './support/e2e';

/**
 * docs/decisions.md, "Large agencies: lists of summaries, virtualized grids": LCP of `/`: the landing page's
 * text is in the HTML served for `/` (prerendered at build time, frontend/src/prerender.tsx), so it paints
 * before any script runs; the app hydrates that markup instead of rendering it a second time. Every other
 * route is served the empty shell, so it never shows the landing page's text before its own screen.
 */

// The page's own words (the meta description, in every page's head, shares its first ones).
const LANDING_TEXT = 'create on-brand content for every client';

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

describe('the prerendered landing page', () => {
  it('shows its heading and text with JavaScript disabled', async () => {
    const context = await app.browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: 'LBM Studio' }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByText(LANDING_TEXT).isVisible()).toBe(true);
      await expect
        .poll(() => page.getByRole('link', { name: 'Get Started' }).getAttribute('href'))
        .toBe('/auth');
      await screenshot(page, 'landing-without-javascript');
    } finally {
      await context.close();
    }
  });

  it('serves its text for `/` only: other routes get the empty shell', async () => {
    const html = async (path: string) => (await fetch(`${app.url}${path}`)).text();
    const landing = await html('/');
    expect(landing).toContain(LANDING_TEXT);
    // The CSP allows scripts from the site's own files only (infra/content-security-policy.ts).
    expect(landing).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    for (const path of ['/auth', '/clients', '/no-such-page', '/auth/']) {
      const body = await html(path);
      expect(body, path).not.toContain(LANDING_TEXT);
      expect(body, path).toContain('<div id="root"></div>');
    }
  });

  it('hydrates the prerendered markup without replacing it, and is interactive', async () => {
    const page = await openPage(app);
    // Records every <h1> taken out of the document: a second render (a failed hydration, or a client
    // render over the prerendered page) would replace the landing page's heading.
    await page.addInitScript(`
      window.removedHeadings = 0;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node.nodeType === 1 && (node.tagName === 'H1' || node.querySelector('h1'))) window.removedHeadings += 1;
      }).observe(document, { childList: true, subtree: true });
    `);
    await page.goto('/');
    // Hydrated: the sister tools' buttons now reflect this runtime's config, which links none of them.
    await expect.poll(() => page.getByRole('button', { name: 'Not configured' }).count()).toBeGreaterThan(0);
    expect(await page.evaluate('window.removedHeadings')).toBe(0);
    await expect.poll(() => page.getByText(LANDING_TEXT).isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .not.toContain('LBM Studio AI');
    await page.context().close();
  });
});
