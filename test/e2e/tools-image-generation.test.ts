import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMimeType } from '#functions/providers/media-bytes';
import { pngOfSize } from '#test/support/sized-png';
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
import { expectFitsPhones } from './support/overflow';
import {
  chooseOption,
  createProfiledClient,
  horizontalOverflow,
  libraryOf,
  openToolPage,
} from './support/tools';

let app: E2eApp;
let uploads: string;
let gemini: FakeGemini;

/**
 * A stand-in for Gemini's `:generateContent` image replies: a square picture whatever the ratio asked
 * (so the browser's crop shows), a refusal for a prompt that says "refuse", and a reply held until the
 * test releases it for a prompt that says "held" (so the test sees what the page shows mid-loop).
 */
interface FakeGemini {
  readonly origin: string;
  readonly prompts: string[];
  release(): void;
  close(): Promise<void>;
}

async function startFakeGemini(square: Buffer): Promise<FakeGemini> {
  const prompts: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        contents?: { parts?: { text?: string }[] }[];
      };
      const prompt = body.contents?.[0]?.parts?.[0]?.text ?? '';
      prompts.push(prompt);
      if (prompt.includes('held')) await held;
      const parts = prompt.includes('refuse')
        ? [{ text: 'I cannot draw that scene.' }]
        : [{ inlineData: { mimeType: 'image/png', data: square.toString('base64') } }];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    prompts,
    release: () => release(),
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  // 600×600: red top band, blue middle, green bottom band; a 16:9 crop keeps 600×338 of the middle.
  const square = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#2364aa' } })
    .composite([
      { input: { create: { width: 600, height: 100, channels: 3, background: '#d62828' } }, top: 0, left: 0 },
      {
        input: { create: { width: 600, height: 100, channels: 3, background: '#2a9d3f' } },
        top: 500,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
  gemini = await startFakeGemini(square);
  app = await startE2eApp({ env: { GOOGLE_API_KEY: 'AIza-e2e', GOOGLE_BASE_URL: gemini.origin } });
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
  // A phone photo's size, as a file manager counts it (MiB): one under the spec's 5 MB, one over.
  writeFileSync(join(uploads, 'photo-4.9mb.png'), await pngOfSize(Math.round(4.9 * 1024 * 1024)));
  writeFileSync(join(uploads, 'photo-5.1mb.png'), await pngOfSize(Math.round(5.1 * 1024 * 1024)));
});

afterAll(async () => {
  await app?.stop();
  await gemini?.close();
});

async function downloadedBytes(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

const loadedSizes = (page: Page) =>
  page.locator('[data-testid="gallery-image"] img').evaluateAll((images) =>
    images
      .map((image) => image as unknown as { naturalWidth: number; naturalHeight: number })
      .filter((image) => image.naturalWidth > 0)
      .map((image) => `${image.naturalWidth}x${image.naturalHeight}`),
  );

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
    // The JSON profile the configuration came from is shown, raw_json included, and can be copied.
    const profile = page.getByTestId('image-profile');
    await expect.poll(() => profile.textContent()).toContain('Description');
    await profile.getByText('JSON profile').click();
    const shownJson = JSON.parse((await page.getByTestId('image-profile-json').textContent()) ?? '{}') as {
      description?: string;
      raw_json?: Record<string, unknown>;
    };
    expect(shownJson.description).toBe(await page.getByLabel('Prompt').first().inputValue());
    expect(Object.keys(shownJson.raw_json ?? {}).length).toBeGreaterThan(0);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await profile.getByRole('button', { name: 'Copy JSON' }).click();
    await expect
      .poll(async () => JSON.parse(String(await page.evaluate('navigator.clipboard.readText()'))))
      .toEqual(shownJson);
    await screenshot(page, 'image-generation-profile');

    await page.getByRole('button', { name: 'Add configuration' }).click();
    await page.getByLabel('Prompt').nth(1).fill('A lighthouse on a rocky coast');
    await page.getByLabel('Entities').nth(1).fill('lighthouse, boat');
    // Each configuration is a group named after its legend.
    await page.getByRole('group', { name: 'Image 2' }).getByLabel('Lighting', { exact: true }).click();
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

  it('shows each image and each failure as it arrives, and crops Gemini results to the ratio', async () => {
    const user = await createApiUser(app, 'images-gemini');
    const page = await openToolPage(app, user, '/image-generation', 'AI Image Generator');
    await page.setViewportSize({ width: 1440, height: 900 });
    await chooseOption(page, 'Model', 'Gemini 2.5 Flash Image');
    await chooseOption(page, 'Size', '16:9');
    await page.getByLabel('Prompt').first().fill('A harbour at dawn');
    await page.getByRole('button', { name: 'Add configuration' }).click();
    await page.getByLabel('Prompt').nth(1).fill('Please refuse this scene');
    await page.getByRole('button', { name: 'Add configuration' }).click();
    await page.getByLabel('Prompt').nth(2).fill('A second harbour, held back');

    await page.getByRole('button', { name: 'Generate Images' }).click();
    // The third configuration's reply is held: what the page shows now arrived while the loop runs.
    await expect
      .poll(() => gemini.prompts.some((prompt) => prompt.includes('held')), { timeout: 60_000 })
      .toBe(true);
    const gallery = page.getByTestId('gallery-image');
    await expect.poll(() => gallery.count(), { timeout: 30_000 }).toBe(1);
    await expectToast(page, 'Failed for: "Please refuse this scene');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Generating image' }).textContent())
      .toBe('Generating image 3 of 3');
    // Cropped in the browser from Gemini's square to 16:9 before it is shown.
    await expect.poll(() => loadedSizes(page), { timeout: 30_000 }).toEqual(['600x338']);
    await gallery.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'image-generation-arriving');

    gemini.release();
    await expect.poll(() => gallery.count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => loadedSizes(page), { timeout: 30_000 }).toEqual(['600x338', '600x338']);
    await expect.poll(() => page.getByRole('button', { name: 'Generate Images' }).isEnabled()).toBe(true);
    // The failure was told once, when it arrived, not again with the result.
    await expect
      .poll(() => page.locator('[data-sonner-toast]').filter({ hasText: 'Failed for:' }).count())
      .toBe(1);
    await screenshot(page, 'image-generation-gemini-result');

    const saved = await downloadedBytes(page, () =>
      gallery.nth(1).getByRole('button', { name: 'Download' }).click(),
    );
    expect(saved.name).toMatch(/^a-second-harbour.*\.png$/);
    const meta = await sharp(saved.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([600, 338]);
    // The middle of the square is kept: no red top band and no green bottom band in the file.
    const { data } = await sharp(saved.bytes).raw().toBuffer({ resolveWithObject: true });
    const channels = meta.channels ?? 3;
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 600 + x) * channels, (y * 600 + x) * channels + 3),
    ];
    expect(pixel(300, 0)).toEqual([0x23, 0x64, 0xaa]);
    expect(pixel(300, 337)).toEqual([0x23, 0x64, 0xaa]);
    expect(pageErrors(page)).toEqual([]);
  }, 240_000);

  it('analyses a 4.9 MB photo through the media bucket and refuses 5.1 MB with the spec’s message', async () => {
    const user = await createApiUser(app, 'images-large');
    const page = await openToolPage(app, user, '/image-generation', 'AI Image Generator');
    const upload = page.getByLabel('Upload an image to analyze');
    await upload.setInputFiles(join(uploads, 'photo-5.1mb.png'));
    await expectToast(page, 'Image size must be less than 5MB');
    await expect
      .poll(() => page.locator('#image-upload-error').textContent())
      .toBe('Image size must be less than 5MB');

    // Too large to send inline: the browser uploads it to the bucket, then names it by its key.
    const presigned = page.waitForResponse((response) => response.url().endsWith('/api/media/uploads'));
    const stored = page.waitForResponse(
      (response) => response.request().method() === 'POST' && !response.url().includes('/api/'),
    );
    const analyzed = page.waitForRequest((request) => request.url().endsWith('/api/analyze-image'));
    await upload.setInputFiles(join(uploads, 'photo-4.9mb.png'));
    expect((await presigned).status()).toBe(201);
    expect((await stored).status()).toBe(204);
    const body = (await analyzed).postDataJSON() as { image?: string; imageKey?: string };
    expect(body.image).toBeUndefined();
    expect(body.imageKey).toMatch(/^media\/.+\/upload\.png$/);
    await expectToast(page, 'Image analyzed');
    await expect.poll(() => page.locator('#image-upload-error').count()).toBe(0);
    await expect.poll(() => page.getByTestId('image-profile').textContent()).toContain('Description');
    await screenshot(page, 'image-generation-large-upload');
    expect(pageErrors(page)).toEqual([]);
  }, 90_000);

  it('keeps one configuration, refuses an empty prompt and fits a phone', async () => {
    const user = await createApiUser(app, 'images-phone');
    const page = await openToolPage(app, user, '/image-generation', 'AI Image Generator', { mobile: true });
    await expect.poll(() => page.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);
    // Chromium's own accessibility tree, which a screen reader reads, names the group by its legend.
    const cdp = await page.context().newCDPSession(page);
    const groupNames = async () => {
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      return nodes.filter((node) => node.role?.value === 'group').map((node) => String(node.name?.value));
    };
    await expect.poll(groupNames).toContain('Image 1');
    await page.getByRole('group', { name: 'Image 1' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'image-generation-config-phone');
    await page.getByLabel('Prompt').fill('  ');
    await page.getByRole('button', { name: 'Generate Images' }).click();
    await expectToast(page, 'Please enter at least one prompt for image generation');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'image-generation-phone');
    // The uploaded image's profile, its JSON open, fits the phone too.
    await page.getByLabel('Upload an image to analyze').setInputFiles(join(uploads, 'harbor.png'));
    await page.getByTestId('image-profile').getByText('JSON profile').click();
    await page.getByTestId('image-profile-json').waitFor();
    await expectFitsPhones(page, 'the image profile with its JSON open');
    await page.getByTestId('image-profile').scrollIntoViewIfNeeded();
    await screenshot(page, 'image-generation-profile-phone');
  }, 90_000);
});
