import { GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envNames } from '#contract/routes';
import { MEDIA_LIFECYCLE_RULES } from '#infra/media-storage';
import { mediaKey, parseMediaPath, UNSAVED_MEDIA_DAYS } from '#shared/media';
import { waitForJob } from '#test/support/job-events';
import { expirationDays } from '#test/support/s3-lifecycle';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Saved media outlives job media": saved media outlives job media. The bucket's lifecycle
 * rules (infra/media-storage.ts) are run on the tags stored with each file (written by putMedia, kept by the
 * local S3 as AWS keeps them): a file no library item keeps expires with its job, and a file saved to a
 * client (Save to Client after the job, a library edit, or saveToClient in the request) is never expired.
 */

let app: TestRuntime;
let owner: TestUser;
let colleague: TestUser;
let s3: S3Client;
let clientId: string;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, colleague] = await Promise.all([app.createUser(), app.createUser()]);
  s3 = new S3Client({
    endpoint: app.runtime.endpoints.s3,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: app.runtime.credentials,
  });
  const client = await app.request<{ id: string }>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Harbor Bakery' },
  });
  clientId = client.body.id;
}, 60_000);

afterAll(async () => {
  s3?.destroy();
  await app?.stop();
});

/** What the lifecycle would do to the file behind a media path, from the tags stored with it. */
async function lifecycleOf(path: string): Promise<number | null> {
  const location = parseMediaPath(path);
  if (!location) throw new Error(`not a media path: ${path}`);
  const key = mediaKey(location);
  const { TagSet = [] } = await s3.send(
    new GetObjectTaggingCommand({ Bucket: process.env[envNames.mediaBucket], Key: key }),
  );
  const tags = Object.fromEntries(TagSet.map((tag) => [tag.Key ?? '', tag.Value ?? '']));
  return expirationDays(MEDIA_LIFECYCLE_RULES, key, tags);
}

async function generatedImage(user: TestUser, extra: Record<string, unknown> = {}): Promise<string> {
  const started = await app.request<{ jobId: string }>('POST', '/api/generate-image', {
    token: user.idToken,
    body: { configs: [{ id: 'a', prompt: 'Fresh bread on a harbor pier' }], model: 'gpt-image-1', ...extra },
  });
  expect(started.status).toBe(202);
  const job = await waitForJob(app, user.idToken, started.body.jobId, undefined, 60_000);
  expect(job.status).toBe('succeeded');
  const [image] = (job.result as { images: { url: string }[] }).images;
  if (!image) throw new Error('no image');
  return image.url;
}

describe('media kept by a library item', () => {
  it('expires a job’s image that nothing saved, and keeps it once Save to Client names it', async () => {
    const image = await generatedImage(owner);
    expect(await lifecycleOf(image)).toBe(UNSAVED_MEDIA_DAYS);

    // Save to Client, as the page sends it after the job: the image in the HTML and the metadata.
    const saved = await app.request('POST', `/api/clients/${clientId}/content`, {
      token: owner.idToken,
      body: {
        title: 'Image - saved by hand',
        content: 'Fresh bread on a harbor pier',
        html_content: `<p><img src="${image}" alt="Fresh bread"></p>`,
        content_type: 'image',
        metadata: { imageUrls: [image] },
      },
    });
    expect(saved.status).toBe(201);
    expect(await lifecycleOf(image)).toBeNull();
  }, 120_000);

  it('keeps a podcast once a library item names it', async () => {
    const started = await app.request<{ jobId: string }>('POST', '/api/text-to-speech', {
      token: owner.idToken,
      body: { text: 'Welcome to the Harbor Bakery podcast.', voice: 'alloy' },
    });
    const job = await waitForJob(app, owner.idToken, started.body.jobId, undefined, 120_000);
    expect(job.status).toBe('succeeded');
    const { audioUrl } = job.result as { audioUrl: string };
    expect(await lifecycleOf(audioUrl)).toBe(UNSAVED_MEDIA_DAYS);
    const saved = await app.request('POST', `/api/clients/${clientId}/content`, {
      token: owner.idToken,
      body: {
        title: 'Podcast - Harbor Bakery',
        content: 'Welcome to the Harbor Bakery podcast.',
        html_content: `<audio controls src="${audioUrl}"></audio>`,
        content_type: 'client_content',
        metadata: { audioUrl },
      },
    });
    expect(saved.status).toBe(201);
    expect(await lifecycleOf(audioUrl)).toBeNull();
  }, 150_000);

  it('keeps an image saved to a client by its own request (saveToClient)', async () => {
    const image = await generatedImage(owner, { clientId, saveToClient: true });
    expect(await lifecycleOf(image)).toBeNull();
  }, 120_000);

  it('keeps media a library edit names, and never a colleague’s file pasted into one’s own item', async () => {
    const [mine, theirs] = await Promise.all([generatedImage(owner), generatedImage(colleague)]);
    const created = await app.request<{ id: string }>('POST', `/api/clients/${clientId}/content`, {
      token: owner.idToken,
      body: { title: 'Notes', content: 'Notes', html_content: '<p>Notes</p>', content_type: 'image' },
    });
    const edited = await app.request('PUT', `/api/clients/${clientId}/content/${created.body.id}`, {
      token: owner.idToken,
      body: {
        title: 'Notes',
        content: 'Notes',
        html_content: `<p><img src="${mine}"><img src="${theirs}"></p>`,
      },
    });
    expect(edited.status).toBe(200);
    expect(await lifecycleOf(mine)).toBeNull();
    expect(await lifecycleOf(theirs)).toBe(UNSAVED_MEDIA_DAYS);
  }, 150_000);
});
