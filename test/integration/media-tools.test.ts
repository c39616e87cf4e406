import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMimeType } from '#functions/providers/media-bytes';
import { summarizeMp3 } from '#functions/providers/mp3-frames';
import { collectEvents, waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The media tools through the job engine and the media worker, offline: images and podcast audio are
 * written to the media bucket, results carry /api/media paths, and only the owner (or someone who can
 * see the client they were saved to) can get a signed URL for them.
 */

let app: TestRuntime;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, stranger] = await Promise.all([app.createUser(), app.createUser()]);
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

interface ImageResult {
  images: {
    url: string;
    prompt: string;
    configId: string;
    width: number;
    height: number;
    entities: string[];
  }[];
  failures: { configId: string; error: string }[];
  provider: string;
}

async function sign(user: TestUser, urls: string[], clientId?: string) {
  return app.request<{ urls: { url: string; signedUrl: string }[] }>('POST', '/api/media/sign', {
    token: user.idToken,
    body: { urls, ...(clientId ? { clientId } : {}) },
  });
}

async function fetchSigned(signedUrl: string): Promise<Uint8Array> {
  const redirect = await fetch(`${app.url}${signedUrl}`, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const location = redirect.headers.get('location') ?? '';
  const file = await fetch(location);
  expect(file.status).toBe(200);
  return new Uint8Array(await file.arrayBuffer());
}

describe('AI Image Generator', () => {
  it('renders each configuration offline into the media bucket, fetchable by the owner only', async () => {
    const socket = await collectEvents(app, owner.idToken);
    const started = await app.request<{ jobId: string }>('POST', '/api/generate-image', {
      token: owner.idToken,
      body: {
        configs: [
          {
            id: 'a',
            prompt: 'A red barn at golden hour',
            entities: 'barn, tractor',
            lighting: 'golden hour',
          },
          { id: 'b', prompt: 'Night skyline', entities: 'tower', lighting: 'night', style: 'retro' },
        ],
        model: 'gpt-image-1',
        size: '1536x1024',
        outputFormat: 'jpeg',
        numberOfImages: 1,
        saveToClient: false,
      },
    });
    expect(started.status).toBe(202);
    const job = await waitForJob(app, owner.idToken, started.body.jobId, undefined, 60_000);
    expect(job.status).toBe('succeeded');
    const result = job.result as unknown as ImageResult;
    expect(result.provider).toBe('offline');
    expect(result.failures).toEqual([]);
    expect(result.images.map((image) => image.configId)).toEqual(['a', 'b']);
    // Each configuration's images are pushed as soon as it is done (001 §4), before the result.
    const pushed = () =>
      socket.events
        .filter((event) => event.type === 'job.progress' && event.jobId === started.body.jobId && event.text)
        .map((event) =>
          (JSON.parse(event.text ?? '{}') as ImageResult).images.map((image) => image.configId),
        );
    await expect.poll(pushed).toEqual([['a'], ['a', 'b']]);
    socket.close();
    expect(result.images[0]).toMatchObject({ width: 1536, height: 1024, entities: ['barn', 'tractor'] });
    const urls = result.images.map((image) => image.url);
    for (const url of urls)
      expect(url).toMatch(new RegExp(`^/api/media/${owner.userId}/${started.body.jobId}/`));

    const signed = await sign(owner, urls);
    expect(signed.status).toBe(200);
    const bytes = await fetchSigned(signed.body.urls[0]?.signedUrl ?? '');
    expect(imageMimeType(bytes)).toBe('image/jpeg');

    // Another user can neither sign the owner's media nor fetch it without a token.
    expect((await sign(stranger, urls)).status).toBe(404);
    expect((await fetch(`${app.url}${urls[0]}`, { redirect: 'manual' })).status).toBe(401);
    // A token is bound to its file.
    const other = signed.body.urls[1]?.signedUrl ?? '';
    const moved = `${urls[0]}?${other.split('?')[1]}`;
    expect((await fetch(`${app.url}${moved}`, { redirect: 'manual' })).status).toBe(401);
  }, 90_000);

  it('validates the model tables on the server', async () => {
    const tooMany = await app.request('POST', '/api/generate-image', {
      token: owner.idToken,
      body: { prompt: 'A cat', model: 'dall-e-3', numberOfImages: 2, outputFormat: 'png' },
    });
    expect(tooMany.status).toBe(400);
    const webp = await app.request('POST', '/api/generate-image', {
      token: owner.idToken,
      body: { prompt: 'A cat', model: 'dall-e-2', outputFormat: 'webp' },
    });
    expect(webp.status).toBe(400);
    const empty = await app.request('POST', '/api/generate-image', {
      token: owner.idToken,
      body: { configs: [{ id: 'x', prompt: '  ' }] },
    });
    expect(empty.body.error?.message).toBe('Please enter at least one prompt for image generation');
  });

  it('saves to a client: the library item lists the images and a granted user may sign them', async () => {
    const client = await app.request<{ id: string }>('POST', '/api/clients', {
      token: owner.idToken,
      body: {
        name: 'Harbor Bakery',
        company_name: 'Harbor Bakery LLC',
        email: 'hi@harbor.example',
        website: 'https://harbor.example',
      },
    });
    const started = await app.request<{ jobId: string }>('POST', '/api/generate-image', {
      token: owner.idToken,
      body: { prompt: 'Fresh bread on a table', clientId: client.body.id, saveToClient: true },
    });
    const job = await waitForJob(app, owner.idToken, started.body.jobId, undefined, 60_000);
    expect(job.status).toBe('succeeded');
    const item = await app.request<{ content_type: string; metadata: Record<string, unknown> }>(
      'GET',
      `/api/clients/${client.body.id}/content/${job.savedContentId}`,
      { token: owner.idToken },
    );
    expect(item.body.content_type).toBe('client_content');
    const images = item.body.metadata.images as { url: string; prompt: string }[];
    expect(images).toHaveLength(1);
    expect(item.body.metadata).toMatchObject({
      model: 'gpt-image-1',
      size: 'auto',
      quality: 'auto',
      imageCount: 1,
    });

    const url = images[0]?.url ?? '';
    expect((await sign(stranger, [url], client.body.id)).status).toBe(404);
    const grant = await app.request('POST', `/api/clients/${client.body.id}/access`, {
      token: owner.idToken,
      body: { email: stranger.email },
    });
    expect(grant.status).toBeLessThan(300);
    const signed = await sign(stranger, [url], client.body.id);
    expect(signed.status).toBe(200);
    expect(imageMimeType(await fetchSigned(signed.body.urls[0]?.signedUrl ?? ''))).toBe('image/png');
  }, 90_000);
});

describe('Create Podcast', () => {
  it('speaks a conversation with two voices into one MP3 of the expected length', async () => {
    const text = [
      'Host: Welcome to the neighborhood roofing show. Today we talk about spring inspections.',
      'Guest: Thanks for having me. Spring is the best time to look for winter damage.',
      'Host: What should homeowners check first?',
      'Guest: Gutters, flashing and any shingles that have lifted or cracked.',
    ].join('\n');
    const started = await app.request<{ jobId: string }>('POST', '/api/text-to-speech', {
      token: owner.idToken,
      body: { text, voice: 'alloy', guestVoice: 'coral', format: 'conversation' },
    });
    expect(started.status).toBe(202);
    const job = await waitForJob(app, owner.idToken, started.body.jobId, undefined, 120_000);
    expect(job.status).toBe('succeeded');
    const result = job.result as {
      audioUrl: string;
      durationSeconds: number;
      bytes: number;
      segments: number;
    };
    expect(result.segments).toBe(4);
    const signed = await sign(owner, [result.audioUrl]);
    const audio = await fetchSigned(signed.body.urls[0]?.signedUrl ?? '');
    expect(audio.byteLength).toBe(result.bytes);
    const mp3 = summarizeMp3(audio);
    expect(mp3.frames).toBeGreaterThan(100);
    expect(Math.abs(mp3.durationSeconds - result.durationSeconds)).toBeLessThan(0.5);
    // About 50 words at 145-180 words a minute, plus the pauses between turns.
    expect(result.durationSeconds).toBeGreaterThan(12);
    expect(result.durationSeconds).toBeLessThan(30);
  }, 150_000);

  it('refuses an empty script with the spec message', async () => {
    const reply = await app.request('POST', '/api/text-to-speech', {
      token: owner.idToken,
      body: { text: '   ' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toBe('Please enter some text to convert to speech');
  });
});

describe('fetch-content and analyze-image', () => {
  it('refuses private addresses', async () => {
    const reply = await app.request('POST', '/api/fetch-content', {
      token: owner.idToken,
      body: { url: `${app.url}/api/health` },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('unsafe_url');
    const empty = await app.request('POST', '/api/fetch-content', {
      token: owner.idToken,
      body: { url: '' },
    });
    expect(empty.body.error?.message).toBe('Please enter a URL to import content from');
  });

  it('profiles an uploaded image and refuses a file that is not one', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2364aa' } })
      .png()
      .toBuffer();
    const reply = await app.request<{
      description: string;
      keywords: string[];
      entities: string[];
      style: string;
      raw_json: Record<string, unknown>;
    }>('POST', '/api/analyze-image', {
      token: owner.idToken,
      body: { image: png.toString('base64'), format: 'json' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.description).toContain('landscape');
    expect(reply.body.keywords).toContain('blue');
    expect(reply.body.raw_json).toMatchObject({ width: 300, height: 200 });
    const text = await app.request('POST', '/api/analyze-image', {
      token: owner.idToken,
      body: { image: Buffer.from('not an image').toString('base64') },
    });
    expect(text.body.error?.message).toBe('Please upload a valid image file');
  });
});
