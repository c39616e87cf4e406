import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes } from '#contract/routes';
import { buildOpenApiDocument } from '#functions/openapi/build-openapi';
import type { CreatedApiKey } from '#shared/api-keys';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The public API of 001 §7 as an integrator sees it: a fresh key, the generation endpoints' 202 and
 * `Prefer: wait` replies, polling, the OpenAPI document, and the documentation's two example programs
 * run for real (Node for the JavaScript, python3 for the Python).
 */

const run = promisify(execFile);
const examples = new URL('../../frontend/src/features/documentation/examples/', import.meta.url);

let app: TestRuntime;
let user: TestUser;
let key: string;

interface Accepted {
  jobId: string;
  statusUrl: string;
}
interface JobReply extends Accepted {
  id: string;
  status: string;
  result: Record<string, unknown> | null;
}

beforeAll(async () => {
  app = await startTestRuntime();
  user = await app.createUser();
  const created = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
    token: user.idToken,
    body: { name: 'Public API test' },
  });
  key = created.body.key;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function poll(statusUrl: string): Promise<JobReply> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const { body } = await app.request<JobReply>('GET', statusUrl, { token: key });
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${statusUrl} did not finish`);
}

describe('the public API', () => {
  it('serves its OpenAPI document without credentials', async () => {
    const response = await app.request('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    // Its contact is the Documentation page of the origin it was asked from.
    expect(response.body).toEqual(buildOpenApiDocument(undefined, { origin: new URL(app.url).origin }));
  });

  it('answers a generation with 202 {jobId, statusUrl}, and the status URL serves the result', async () => {
    const response = await app.request<Accepted>('POST', '/api/generate-newsletter', {
      token: key,
      body: { topic: 'Winter driving tips', model: 'gpt-4o-mini', includeHeader: false },
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      jobId: expect.any(String),
      statusUrl: `/api/jobs/${response.body.jobId}`,
    });
    expect(response.headers.get('location')).toBe(response.body.statusUrl);
    const job = await poll(response.body.statusUrl);
    expect(job.status).toBe('succeeded');
    expect(job.result).toMatchObject({
      generatedHtml: expect.stringContaining('<'),
      wordCount: expect.any(Number),
    });
  });

  it('answers 200 with the finished job under Prefer: wait', async () => {
    const response = await app.request<JobReply>('POST', '/api/generate-newsletter', {
      token: key,
      body: { topic: 'Spring cleaning', model: 'gpt-4o-mini' },
      headers: { prefer: 'wait=20' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('preference-applied')).toBe('wait=20');
    expect(response.body).toMatchObject({
      id: response.body.jobId,
      statusUrl: `/api/jobs/${response.body.jobId}`,
      status: 'succeeded',
      result: { generatedHtml: expect.any(String) },
    });
  });

  it('accepts the public names: /generate-content and rewrite-blog’s prompt', async () => {
    const content = await app.request<Accepted>('POST', '/api/generate-content', {
      token: key,
      body: { clientUrl: 'https://client.example', topic: 'Roof repair', model: 'gpt-4o-mini' },
    });
    expect(content.status).toBe(202);
    expect(content.body.statusUrl).toBe(`/api/jobs/${content.body.jobId}`);
    const missing = await app.request('POST', '/api/generate-content', { token: key, body: { topic: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe("Please enter the client's website URL.");
    const notUrl = await app.request('POST', '/api/rewrite-blog', {
      token: key,
      body: { prompt: 'not a url' },
    });
    expect(notUrl.status).toBe(400);
  });

  const served = (path: string) => httpRoutes.some((route) => route.path === path);

  it.runIf(served('/api/generate-image'))(
    'waits for an image under Prefer: wait',
    async () => {
      const response = await app.request<JobReply>('POST', '/api/generate-image', {
        token: key,
        body: { prompt: 'A lighthouse at dusk', model: 'gpt-image-1', size: '1024x1024', quality: 'high' },
        headers: { prefer: 'wait=25' },
      });
      expect(response.status).toBe(200);
      expect(response.body.result).toMatchObject({ images: [{ url: expect.any(String) }] });
    },
    60_000,
  );

  it.runIf(served('/api/text-to-speech'))(
    'answers text-to-speech with 202 and a status URL',
    async () => {
      const response = await app.request<Accepted>('POST', '/api/text-to-speech', {
        token: key,
        body: { text: 'Welcome to the show.', voice: 'alloy' },
      });
      expect(response.status).toBe(202);
      const job = await poll(response.body.statusUrl);
      expect(job.result).toMatchObject({ audioUrl: expect.any(String) });
    },
    60_000,
  );

  it.each([
    ['JavaScript', process.execPath, 'lbm-api-example.mjs'],
    ['Python', 'python3', 'lbm_api_example.py'],
  ])(
    'runs the %s example against the app with a fresh key',
    async (_language, command, file) => {
      // In a folder of its own: the example downloads the image and the MP3 into the current folder.
      const folder = mkdtempSync(join(tmpdir(), 'lbm-example-'));
      const { stdout } = await run(command, [fileURLToPath(new URL(file, examples))], {
        cwd: folder,
        env: { ...process.env, LBM_API_URL: app.url, LBM_API_KEY: key },
        timeout: 90_000,
      });
      expect(stdout).toMatch(/^Created client [0-9A-Z]{26} \(Example Plumbing\)$/m);
      expect(stdout).toMatch(/^Newsletter ready: \d+ words$/m);
      expect(stdout).toMatch(/^Job [0-9A-Z]{26} queued$/m);
      expect(stdout).toMatch(/^Polled job finished: \d+ words$/m);
      const image = /^Image saved as (\S+)$/m.exec(stdout)?.[1] ?? '';
      const audio = /^MP3 saved as (\S+) \([\d.]+ s\)$/m.exec(stdout)?.[1] ?? '';
      // The files themselves: a PNG by its signature, an MP3 by its ID3 tag or first frame's sync.
      expect(readFileSync(join(folder, image)).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      const mp3 = readFileSync(join(folder, audio));
      expect(mp3.length).toBeGreaterThan(1_000);
      expect(
        mp3.subarray(0, 3).toString('latin1') === 'ID3' ||
          (mp3[0] === 0xff && ((mp3[1] ?? 0) & 0xe0) === 0xe0),
      ).toBe(true);
    },
    120_000,
  );
});
