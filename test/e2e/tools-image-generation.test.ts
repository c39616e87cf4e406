import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMimeType } from '#functions/providers/media-bytes';
import { chooseFromCardMenu, createApiUser } from './support/clients';
import {
  type E2eApp,
  expectToast,
  openPage,
  pageErrors,
  screenshot,
  signInThroughUi,
  startE2eApp,
} from './support/e2e';
import {
  chooseOption,
  createProfiledClient,
  horizontalOverflow,
  libraryOf,
  openToolPage,
} from './support/tools';

let app: E2eApp;
let uploads: string;

beforeAll(async () => {
  app = await startE2eApp();
  uploads = mkdtempSync(join(tmpdir(), 'lbm-uploads-'));
  const picture = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#2364aa' } })
    .composite([
      {
        input: { create: { width: 480, height: 100, channels: 3, background: '#e8b923' } },
        top: 220,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
  writeFileSync(join(uploads, 'harbor.png'), picture);
  writeFileSync(join(uploads, 'notes.txt'), 'not an image');
});

afterAll(async () => {
  await app?.stop();
});

/** Opens the client's library, previews the item and waits for `count` loaded images in its frame. */
async function expectLibraryImages(page: Page, clientName: string, title: string, count: number) {
  await chooseFromCardMenu(page, clientName, /View Content/);
  const library = page.getByRole('dialog', { name: /Content Library/ });
  await library
    .getByTestId('library-item')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Preview' })
    .click();
  const preview = page.getByRole('dialog', { name: title });
  await preview.waitFor();
  await expect.poll(() => preview.locator('iframe').getAttribute('sandbox')).toBe('');
  const images = preview.frameLocator('iframe').locator('img');
  await expect
    .poll(
      () =>
        images.evaluateAll(
          (found) =>
            found.filter((image) => (image as unknown as { naturalWidth: number }).naturalWidth > 0).length,
        ),
      { timeout: 30_000 },
    )
    .toBe(count);
  await expect.poll(() => images.first().getAttribute('src')).toMatch(/^\/api\/media\/.+\?token=/);
}

describe('AI Image Generator', () => {
  it('analyses an upload, generates two images, downloads one and saves them to a client', async () => {
    const user = await createApiUser(app, 'images');
    const client = await createProfiledClient(app, user, { name: 'Harbor Bakery' });
    const page = await openToolPage(app, user, '/image-generation', 'AI Image Generator');
    await expect.poll(() => page.getByLabel('Model').textContent()).toContain('GPT Image 1');

    const upload = page.getByLabel('Upload an image to analyze');
    await upload.setInputFiles(join(uploads, 'notes.txt'));
    await expectToast(page, 'Please upload a valid image file');
    await upload.setInputFiles(join(uploads, 'harbor.png'));
    await expect
      .poll(() => page.getByLabel('Prompt').first().inputValue(), { timeout: 30_000 })
      .toContain('landscape');
    await expect.poll(() => page.getByLabel('Keywords').first().inputValue()).toContain('blue');

    await page.getByRole('button', { name: 'Add configuration' }).click();
    await page.getByLabel('Prompt').nth(1).fill('A lighthouse on a rocky coast');
    await page.getByLabel('Entities').nth(1).fill('lighthouse, boat');
    await page.getByTestId('image-config').nth(1).getByLabel('Lighting', { exact: true }).click();
    await page.getByRole('option', { name: 'golden hour', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('assembled-prompt').nth(1).textContent())
      .toContain('A lighthouse on a rocky coast. Featuring: lighthouse, boat.');
    await chooseOption(page, 'Model', 'DALL·E 3');
    await expect.poll(() => page.getByLabel('Output format').textContent()).toContain('PNG');
    await chooseOption(page, 'Model', 'GPT Image 1');
    await chooseOption(page, 'Output format', 'JPEG');
    await page.getByLabel(/Compression/).waitFor();
    await chooseOption(page, 'Client (optional)', 'Harbor Bakery');
    await page.getByRole('checkbox', { name: 'Save to client profile' }).check();
    await screenshot(page, 'image-generation-idle');

    await page.getByRole('button', { name: 'Generate Images' }).click();
    const gallery = page.getByTestId('gallery-image');
    await expect.poll(() => gallery.count(), { timeout: 90_000 }).toBe(2);
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid="gallery-image"] img')
            .evaluateAll(
              (images) =>
                images.filter((image) => (image as unknown as { naturalWidth: number }).naturalWidth > 0)
                  .length,
            ),
        { timeout: 30_000 },
      )
      .toBe(2);
    await screenshot(page, 'image-generation-result');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      gallery.nth(1).getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^a-lighthouse-on-a-rocky-coast.*\.jpeg$/);
    expect(download.suggestedFilename().length).toBeLessThanOrEqual(155);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
    expect(imageMimeType(new Uint8Array(Buffer.concat(chunks)))).toBe('image/jpeg');

    const saved = await libraryOf(app, user, client.id);
    expect(saved[0]?.content_type).toBe('client_content');
    const savedImages = saved[0]?.metadata.images;
    expect(Array.isArray(savedImages) ? savedImages.length : 0).toBe(2);

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect.poll(() => gallery.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);

    // The library preview shows the saved images, for the owner and for a colleague granted the client.
    await page.goto('/clients');
    await expectLibraryImages(page, 'Harbor Bakery', saved[0]?.title ?? '', 2);
    await screenshot(page, 'image-generation-library-preview');
    const colleague = await createApiUser(app, 'images-colleague');
    const granted = await app.test.request('POST', `/api/clients/${client.id}/access`, {
      token: user.idToken,
      body: { email: colleague.email },
    });
    expect(granted.status).toBe(201);
    const colleaguePage = await openPage(app, { mobile: true });
    await signInThroughUi(colleaguePage, colleague.email, colleague.password);
    await colleaguePage.goto('/clients');
    await expectLibraryImages(colleaguePage, 'Harbor Bakery', saved[0]?.title ?? '', 2);
    expect(await horizontalOverflow(colleaguePage)).toBe(0);
    await screenshot(colleaguePage, 'image-generation-library-preview-phone');
    expect(pageErrors(colleaguePage)).toEqual([]);
  }, 300_000);

  it('keeps one configuration, refuses an empty prompt and fits a phone', async () => {
    const user = await createApiUser(app, 'images-phone');
    const page = await openToolPage(app, user, '/image-generation', 'AI Image Generator', { mobile: true });
    await expect.poll(() => page.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);
    await page.getByLabel('Prompt').fill('  ');
    await page.getByRole('button', { name: 'Generate Images' }).click();
    await expectToast(page, 'Please enter at least one prompt for image generation');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'image-generation-phone');
  }, 90_000);
});
