import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, openPage, pageErrors, startE2eApp } from './support/e2e';

/**
 * Issue 15, first load: /config.json is fetched beside the scripts (index.html preloads it), not after
 * the entry has run, and main.tsx's own fetch reuses that response instead of asking again.
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
