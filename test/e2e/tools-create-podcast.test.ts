import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeMp3 } from '#functions/providers/mp3-frames';
import { createApiUser } from './support/clients';
import { type E2eApp, expectToast, pageErrors, screenshot, startE2eApp } from './support/e2e';
import {
  type ArticleServer,
  articlePage,
  chooseOption,
  horizontalOverflow,
  openToolPage,
  startArticleServer,
} from './support/tools';

let app: E2eApp;
let site: ArticleServer;

beforeAll(async () => {
  site = await startArticleServer({
    '/spring-roofs': articlePage('Spring roof checks', [
      'Spring is the best time to look for winter damage on a roof, before the summer storms arrive.',
      'Start with the gutters, then the flashing around chimneys, then any shingles that lifted or cracked.',
      'Ice dams leave water stains along the eaves; look for them from the attic with a flashlight on a dry day.',
      'Moss grows where shade keeps the shingles damp, and it lifts their edges a little more every season.',
      'A professional inspection takes about an hour and costs far less than a repair after the first big storm.',
    ]),
  });
  app = await startE2eApp({ env: { FETCH_ALLOW_HOSTS: site.host } });
});

afterAll(async () => {
  await app?.stop();
  await site?.close();
});

describe('Create Podcast', () => {
  it('imports an article, speaks a conversation with two voices, plays it and downloads the MP3', async () => {
    const user = await createApiUser(app, 'podcast');
    const page = await openToolPage(app, user, '/create-podcast', 'Create Podcast');
    await expect.poll(() => page.getByLabel('Format').textContent()).toContain('Bulletin');
    await expect.poll(() => page.getByLabel('Guest voice').count()).toBe(0);

    await page.getByRole('button', { name: 'Import' }).click();
    await expectToast(page, 'Please enter a URL to import content from');
    await page.getByLabel('Import from URL').fill(site.url('/spring-roofs'));
    await page.getByRole('button', { name: 'Import' }).click();
    await expect
      .poll(() => page.getByLabel('Script').inputValue(), { timeout: 30_000 })
      .toContain('Spring is the best time');

    await chooseOption(page, 'Format', 'Conversation (host and guest)');
    await chooseOption(page, 'Guest voice', 'Shimmer — Light and cheerful');
    await page
      .getByLabel('Script')
      .fill(
        'Host: Welcome to the roofing hour.\nGuest: Thanks, glad to be here.\nHost: Let us talk about gutters.',
      );
    await screenshot(page, 'create-podcast-idle');

    // Each voice has a short audible sample: a one-sentence job in that voice, played once it is signed.
    const previewSigned = page.waitForResponse((response) => response.url().endsWith('/api/media/sign'), {
      timeout: 90_000,
    });
    await page.getByRole('button', { name: 'Preview the guest voice' }).click();
    expect((await previewSigned).status()).toBe(200);
    await expect
      .poll(() => page.getByRole('button', { name: 'Preview the guest voice' }).textContent())
      .toContain('Preview');
    await expect.poll(() => page.getByText('Failed to play the voice preview').count()).toBe(0);
    await page.getByRole('button', { name: 'Generate Podcast' }).click();

    const audio = page.getByTestId('podcast-audio');
    await audio.waitFor({ timeout: 90_000 });
    await expect
      .poll(() => audio.evaluate((element) => (element as unknown as { duration: number }).duration), {
        timeout: 30_000,
      })
      .toBeGreaterThan(3);
    await screenshot(page, 'create-podcast-result');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download MP3' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^podcast-\d{4}-\d{2}-\d{2}-\d{4}\.mp3$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
    const mp3 = summarizeMp3(new Uint8Array(Buffer.concat(chunks)));
    expect(mp3.durationSeconds).toBeGreaterThan(3);
    expect(pageErrors(page)).toEqual([]);
  }, 180_000);

  it('fits a phone and refuses an empty script', async () => {
    const user = await createApiUser(app, 'podcast-phone');
    const page = await openToolPage(app, user, '/create-podcast', 'Create Podcast', { mobile: true });
    await page.getByLabel('Script').fill('   ');
    await page.getByRole('button', { name: 'Generate Podcast' }).click();
    await expectToast(page, 'Please enter some text to convert to speech');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'create-podcast-phone');
  }, 90_000);
});
