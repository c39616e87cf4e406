import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORTER_THAN_ASKED } from '#functions/tools/compose/draft-check';
import { platformLength, presetTarget, SOCIAL_PLATFORM_IDS, SOCIAL_PLATFORMS } from '#shared/platforms';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Social Content Generator and GBP Post Creator through the gateway, the job engine and both workers,
 * offline: one social job for all four platforms, a GBP post with its image, and resizing (both modes)
 * to the exact requested pixel size.
 */

let app: TestRuntime;
let user: TestUser;
let stranger: TestUser;
let admin: TestUser;
let clientId: string;

beforeAll(async () => {
  app = await startTestRuntime();
  [user, stranger, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: user.idToken,
    body: {
      name: 'Crumb & Co',
      company_name: 'Crumb and Co Bakery',
      city: 'Austin',
      phone: '(512) 555-0142',
    },
  });
  clientId = created.body.id;
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

async function runJob(path: string, body: Record<string, unknown>, token = user.idToken) {
  const started = await app.request<{ jobId: string }>('POST', path, { token, body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return waitForJob(app, token, started.body.jobId, undefined, 60_000);
}

async function imageAt(
  user: TestUser,
  url: string,
): Promise<{ width: number; height: number; format: string }> {
  const signed = await app.request<{ urls: { signedUrl: string }[] }>('POST', '/api/media/sign', {
    token: user.idToken,
    body: { urls: [url] },
  });
  expect(signed.status).toBe(200);
  const redirect = await fetch(`${app.url}${signed.body.urls[0]?.signedUrl ?? ''}`, { redirect: 'manual' });
  const file = await fetch(redirect.headers.get('location') ?? '');
  const bytes = new Uint8Array(await file.arrayBuffer());
  // An S3 error (XML) says why, where sharp would only say the format is unknown.
  expect(file.status, Buffer.from(bytes).toString('utf8').slice(0, 500)).toBe(200);
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? '' };
}

describe('Social Content Generator', () => {
  it('writes all four platforms in one job, each with its subject first and never over its target', async () => {
    const job = await runJob('/api/generate-social-content', {
      prompt:
        'Spring open house at the bakery on May 3. Details at https://example.com/open-house/spring-2026-details',
      platforms: [...SOCIAL_PLATFORM_IDS],
      tone: 'friendly',
      includeHashtags: true,
      includeCallToAction: true,
      contentLength: { facebook: 2, instagram: 3, linkedin: 4, twitter: 5 },
      customTargets: { linkedin: 640 },
      clientId,
    });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const result = job.result as {
      content: Record<string, string>;
      targets: Record<string, number>;
      onTopic: Record<string, boolean>;
      notice: string;
    };
    expect(Object.keys(result.content).sort()).toEqual([...SOCIAL_PLATFORM_IDS].sort());
    const expected = {
      facebook: presetTarget('facebook', 2),
      instagram: presetTarget('instagram', 3),
      linkedin: 640,
      twitter: 270,
    };
    for (const platform of SOCIAL_PLATFORM_IDS) {
      const post = result.content[platform] ?? '';
      expect(result.targets[platform]).toBe(expected[platform]);
      // Offline, a post grows only with what the brief gives
      // (docs/decisions.md, "Offline drafts: correct before they are long"): never past its target, the
      // subject first, and the notice says when a post stays short.
      expect(post.startsWith('Hi neighbors! Spring open house at the bakery on May 3.'), post).toBe(true);
      expect(platformLength(platform, post)).toBeLessThanOrEqual(expected[platform]);
      expect(platformLength(platform, post)).toBeLessThanOrEqual(SOCIAL_PLATFORMS[platform].maxLength);
      if (platformLength(platform, post) < expected[platform] - 10)
        expect(result.notice).toContain(SHORTER_THAN_ASKED);
      expect(result.onTopic[platform]).toBe(true);
      expect(post).toMatch(/#\w/u);
    }
  });

  it('makes a social image at a platform size and refuses a client the caller cannot see', async () => {
    const job = await runJob('/api/generate-social-image', {
      prompt: 'Fresh bread on a counter',
      dimensions: '1200x630',
    });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const imageUrl = String((job.result as { imageUrl: string }).imageUrl);
    expect(await imageAt(user, imageUrl)).toMatchObject({ width: 1200, height: 630, format: 'png' });
    const refused = await app.request('POST', '/api/generate-social-image', {
      token: stranger.idToken,
      body: { prompt: 'x', dimensions: '1080x1080', clientId },
    });
    expect(refused.status).toBe(404);
  });
});

describe('GBP Post Creator', () => {
  it('writes an offer post with title, dates and coupon, and its image', async () => {
    const post = await runJob('/api/generate-gbp-post', {
      prompt: '20% off all birthday cakes from June 1 to June 15. Use code CAKE20. Valid on orders over $30.',
      postType: 'offer',
      model: 'gpt-4o-mini',
      clientId,
    });
    expect(post.status, post.error ?? '').toBe('succeeded');
    const result = post.result as { generatedPost: string; title: string | null };
    expect(result.generatedPost.length).toBeLessThanOrEqual(1_500);
    expect(result.title).toBeTruthy();
    expect(result.generatedPost).toMatch(/Valid: June 1, \d{4} - June 15, \d{4}/u);
    expect(result.generatedPost).toContain('Coupon code: CAKE20');
    expect(result.generatedPost).toMatch(/Terms: Valid on orders over \$30\./u);

    const image = await runJob('/api/generate-gbp-image', {
      prompt: 'A birthday cake with candles',
      dimensions: '1536x1024',
      clientId,
    });
    expect(image.status, image.error ?? '').toBe('succeeded');
    const imageUrl = String((image.result as { imageUrl: string }).imageUrl);
    expect(imageUrl).toMatch(/^\/api\/media\//u);
    expect(await imageAt(user, imageUrl)).toMatchObject({ width: 1536, height: 1024 });
  });

  it('writes an event with a title and a date, and an update without one', async () => {
    const event = await runJob('/api/generate-gbp-post', {
      prompt: 'Cookie decorating class for kids',
      postType: 'event',
    });
    const eventPost = (event.result as { generatedPost: string }).generatedPost;
    expect(eventPost).toMatch(/^Title: .+\nDate: [A-Z][a-z]+ \d{1,2}, \d{4}/u);
    const update = await runJob('/api/generate-gbp-post', {
      prompt: 'We now open at 6 am on weekdays',
      postType: 'update',
    });
    const updatePost = update.result as { generatedPost: string; title: string | null };
    expect(updatePost.title).toBeNull();
    expect(updatePost.generatedPost).not.toMatch(/^Title:/mu);
  });

  it('asks for a prompt', async () => {
    const response = await app.request<{ error: { message: string } }>('POST', '/api/generate-gbp-post', {
      token: user.idToken,
      body: { prompt: '   ', postType: 'update' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Please enter a prompt for your GBP post');
  });
});

describe('resize-image', () => {
  it.each(['stretch', 'crop'] as const)(
    'gives exactly the requested pixels in %s mode, from a URL and from base64',
    async (mode) => {
      const image = await runJob('/api/generate-social-image', {
        prompt: 'A storefront',
        dimensions: '1080x1080',
      });
      const imageUrl = String((image.result as { imageUrl: string }).imageUrl);
      const fromUrl = await app.request<{ imageUrl: string; width: number; height: number }>(
        'POST',
        '/api/resize-image',
        {
          token: user.idToken,
          body: { image: imageUrl, width: 1200, height: 627, mode },
        },
      );
      expect(fromUrl.status, JSON.stringify(fromUrl.body)).toBe(200);
      expect(await imageAt(user, fromUrl.body.imageUrl)).toEqual({ width: 1200, height: 627, format: 'png' });

      const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const fromBase64 = await app.request<{ imageUrl: string }>('POST', '/api/resize-image', {
        token: user.idToken,
        body: { image: `data:image/jpeg;base64,${jpeg.toString('base64')}`, width: 101, height: 2048, mode },
      });
      expect(fromBase64.status).toBe(200);
      expect(await imageAt(user, fromBase64.body.imageUrl)).toEqual({
        width: 101,
        height: 2048,
        format: 'png',
      });

      // Another user's image is not theirs to resize.
      const foreign = await app.request('POST', '/api/resize-image', {
        token: stranger.idToken,
        body: { image: imageUrl, width: 200, height: 200, mode },
      });
      expect(foreign.status).toBe(404);
    },
  );

  it('refuses sizes outside 100-2048 and bytes that are not an image', async () => {
    const tooSmall = await app.request('POST', '/api/resize-image', {
      token: user.idToken,
      body: { image: 'aGVsbG8=', width: 99, height: 200 },
    });
    expect(tooSmall.status).toBe(400);
    const notImage = await app.request<{ error: { message: string } }>('POST', '/api/resize-image', {
      token: user.idToken,
      body: { image: 'aGVsbG8=', width: 200, height: 200 },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error.message).toBe('Failed to resize image');
  });
});

describe('activities', () => {
  it('records the four actions of 001 §3 for these tools', async () => {
    const feed = await app.request<{ activities: { action: string; user_email: string }[] }>(
      'GET',
      '/api/activities',
      {
        token: admin.idToken,
      },
    );
    expect(feed.status).toBe(200);
    const actions = new Set(
      feed.body.activities.filter((row) => row.user_email === user.email).map((row) => row.action),
    );
    for (const action of [
      'social_content_generation',
      'social_image_generation',
      'gbp_post_generation',
      'gbp_image_generation',
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
  });
});
