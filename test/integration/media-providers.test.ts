import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiServer,
  openAiErrorBody,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The media tools with a provider key: the image and speech adapters run through the media worker
 * against the fake OpenAI server. One configuration out of three is refused (the loop goes on), and a
 * 429 with retry-after is waited out and retried.
 */

let app: TestRuntime;
let user: TestUser;
let openai: FakeOpenAiServer;
let picture: Buffer;

beforeAll(async () => {
  picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff8800' } })
    .png()
    .toBuffer();
  openai = await startFakeOpenAiServer({
    image: new Uint8Array(picture),
    replies: [
      // Requests in order: three images (the second refused), then speech (rate limited once).
      { kind: 'stream' },
      {
        kind: 'error',
        status: 400,
        body: openAiErrorBody('Your request was rejected by the safety system.', 'invalid_request_error'),
      },
      { kind: 'stream' },
      {
        kind: 'error',
        status: 429,
        body: openAiErrorBody('Rate limit reached', 'requests', 'rate_limit_exceeded'),
        headers: { 'retry-after': '0' },
      },
      // Request 4 is the retried speech (default reply); request 5 the vision analysis.
      { kind: 'stream' },
      {
        kind: 'stream',
        chunks: [
          '{"description":"A harbor at dusk.","entities":["boat","pier"],"keywords":["calm"],"style":"cinematic"}',
        ],
      },
    ],
  });
  app = await startTestRuntime({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl } });
  user = await app.createUser();
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await openai?.close();
});

describe('media tools through the provider adapters', () => {
  it('three configurations with one refused: two images and one failure, in order', async () => {
    const started = await app.request<{ jobId: string }>('POST', '/api/generate-image', {
      token: user.idToken,
      body: {
        configs: [
          { id: 'one', prompt: 'A lighthouse', style: 'cinematic' },
          { id: 'two', prompt: 'Something the filter refuses' },
          { id: 'three', prompt: 'A harbor at night', lighting: 'night' },
        ],
        model: 'gpt-image-1',
        outputFormat: 'png',
      },
    });
    const job = await waitForJob(app, user.idToken, started.body.jobId, undefined, 60_000);
    expect(job.status).toBe('succeeded');
    const result = job.result as {
      images: { configId: string; width: number; height: number; prompt: string }[];
      failures: { configId: string; prompt: string; error: string }[];
      provider: string;
    };
    expect(result.provider).toBe('openai');
    expect(result.images.map((image) => [image.configId, image.width, image.height])).toEqual([
      ['one', 64, 48],
      ['three', 64, 48],
    ]);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ configId: 'two', prompt: 'Something the filter refuses.' });
    expect(result.failures[0]?.error).toMatch(/rejected|refused|request/i);
    const bodies = openai.requests
      .filter((request) => request.url.startsWith('/v1/images'))
      .map((request) => request.body);
    expect(bodies[0]).toMatchObject({
      model: 'gpt-image-2',
      prompt: 'A lighthouse. Style: cinematic.',
      n: 1,
    });
  }, 90_000);

  it('speech waits out a 429 with retry-after, then succeeds', async () => {
    const started = await app.request<{ jobId: string }>('POST', '/api/text-to-speech', {
      token: user.idToken,
      body: { text: 'Hello and welcome to the show.', voice: 'sage', includeAudioContent: true },
    });
    const job = await waitForJob(app, user.idToken, started.body.jobId, undefined, 60_000);
    expect(job.status).toBe('succeeded');
    const result = job.result as { audioUrl: string; bytes: number; audioContent: string; provider: string };
    expect(result.provider).toBe('openai');
    expect(Buffer.from(result.audioContent, 'base64').byteLength).toBe(result.bytes);
    const speech = openai.requests.filter((request) => request.url.startsWith('/v1/audio/speech'));
    expect(speech).toHaveLength(2);
    expect(speech[1]?.body).toMatchObject({ voice: 'sage', input: 'Hello and welcome to the show.' });
  }, 90_000);

  it('analyses an upload with the vision model when an OpenAI key is configured', async () => {
    const reply = await app.request<{
      description: string;
      entities: string[];
      style: string;
      raw_json: Record<string, unknown>;
    }>('POST', '/api/analyze-image', {
      token: user.idToken,
      body: { image: Buffer.from(picture).toString('base64'), format: 'json' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      description: 'A harbor at dusk.',
      entities: ['boat', 'pier'],
      style: 'cinematic',
    });
    expect(reply.body.raw_json.analyzer).toBe('openai');
    const vision = openai.requests.filter((request) => request.url.startsWith('/v1/chat/completions')).at(-1);
    expect(JSON.stringify(vision?.body)).toContain('data:image/png;base64,');
  });
});
