import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiUser } from './support/clients';
import { type E2eApp, expectToast, pageErrors, screenshot, startE2eApp } from './support/e2e';
import {
  type ArticleServer,
  articlePage,
  chooseOption,
  clipboardText,
  createProfiledClient,
  downloadFrom,
  horizontalOverflow,
  libraryOf,
  openToolPage,
  STAMP,
  shownWordCount,
  startArticleServer,
  waitForResult,
} from './support/tools';

const POST = articlePage('How to Know When Your Roof Needs Repair', [
  'Most roofs give plenty of warning before they fail, but the signs are easy to miss from the driveway.',
  'Curling or cracked shingles mean the asphalt has dried out and no longer sheds water the way it should.',
  'Granules collecting in the gutters are another clue: they protect shingles from the sun, and losing them speeds up wear.',
  'Inside the attic, look for daylight through the boards, damp insulation or dark stains around the chimney and vents.',
  'A sagging ridge line is serious and usually points to water damage in the decking underneath.',
  'Small repairs done early cost a fraction of a full replacement, and most inspections take less than an hour.',
  'Call a licensed roofer after any storm with hail larger than a quarter, even if nothing looks wrong from below.',
]);

let app: E2eApp;
let site: ArticleServer;

beforeAll(async () => {
  site = await startArticleServer({ '/blog/roof-repair-guide': POST });
  app = await startE2eApp({ env: { FETCH_ALLOW_HOSTS: site.host, OFFLINE_STREAM_DELAY_MS: '10' } });
});

afterAll(async () => {
  await app?.stop();
  await site?.close();
});

const rewriteButton = (page: Page) => page.getByRole('button', { name: 'Rewrite Blog' });

describe('Blog Rewriter', () => {
  it('rewrites a post with a framework, shows Text/HTML/Preview, copies, downloads and saves it', async () => {
    const user = await createApiUser(app, 'blogger');
    const client = await createProfiledClient(app, user, { name: 'Summit Roofing' });
    const page = await openToolPage(app, user, '/blog-rewriter', 'Blog Rewriter');

    await expect.poll(() => page.getByLabel('Framework').textContent()).toContain('Leave As Is');
    await page.getByText('Keep the original structure and flow').waitFor();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Add Relevant Emojis' }).isChecked())
      .toBe(false);
    await expect.poll(() => rewriteButton(page).isDisabled()).toBe(true);
    await screenshot(page, 'blog-rewriter-idle');

    await page.getByLabel('Blog URL').fill('not a url');
    await rewriteButton(page).click();
    await expectToast(page, 'Please enter a valid URL');

    const url = site.url('/blog/roof-repair-guide');
    await page.getByLabel('Blog URL').fill(url);
    const open = page.getByRole('link', { name: 'Open the blog post in a new tab' });
    await expect.poll(() => open.getAttribute('href')).toBe(url);
    await expect.poll(() => open.getAttribute('target')).toBe('_blank');

    await chooseOption(page, 'Framework', 'AIDA');
    await page.getByText('Attention, Interest, Desire, Action').first().waitFor();
    await page.getByRole('switch', { name: 'Save to client profile' }).click();
    await rewriteButton(page).click();
    await expectToast(page, 'Select a client');
    await chooseOption(page, 'Client', 'Summit Roofing');
    await screenshot(page, 'blog-rewriter-ready');

    await rewriteButton(page).click();
    await page.getByTestId('writing-badge').waitFor();
    await screenshot(page, 'blog-rewriter-generating');
    await waitForResult(page);
    await expectToast(page, 'Blog Rewritten!');
    await expectToast(page, "Blog post saved to Summit Roofing's profile");
    await screenshot(page, 'blog-rewriter-done-text');

    const text = await page.getByLabel('Plain text').inputValue();
    expect(text.toLowerCase()).toMatch(/roof|shingle/u);
    expect(text.trim().split(/\s+/u).length).toBe(await shownWordCount(page));
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Copied!');
    await expect.poll(() => clipboardText(page)).toBe(text);

    await page.getByRole('tab', { name: 'HTML' }).click();
    const html = await page.getByLabel('HTML source').inputValue();
    expect(html).toMatch(/<h[12][^>]*>/u);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => clipboardText(page)).toBe(html);
    await page.getByRole('tab', { name: 'Preview' }).click();
    const frame = page.locator('iframe[title="Rewritten post preview"]');
    expect((await frame.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(400);
    await screenshot(page, 'blog-rewriter-preview');

    const file = await downloadFrom(page, 'Download HTML');
    expect(file.download.suggestedFilename()).toMatch(
      new RegExp(`^127\\.0\\.0\\.1-roof-repair-guide-${STAMP}\\.html$`),
    );
    expect(file.content).toBe(html);

    const [saved] = await libraryOf(app, user, client.id);
    expect(saved).toMatchObject({ content_type: 'blog', metadata: { originalUrl: url, framework: 'aida' } });
    expect(saved?.title).toMatch(/^Blog Rewrite - /u);
    expect(pageErrors(page)).toEqual([]);
  });

  it('fits a phone', async () => {
    const user = await createApiUser(app, 'blogmobile');
    const page = await openToolPage(app, user, '/blog-rewriter', 'Blog Rewriter', { mobile: true });
    await page.getByLabel('Blog URL').fill(site.url('/blog/roof-repair-guide'));
    await rewriteButton(page).click();
    await waitForResult(page);
    await screenshot(page, 'blog-rewriter-mobile', { fullPage: true });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
