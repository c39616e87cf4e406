import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import type { CreatedApiKey } from '#shared/api-keys';
import { MAX_PREFER_WAIT_SECONDS } from '#shared/public-api';
import { type ContractCheck, openApiContract } from '#test/support/openapi-contract';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Issue 30 item 2: every reply of every route of the public API, for every status it answers here
 * (200, 201, 202, 302, 400, 401, 404, 413, 429), is checked against the OpenAPI document the app serves,
 * with ajv, as a strict generated client would check it: through the real gateway, once with an API
 * key and once with a sign-in token. A handler that adds or renames a field without the document
 * following fails here (the documented objects allow no other properties).
 */

const RATE_LIMIT = 400;

let app: TestRuntime;
let user: TestUser;
let key: string;
let site: LocalHttpServer;
let contract: ContractCheck;
/** Every (method path status) checked, to prove each operation's replies were all seen. */
const seen = new Set<string>();

const ARTICLE = `<!doctype html><html><head><title>Fixing a dripping tap</title></head><body><article>
<h1>Fixing a dripping tap</h1>
${Array.from({ length: 8 }, (_, index) => `<p>Step ${index + 1}: turn off the water under the sink, take the handle off, change the worn washer and put the handle back; a dripping tap wastes thousands of litres a year, and the fix takes twenty minutes with a spanner.</p>`).join('\n')}
</article></body></html>`;

beforeAll(async () => {
  site = await startLocalHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
  });
  app = await startTestRuntime({
    env: { FETCH_ALLOW_HOSTS: site.hostPort, API_KEY_RATE_LIMIT: String(RATE_LIMIT) },
  });
  user = await app.createUser();
  const created = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
    token: user.idToken,
    body: { name: 'Contract' },
  });
  key = created.body.key;
  const document = await app.request('GET', '/api/openapi.json');
  contract = openApiContract(document.body as Record<string, unknown>);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await site?.close();
});

interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Sends a request as an integrator would and checks the reply against the document. */
async function call(
  method: string,
  documentedPath: string,
  options: {
    path?: string;
    credential?: string | null;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Reply> {
  const path = options.path ?? documentedPath;
  const credential = options.credential === undefined ? key : options.credential;
  const rawBody = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${app.url}/api${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(credential ? { authorization: `Bearer ${credential}` } : {}),
      ...(rawBody === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: rawBody,
  });
  const text = await response.text();
  const body = text === '' ? undefined : (JSON.parse(text) as unknown);
  const errors = contract.reply(method, documentedPath, response.status, body);
  expect(errors, `${method} ${path} → ${response.status}: ${text.slice(0, 400)}`).toEqual([]);
  seen.add(`${method} ${documentedPath} ${response.status}`);
  return { status: response.status, headers: response.headers, body };
}

const jobIdOf = (reply: Reply) => (reply.body as { jobId: string }).jobId;

async function finished(jobId: string, credential: string): Promise<Reply> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const reply = await call('GET', '/jobs/{jobId}', { path: `/jobs/${jobId}`, credential });
    const status = (reply.body as { status: string }).status;
    if (status === 'succeeded' || status === 'failed') return reply;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** One request of each generation, its body built once the stand-in site listens. */
const GENERATIONS: ReadonlyArray<{ path: string; body: () => Record<string, unknown> }> = [
  {
    path: '/generate-content',
    body: () => ({ clientUrl: `${site.origin}/`, topic: 'Dripping taps', model: 'gpt-4o-mini' }),
  },
  { path: '/rewrite-blog', body: () => ({ prompt: `${site.origin}/blog/tap`, model: 'gpt-4o-mini' }) },
  { path: '/generate-newsletter', body: () => ({ topic: 'Saving water at home', model: 'gpt-4o-mini' }) },
  {
    path: '/generate-image',
    body: () => ({ prompt: 'A tidy kitchen sink', model: 'gpt-image-1', size: '1024x1024' }),
  },
  { path: '/text-to-speech', body: () => ({ text: 'A dripping tap wastes water. Fix it this weekend.' }) },
];

describe.each([
  ['an API key', () => key],
  ['a sign-in token', () => user.idToken],
])('the public API’s replies match its document, with %s', (_name, credentialOf) => {
  // One test per tool: each runs two jobs, which on a busy machine take most of a test's budget.
  it.each(GENERATIONS)(
    '$path: 202, the polled job, and the finished job under Prefer: wait',
    async ({ path, body: bodyOf }) => {
      const credential = credentialOf();
      const body = bodyOf();
      const queued = await call('POST', path, { credential, body });
      expect(queued.status, path).toBe(202);
      const polled = await finished(jobIdOf(queued), credential);
      expect((polled.body as { status: string }).status, path).toBe('succeeded');
      await call('GET', '/jobs/{jobId}', {
        path: `/jobs/${jobIdOf(queued)}?include=partial`,
        credential,
      });
      const waited = await call('POST', path, {
        credential,
        body,
        headers: { prefer: `wait=${MAX_PREFER_WAIT_SECONDS}` },
      });
      expect(waited.status, `${path} with Prefer: wait`).toBe(200);
      // The check itself: a field added to the result, or one renamed, no longer matches the document.
      const job = waited.body as { result: Record<string, unknown> };
      const [first, value] = Object.entries(job.result)[0] ?? [];
      const added = { ...job, result: { ...job.result, addedField: 1 } };
      expect(contract.reply('POST', path, 200, added), path).not.toEqual([]);
      const renamed = { ...job, result: { ...job.result, [`${first}Renamed`]: value } };
      if (first) delete renamed.result[first];
      expect(contract.reply('POST', path, 200, renamed), path).not.toEqual([]);
    },
  );

  it('a failed job has the documented shape too', async () => {
    const credential = credentialOf();
    const waited = await call('POST', '/generate-content', {
      credential,
      body: { clientUrl: 'http://127.0.0.1:9/', topic: 'Taps', model: 'gpt-4o-mini' },
      headers: { prefer: 'wait=25' },
    });
    expect(waited.body).toMatchObject({ status: 'failed', result: null, error: expect.any(String) });
  });

  it('clients: the list, a new client, and their 400s', async () => {
    const credential = credentialOf();
    expect((await call('GET', '/clients', { credential })).status).toBe(200);
    expect((await call('GET', '/clients', { path: '/clients?fields=full&limit=5', credential })).status).toBe(
      200,
    );
    expect((await call('GET', '/clients', { path: '/clients?limit=0', credential })).status).toBe(400);
    const created = await call('POST', '/clients', {
      credential,
      body: { name: 'Contract Plumbing', website: 'https://contract.example' },
    });
    expect(created.status).toBe(201);
    const clientPath = `/clients/${(created.body as { id: string }).id}`;
    const patched = await call('PATCH', '/clients/{clientId}', {
      path: clientPath,
      credential,
      body: { city: 'Round Rock', phone: null },
    });
    expect(patched.status).toBe(200);
    const badPatch = await call('PATCH', '/clients/{clientId}', {
      path: clientPath,
      credential,
      body: { wordpress_url: 'javascript:alert(1)' },
    });
    expect(badPatch.status).toBe(400);
    const unknownClient = await call('PATCH', '/clients/{clientId}', {
      path: '/clients/01J00000000000000000000000',
      credential,
      body: { city: 'Austin' },
    });
    expect(unknownClient.status).toBe(404);
    expect((await call('POST', '/clients', { credential, body: { name: '' } })).status).toBe(400);
    expect((await call('POST', '/clients', { credential, rawBody: '{"name":' })).status).toBe(400);
    const oversized = await call('POST', '/clients', {
      credential,
      body: { name: 'Big', newsletter_instructions: 'x'.repeat(2_200_000) },
    });
    expect(oversized.status).toBe(413);
  });

  it('media: signing, downloading with the credentials, and their refusals', async () => {
    const credential = credentialOf();
    const image = await call('POST', '/generate-image', {
      credential,
      body: { prompt: 'A red front door', model: 'gpt-image-1' },
      headers: { prefer: 'wait=25' },
    });
    const url = (image.body as { result: { images: { url: string }[] } }).result.images[0]?.url ?? '';
    expect(url).toMatch(/^\/api\/media\//);
    const mediaPath = url.replace(/^\/api/, '');
    const template = '/media/{userId}/{jobId}/{fileName}';
    const redirect = await call('GET', template, { path: mediaPath, credential });
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location') ?? '');
    expect(file.headers.get('content-type')).toMatch(/^image\//);
    const link = await call('GET', template, {
      path: mediaPath,
      credential,
      headers: { accept: 'application/json' },
    });
    expect(link.status).toBe(200);
    expect((await call('GET', template, { path: mediaPath, credential: null })).status).toBe(401);
    const badName = await call('GET', template, { path: `${mediaPath}?download=no%20spaces`, credential });
    expect(badName.status).toBe(400);
    // Another user's file: the same 404 as a missing one, whether the path or the caller is someone else's.
    const outsider = await app.createUser();
    expect((await call('GET', template, { path: mediaPath, credential: outsider.idToken })).status).toBe(404);
    const unknown = mediaPath.replace(/^\/media\/[^/]+\//, '/media/someone-else/');
    expect((await call('GET', template, { path: unknown, credential })).status).toBe(404);
    const signed = await call('POST', '/media/sign', { credential, body: { urls: [url] } });
    expect(signed.status).toBe(200);
    const signedUrl = (signed.body as { urls: { signedUrl: string }[] }).urls[0]?.signedUrl ?? '';
    const byLink = await call('GET', template, { path: signedUrl.replace(/^\/api/, ''), credential: null });
    expect(byLink.status).toBe(302);
    expect((await call('POST', '/media/sign', { credential, body: { urls: [] } })).status).toBe(400);
    expect((await call('POST', '/media/sign', { credential, body: { urls: ['/api/media/x'] } })).status).toBe(
      404,
    );
  });

  it('jobs: 404 for one that is not the caller’s, 400 for an unknown include', async () => {
    const credential = credentialOf();
    expect(
      (await call('GET', '/jobs/{jobId}', { path: '/jobs/01J00000000000000000000000', credential })).status,
    ).toBe(404);
    const queued = await call('POST', '/generate-newsletter', { credential, body: { topic: 'Taps' } });
    expect(
      (await call('GET', '/jobs/{jobId}', { path: `/jobs/${jobIdOf(queued)}?include=all`, credential }))
        .status,
    ).toBe(400);
  });

  it('every generation refuses a bad body with 400', async () => {
    const credential = credentialOf();
    for (const { path } of GENERATIONS) {
      expect((await call('POST', path, { credential, body: { model: 'no-such-model' } })).status, path).toBe(
        400,
      );
    }
  });
});

describe('replies without valid credentials, and the key’s budget', () => {
  it('answers 401 on every operation that needs credentials', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation.security?.length === 0) continue;
        const concrete = path.replace(/\{\w+\}/g, '01J00000000000000000000000');
        const reply = await call(method.toUpperCase(), path, {
          path: concrete,
          credential: null,
          ...(method === 'post' ? { body: {} } : {}),
        });
        expect(reply.status, `${method} ${path}`).toBe(401);
      }
    }
    expect((await call('GET', '/health', { credential: null })).status).toBe(200);
  });

  it('answers 429 with Retry-After once the key has used its budget', async () => {
    // A key of its own, spent in concurrent batches: the budget is per fixed minute, and one request
    // at a time on a busy machine can take longer than a minute to spend it (the count then restarts,
    // so the loop goes on into the next window).
    const spender = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
      token: user.idToken,
      body: { name: 'Budget' },
    });
    const credential = spender.body.key;
    let refused: Reply | undefined;
    for (let sent = 0; !refused && sent <= 3 * RATE_LIMIT; sent += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, () => call('GET', '/clients', { path: '/clients?limit=1', credential })),
      );
      refused = batch.find((reply) => reply.status === 429);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('saw every status each operation documents, but 503 (a queue that refuses, tested elsewhere)', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const status of Object.keys(operation.responses)) {
          if (status === '503') continue;
          // 413 is the edge's limit on any request: checked on POST /clients; 429 on GET /clients.
          if (status === '413' && !(method === 'post' && path === '/clients')) continue;
          if (status === '429' && !(method === 'get' && path === '/clients')) continue;
          // Only a generation can take a clientId the caller cannot see; the media routes are checked.
          if (
            status === '404' &&
            ![
              '/jobs/{jobId}',
              '/clients/{clientId}',
              '/media/sign',
              '/media/{userId}/{jobId}/{fileName}',
            ].includes(path)
          )
            continue;
          if (!seen.has(`${method.toUpperCase()} ${path} ${status}`))
            missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
