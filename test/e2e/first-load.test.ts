import type { Page } from 'playwright-core';
import { twMerge } from 'tailwind-merge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, openPage, pageErrors, screenshot, startE2eApp } from './support/e2e';

/**
 * First load (docs/decisions.md, "The frontend: first load and sign-in views"): /config.json is fetched
 * beside the scripts (index.html preloads it), not after the entry has run, and main.tsx's own fetch reuses
 * that response instead of asking again.
 *
 * `/` and the sign-in view of `/auth` render before tailwind-merge is loaded, so `cn` only joins their
 * classes (frontend/src/lib/utils.ts). That renders them exactly as tailwind-merge would only if no class
 * list they show has a conflict the merge would have resolved, which is checked here.
 */

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

describe('first load', () => {
  it('requests /config.json once, before the entry script has finished loading', async () => {
    const page = await openPage(app);
    const events: string[] = [];
    page.on('request', (request) => events.push(`request ${new URL(request.url()).pathname}`));
    page.on('requestfinished', (request) => events.push(`finished ${new URL(request.url()).pathname}`));
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const configRequests = events.filter((event) => event === 'request /config.json');
    expect(configRequests).toHaveLength(1);
    const entryFinished = events.findIndex((event) => /^finished \/assets\/index-[\w-]+\.js$/.test(event));
    expect(entryFinished).toBeGreaterThan(-1);
    expect(events.indexOf('request /config.json')).toBeLessThan(entryFinished);
    expect(pageErrors(page)).toEqual([]);
  });
});

/** Every class list on the page (SVG too) that tailwind-merge would shorten. */
async function conflictingClassLists(page: Page): Promise<string[]> {
  const lists: string[] = await page.evaluate(
    `[...document.querySelectorAll('[class]')].map((element) => element.getAttribute('class') ?? '')`,
  );
  const tokens = (list: string) => new Set(list.split(/\s+/).filter(Boolean));
  return [...new Set(lists)].filter((list) => tokens(twMerge(list)).size !== tokens(list).size);
}

describe('the public pages without tailwind-merge', () => {
  it('renders no class list with a Tailwind conflict on the landing page', async () => {
    const page = await openPage(app);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const signedOut = await conflictingClassLists(page);
    await screenshot(page, 'first-load-landing');
    expect(signedOut).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  // The sign-in view renders before anything loads tailwind-merge (the other auth views load it with
  // them, on the first focus or press in the card): the page is left untouched until it is checked.
  it('renders no class list with a Tailwind conflict on the sign-in view of /auth', async () => {
    const page = await openPage(app);
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const conflicts = await conflictingClassLists(page);
    await screenshot(page, 'first-load-auth');
    expect(scripts.filter((path) => /class-merge|sign-up-form|landing-page/.test(path))).toEqual([]);
    expect(conflicts).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });
});
