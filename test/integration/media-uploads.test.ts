import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_IMAGE_SOURCES, type CreateUploadResponse, UPLOAD_NOT_FOUND } from '#shared/media-upload';
import type { ImageAnalysis, ResizeImageResult } from '#shared/tool-results';
import { imageTransport, uploadProblem } from '#shared/tools/image-analysis';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from '#shared/tools/image-generation';
import { pngOfSize } from '#test/support/sized-png';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Images past what a JSON body can carry go straight to the media bucket (shared/media-upload.ts): a
 * presigned POST whose policy holds them under 5 MB, then the image tools by `imageKey`. The local S3
 * judges the policy as S3 does (local/emulators/s3-post-upload.ts).
 */

let app: TestRuntime;
let owner: TestUser;
let other: TestUser;
let apiKey: string;

async function postToS3(upload: CreateUploadResponse, file: Buffer, type: string): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type }), 'photo.png');
  return fetch(upload.url, { method: 'POST', body: form });
}

beforeAll(async () => {
  app = await startTestRuntime();
  owner = await app.createUser();
  other = await app.createUser();
  const created = await app.request<{ key: string }>('POST', '/api/api-keys', {
    token: owner.idToken,
    body: { name: 'Uploads' },
  });
  apiKey = created.body.key;
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

describe('POST /api/media/uploads', () => {
  it('takes a 4.9 MB photo that the inline form cannot, and the tools read it by its key', async () => {
    // 4.9 MB as a file manager counts it (MiB), under the spec's 5 MB as MAX_UPLOAD_BYTES counts it.
    const photo = await pngOfSize(Math.round(4.9 * 1024 * 1024));
    expect(photo.length).toBe(5_138_022);
    // The browser's choice: under the spec's bound, too large to send inline.
    expect(uploadProblem({ type: 'image/png', size: photo.length })).toBeNull();
    expect(imageTransport(photo.length)).toBe('upload');

    const upload = await app.request<CreateUploadResponse>('POST', '/api/media/uploads', {
      token: apiKey,
      body: { contentType: 'image/png', size: photo.length },
    });
    expect(upload.status).toBe(201);
    expect(upload.body.key).toMatch(new RegExp(`^media/${owner.userId}/[0-9A-Z]{26}/upload\\.png$`));
    expect(Date.parse(upload.body.expiresAt)).toBeGreaterThan(Date.now());
    const stored = await postToS3(upload.body, photo, 'image/png');
    expect(stored.status, await stored.clone().text()).toBe(204);

    const analysis = await app.request<ImageAnalysis>('POST', '/api/analyze-image', {
      token: apiKey,
      body: { imageKey: upload.body.key, format: 'json' },
    });
    expect(analysis.status).toBe(200);
    expect(analysis.body.raw_json).toMatchObject({ analyzer: 'offline', width: expect.any(Number) });

    const resized = await app.request<ResizeImageResult>('POST', '/api/resize-image', {
      token: owner.idToken,
      body: { imageKey: upload.body.key, width: 320, height: 200 },
    });
    expect(resized.status).toBe(200);
    expect(resized.body).toMatchObject({ width: 320, height: 200 });

    // Another user's upload is as unknown to the tools as one that never was.
    const foreign = await app.request('POST', '/api/analyze-image', {
      token: other.idToken,
      body: { imageKey: upload.body.key },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.message).toBe(UPLOAD_NOT_FOUND);
  }, 60_000);

  it('refuses 5.1 MB with the spec’s message, and S3 refuses a file larger than its declared size', async () => {
    // 5.1 MB as a file manager counts it (MiB), as the spec's 5 MB is counted (MAX_UPLOAD_BYTES).
    const tooLarge = Math.round(5.1 * 1024 * 1024);
    expect(tooLarge).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(uploadProblem({ type: 'image/png', size: tooLarge })).toBe(IMAGE_MESSAGES.fileTooLarge);
    const refused = await app.request('POST', '/api/media/uploads', {
      token: apiKey,
      body: { contentType: 'image/png', size: tooLarge },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(IMAGE_MESSAGES.fileTooLarge);
    const notAnImage = await app.request('POST', '/api/media/uploads', {
      token: apiKey,
      body: { contentType: 'application/pdf', size: 1000 },
    });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.error?.message).toBe(IMAGE_MESSAGES.invalidFile);

    // A caller that declares 4.9 MB and sends 5.1 MB meets the policy's content-length-range.
    const declared = await app.request<CreateUploadResponse>('POST', '/api/media/uploads', {
      token: apiKey,
      body: { contentType: 'image/png', size: 5_138_022 },
    });
    const oversized = await postToS3(declared.body, await pngOfSize(tooLarge), 'image/png');
    expect(oversized.status).toBe(400);
    expect(await oversized.text()).toContain('<Code>EntityTooLarge</Code>');
    const missing = await app.request('POST', '/api/analyze-image', {
      token: apiKey,
      body: { imageKey: declared.body.key },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(UPLOAD_NOT_FOUND);
  }, 60_000);

  it('holds an upload to its declared type and key, as the policy says', async () => {
    const upload = await app.request<CreateUploadResponse>('POST', '/api/media/uploads', {
      token: apiKey,
      body: { contentType: 'image/jpeg', size: 2000 },
    });
    const small = await pngOfSize(2000);
    const otherType = await postToS3(
      { ...upload.body, fields: { ...upload.body.fields, 'Content-Type': 'text/html' } },
      small,
      'text/html',
    );
    expect(otherType.status).toBe(403);
    expect(await otherType.text()).toContain('Policy Condition failed');
    const otherKey = await postToS3(
      { ...upload.body, fields: { ...upload.body.fields, key: `media/${other.userId}/x/upload.jpeg` } },
      small,
      'image/jpeg',
    );
    expect(otherKey.status).toBe(403);
  }, 30_000);

  it('takes exactly one of image and imageKey', async () => {
    const both = await app.request('POST', '/api/analyze-image', {
      token: apiKey,
      body: { image: 'iVBORw0KGgo=', imageKey: 'media/x/y/upload.png' },
    });
    expect(both.status).toBe(400);
    expect(both.body.error?.message).toBe(BOTH_IMAGE_SOURCES);
    const neither = await app.request('POST', '/api/resize-image', {
      token: apiKey,
      body: { width: 100, height: 100 },
    });
    expect(neither.status).toBe(400);
    expect(neither.body.error?.message).toBe(IMAGE_MESSAGES.invalidFile);
  });
});
