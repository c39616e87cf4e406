import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpRoutes } from '#contract/routes';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import {
  type FakeAnthropicServer,
  startFakeAnthropicServer,
} from '#functions/providers/testing/fake-anthropic-server';
import {
  type FakeChannelPlatforms,
  fakeChannelAppSettings,
  startFakeChannelPlatforms,
} from '#functions/social/testing/fake-channel-platforms';
import { xFailures } from '#functions/social/testing/fake-x-server';
import { type CreatedApiKey, DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE } from '#shared/api-keys';
import type { BatchView } from '#shared/batch-schemas';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import { MAX_PREFER_WAIT_SECONDS } from '#shared/public-api';
import type { CreatedReview, PublicReview } from '#shared/reviews';
import { MAX_WEBHOOKS_PER_USER } from '#shared/webhooks';
import { connectThroughApi } from '#test/support/channel-connect';
import { clearOfMonthEnd, withMonthEndWait } from '#test/support/month-end';
import { type ContractCheck, openApiContract } from '#test/support/openapi-contract';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Every reply of every route of the public API, for every status it answers here
 * (200, 201, 202, 302, 400, 401, 402, 403, 404, 413, 415, 429), is checked against the OpenAPI document the
 * app serves, with ajv, as a strict generated client would check it: through the real gateway, once
 * with an API key and once with a sign-in token. A handler that adds or renames a field without the
 * document following fails here (the documented objects allow no other properties, and list their
 * fields as required). Version 1.3.0 adds usage, budgets and batches, CSV included; 1.4.0
 * the usage filters `clientId` and `provider`, the agency's settings, client
 * statements (CSV too), their links and the markup; 1.5.0 the notifications,
 * and a review link's read and decision, with `versionId` and the 409 `stale_version`; 1.7.0 the
 * webhook endpoints and their deliveries; 1.8.0 image uploads, GET /clients/{clientId} and the MCP server
 * (test/integration/mcp-server.test.ts speaks MCP to it; here its replies to plain HTTP); 1.9.0
 * `Idempotency-Key` on the other creates (test/integration/idempotent-creates.test.ts replays them).
 *
 * Keys have the default budget here (DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE): every test that calls with
 * a key makes a key of its own, stays within that key's budget (a 429 fails it), and only the budget
 * test spends one whole.
 */

let app: TestRuntime;
let user: TestUser;
let site: LocalHttpServer;
/** Claude models are served by this stand-in, whose every reply costs $3: a budget can be spent. */
let anthropic: FakeAnthropicServer;
let contract: ContractCheck;
let channels: FakeChannelPlatforms;
/** Every (method path status) checked, to prove each operation's replies were all seen. */
const seen = new Set<string>();

const ARTICLE = `<!doctype html><html><head><title>Fixing a dripping tap</title></head><body><article>
<h1>Fixing a dripping tap</h1>
${Array.from({ length: 8 }, (_, index) => `<p>Step ${index + 1}: turn off the water under the sink, take the handle off, change the worn washer and put the handle back; a dripping tap wastes thousands of litres a year, and the fix takes twenty minutes with a spanner.</p>`).join('\n')}
</article></body></html>`;

beforeAll(async () => {
  await clearOfMonthEnd();
  site = await startLocalHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
  });
  anthropic = await startFakeAnthropicServer({
    chunks: ['<h1>Taps</h1>', '<p>Fix the drip.</p>'],
    usage: { inputTokens: 1_000_000, outputTokens: 1_000 },
  });
  channels = await startFakeChannelPlatforms();
  app = await startTestRuntime({
    env: {
      ...fakeChannelAppSettings(channels),
      FETCH_ALLOW_HOSTS: site.hostPort,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
    },
  });
  [user, admin] = await Promise.all([app.createUser(), app.createUser(undefined, { admin: true })]);
  const document = await app.request('GET', '/api/openapi.json');
  contract = openApiContract(document.body as Record<string, unknown>);
}, withMonthEndWait(120_000));

afterAll(async () => {
  await app?.stop();
  await site?.close();
  await anthropic?.close();
  await channels?.close();
});

let keysMade = 0;
/** An administrator, for the routes only one may call (the approval override). */
let admin: TestUser;

/** A new API key of the administrator's. */
async function adminKey(): Promise<string> {
  keysMade += 1;
  const created = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
    token: admin.idToken,
    body: { name: `Contract admin ${keysMade}` },
  });
  expect(created.status).toBe(201);
  return created.body.key;
}

/** A new API key of the user's: one per test, so that no test spends another's budget. */
async function newKey(): Promise<string> {
  keysMade += 1;
  const created = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
    token: user.idToken,
    body: { name: `Contract ${keysMade}` },
  });
  expect(created.status).toBe(201);
  return created.body.key;
}

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
    /** An API key or a sign-in token; null for none. */
    credential: string | null;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    /** The budget test's requests, the only ones a key's rate limit may refuse. */
    spendsBudget?: boolean;
  },
): Promise<Reply> {
  const path = options.path ?? documentedPath;
  const { credential } = options;
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
  const csv = /^text\/csv\b/.test(response.headers.get('content-type') ?? '');
  const body = text === '' ? undefined : csv ? text : (JSON.parse(text) as unknown);
  const errors = contract.reply(
    method,
    documentedPath,
    response.status,
    body,
    csv ? 'text/csv' : 'application/json',
  );
  expect(errors, `${method} ${path} → ${response.status}: ${text.slice(0, 400)}`).toEqual([]);
  if (!options.spendsBudget) {
    expect(response.status, `${method} ${path}: this test went past its key's budget`).not.toBe(429);
  }
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
  {
    path: '/generate-client-content',
    body: () => ({ clientUrl: `${site.origin}/`, topic: 'Dripping taps', model: 'gpt-4o-mini' }),
  },
  {
    path: '/generate-press-release',
    body: () => ({ inputType: 'topic', topic: 'A plumber opens a second shop', model: 'gpt-4o-mini' }),
  },
  { path: '/generate-faq', body: () => ({ topic: 'Dripping taps', questionCount: 7, model: 'gpt-4o-mini' }) },
  {
    path: '/generate-social-content',
    body: () => ({ prompt: 'Fix a dripping tap this weekend', platforms: ['facebook', 'twitter'] }),
  },
  { path: '/generate-gbp-post', body: () => ({ prompt: 'Free tap checks all March', postType: 'update' }) },
  { path: '/generate-gbp-image', body: () => ({ prompt: 'A tidy kitchen sink' }) },
  {
    path: '/generate-social-image',
    body: () => ({ prompt: 'A tidy kitchen sink', dimensions: '1080x1080' }),
  },
  {
    path: '/generate-multi-platform',
    body: () => ({
      prompt: 'Fix a dripping tap this weekend',
      types: ['social', 'gbp-post'],
      platforms: ['facebook'],
    }),
  },
];

describe.each([
  ['an API key', 'key'],
  ['a sign-in token', 'token'],
] as const)('the public API’s replies match its document, with %s', (_name, kind) => {
  let credential = '';
  beforeEach(async () => {
    credential = kind === 'key' ? await newKey() : user.idToken;
  });

  // One test per tool: each runs two jobs, which on a busy machine take most of a test's budget.
  it.each(GENERATIONS)(
    '$path: 202, the polled job, and the finished job under Prefer: wait',
    async ({ path, body: bodyOf }) => {
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
    const waited = await call('POST', '/generate-content', {
      credential,
      body: { clientUrl: 'https://no-such-site.invalid/', topic: 'Taps', model: 'gpt-4o-mini' },
      headers: { prefer: 'wait=25' },
    });
    expect(waited.body).toMatchObject({ status: 'failed', result: null, error: expect.any(String) });
  });

  it('the tools that answer at once: analyze, resize and read a page, and their 400s', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2364aa' } })
      .png()
      .toBuffer();
    const image = png.toString('base64');
    expect(
      (await call('POST', '/analyze-image', { credential, body: { image, format: 'json' } })).status,
    ).toBe(200);
    expect((await call('POST', '/analyze-image', { credential, body: { image: '' } })).status).toBe(400);
    const resized = await call('POST', '/resize-image', {
      credential,
      body: { image, width: 120, height: 100 },
    });
    expect(resized.status).toBe(200);
    expect(resized.body).toMatchObject({ width: 120, height: 100 });
    expect((await call('POST', '/resize-image', { credential, body: { image, width: 1 } })).status).toBe(400);
    // An upload: the presigned POST, the file sent to it, then the tools by its key.
    const upload = await call('POST', '/media/uploads', {
      credential,
      body: { contentType: 'image/png', size: png.length },
    });
    expect(upload.status).toBe(201);
    const { url, fields, key } = upload.body as { url: string; fields: Record<string, string>; key: string };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }));
    expect((await fetch(url, { method: 'POST', body: form })).status).toBe(204);
    expect((await call('POST', '/analyze-image', { credential, body: { imageKey: key } })).status).toBe(200);
    expect(
      (await call('POST', '/media/uploads', { credential, body: { contentType: 'image/png', size: 6e6 } }))
        .status,
    ).toBe(400);
    const page = await call('POST', '/fetch-content', {
      credential,
      body: { url: `${site.origin}/blog/tap` },
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ title: 'Fixing a dripping tap' });
    const local = await call('POST', '/fetch-content', { credential, body: { url: 'http://127.0.0.1:9/' } });
    expect(local.status).toBe(400);
  });

  it('an Idempotency-Key: the same body answers the first job, another body 422, another tool 409', async () => {
    const key = `contract-${kind}-${Date.now()}`;
    const headers = { 'idempotency-key': key };
    const body = { topic: 'Saving water at home', model: 'gpt-4o-mini' };
    const first = await call('POST', '/generate-newsletter', { credential, body, headers });
    const again = await call('POST', '/generate-newsletter', { credential, body, headers });
    expect([first.status, again.status, jobIdOf(again)]).toEqual([202, 202, jobIdOf(first)]);
    const changed = await call('POST', '/generate-newsletter', {
      credential,
      body: { ...body, topic: 'Another topic' },
      headers,
    });
    expect(changed.status).toBe(422);
    const faqHeaders = { 'idempotency-key': `${key}-faq` };
    const faq = await call('POST', '/generate-faq', {
      credential,
      body: { topic: 'Taps', model: 'gpt-4o-mini' },
      headers: faqHeaders,
    });
    expect(faq.status).toBe(202);
    const otherTool = await call('POST', '/generate-newsletter', { credential, body, headers: faqHeaders });
    expect(otherTool.status).toBe(409);
  });

  it('every generation refuses a client the caller may not use with 404, before anything is queued', async () => {
    const stranger = await app.createUser();
    const theirs = await app.request<Client>('POST', '/api/clients', {
      token: stranger.idToken,
      body: { name: 'Someone Else’s Bakery', website: 'https://someone-else.example' },
    });
    expect(theirs.status).toBe(201);
    for (const { path, body } of GENERATIONS) {
      const refused = await call('POST', path, { credential, body: { ...body(), clientId: theirs.body.id } });
      expect(refused.status, path).toBe(404);
    }
  });

  it('every generation that reads a page refuses a private or loopback address at entry, as fetch-content does', async () => {
    const local = 'http://127.0.0.1:9/blog/tap';
    const fetched = await call('POST', '/fetch-content', { credential, body: { url: local } });
    for (const [path, body] of [
      ['/generate-content', { clientUrl: local, topic: 'Taps', model: 'gpt-4o-mini' }],
      ['/generate-client-content', { clientUrl: local, topic: 'Taps', model: 'gpt-4o-mini' }],
      ['/rewrite-blog', { url: local, model: 'gpt-4o-mini' }],
      ['/generate-press-release', { inputType: 'url', url: local, model: 'gpt-4o-mini' }],
      ['/generate-multi-platform', { prompt: 'Taps', types: ['blog-rewrite'], blogUrl: local }],
    ] as const) {
      const refused = await call('POST', path, { credential, body });
      expect([refused.status, refused.body], path).toEqual([400, fetched.body]);
    }
  });

  it('clients: the list, a new client, and their 400s', async () => {
    expect((await call('GET', '/clients', { credential })).status).toBe(200);
    // A field list: only those fields and the id, which the document's third shape describes.
    const listed = await call('GET', '/clients', { path: '/clients?fields=name,email&limit=5', credential });
    expect(listed.status).toBe(200);
    for (const client of (listed.body as { clients: Record<string, unknown>[] }).clients) {
      expect(Object.keys(client).sort()).toEqual(['email', 'id', 'name']);
    }
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
    expect((await call('GET', '/clients/{clientId}', { path: clientPath, credential })).body).toMatchObject({
      name: 'Contract Plumbing',
    });
    expect(
      (await call('GET', '/clients/{clientId}', { path: '/clients/01J00000000000000000000000', credential }))
        .status,
    ).toBe(404);
    // The MCP endpoint to plain HTTP: an MCP message answers in JSON-RPC, anything else is a 400.
    const initialize = await call('POST', '/mcp', {
      credential,
      headers: { accept: 'application/json, text/event-stream' },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'contract', version: '1' },
        },
      },
    });
    expect(initialize.status).toBe(200);
    expect(initialize.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'lbm-studio' } },
    });
    expect((await call('POST', '/mcp', { credential, body: { id: 1 } })).status).toBe(400);
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
    // Idempotency-Key on a create: the same body replays the first reply, another body is a 422, and
    // the key on another operation a 409.
    const once = { 'idempotency-key': `contract-client-${kind}-${Date.now()}` };
    const first = await call('POST', '/clients', { credential, headers: once, body: { name: 'Once Only' } });
    const again = await call('POST', '/clients', { credential, headers: once, body: { name: 'Once Only' } });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect((again.body as { id: string }).id).toBe((first.body as { id: string }).id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (await call('POST', '/clients', { credential, headers: once, body: { name: 'Twice' } })).status,
    ).toBe(422);
    const job = { 'idempotency-key': `contract-job-${kind}-${Date.now()}` };
    const started = await call('POST', '/generate-newsletter', {
      credential,
      headers: job,
      body: { topic: 'Once only', model: 'gpt-4o-mini' },
    });
    expect(started.status).toBe(202);
    expect(
      (await call('POST', '/clients', { credential, headers: job, body: { name: 'Once' } })).status,
    ).toBe(409);
    expect((await call('POST', '/clients', { credential, rawBody: '{"name":' })).status).toBe(400);
    const oversized = await call('POST', '/clients', {
      credential,
      body: { name: 'Big', newsletter_instructions: 'x'.repeat(2_200_000) },
    });
    expect(oversized.status).toBe(413);
    const asText = await call('POST', '/clients', {
      credential,
      rawBody: JSON.stringify({ name: 'Sent as text' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect([asText.status, (asText.body as { error: { code: string } }).error.code]).toEqual([
      415,
      'unsupported_media_type',
    ]);
  });

  it('library: a client’s items listed, searched and paged, one item whole, and their refusals', async () => {
    const owned = await app.request<Client>('POST', '/api/clients', {
      token: user.idToken,
      body: { name: `Library Plumbing ${kind}`, website: 'https://library-plumbing.example' },
    });
    const library = `/clients/${owned.body.id}/content`;
    const saved: ClientContent[] = [];
    for (const title of ['Fixing a dripping tap', 'Clearing a slow drain']) {
      const reply = await app.request<ClientContent>('POST', `/api${library}`, {
        token: user.idToken,
        body: {
          title,
          content: `${title}: the steps.`,
          html_content: `<p>${title}</p>`,
          content_type: 'blog',
        },
      });
      expect(reply.status).toBe(201);
      saved.push(reply.body);
    }
    const template = '/clients/{clientId}/content';
    const all = await call('GET', template, { path: library, credential });
    expect((all.body as { content: { id: string }[] }).content.map((item) => item.id)).toEqual(
      saved.map((item) => item.id).reverse(),
    );
    const found = await call('GET', template, { path: `${library}?search=drain`, credential });
    expect((found.body as { content: { title: string }[] }).content.map((item) => item.title)).toEqual([
      'Clearing a slow drain',
    ]);
    const first = await call('GET', template, { path: `${library}?limit=1`, credential });
    const cursor = (first.body as { next_cursor: string }).next_cursor;
    const second = await call('GET', template, {
      path: `${library}?limit=1&cursor=${encodeURIComponent(cursor)}`,
      credential,
    });
    expect((second.body as { content: { id: string }[] }).content.map((item) => item.id)).toEqual([
      saved[0]?.id,
    ]);
    expect((await call('GET', template, { path: `${library}?limit=0`, credential })).status).toBe(400);
    const one = '/clients/{clientId}/content/{contentId}';
    const item = await call('GET', one, { path: `${library}/${saved[0]?.id}`, credential });
    expect(item.body).toMatchObject({ id: saved[0]?.id, html_content: '<p>Fixing a dripping tap</p>' });
    expect(
      (await call('GET', one, { path: `${library}/01J00000000000000000000000`, credential })).status,
    ).toBe(404);
    expect(
      (await call('GET', template, { path: '/clients/01J00000000000000000000000/content', credential }))
        .status,
    ).toBe(404);
    // Sending an item for review: a link per reviewer, shown once; a bad body 400; another item 404.
    const reviews = '/clients/{clientId}/content/{contentId}/reviews';
    const sent = await call('POST', reviews, {
      path: `${library}/${saved[0]?.id}/reviews`,
      credential,
      body: { reviewerName: 'Rosa Client', message: 'Please approve by Friday.' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      reviewUrl: expect.stringContaining('/review/'),
      links: [expect.any(Object)],
    });
    expect(
      (
        await call('POST', reviews, {
          path: `${library}/${saved[0]?.id}/reviews`,
          credential,
          body: { expiresInDays: 0 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', reviews, {
          path: `${library}/01J00000000000000000000000/reviews`,
          credential,
          body: {},
        })
      ).status,
    ).toBe(404);
  });

  it('approvals: an administrator’s override answers the item’s approval state; 403 to others, 404, 400', async () => {
    const created = await call('POST', '/clients', {
      credential,
      body: { name: 'Contract Approvals', approval_steps: 'internal_then_client' },
    });
    expect(created.status).toBe(201);
    const clientId = (created.body as { id: string }).id;
    const item = await app.request<{ id: string }>('POST', `/api/clients/${clientId}/content`, {
      token: user.idToken,
      body: { title: 'Approve me', content: 'Text', html_content: '<p>Text</p>', content_type: 'blog' },
    });
    // A colleague's approval first, so the state holds a decision of each kind.
    const sent = await app.request<CreatedReview>(
      'POST',
      `/api/clients/${clientId}/content/${item.body.id}/reviews`,
      { token: user.idToken, body: {} },
    );
    await app.request('POST', `/api/clients/${clientId}/content/${item.body.id}/decision`, {
      token: user.idToken,
      body: { decision: 'approve', versionId: sent.body.review.versionId },
    });
    const template = '/clients/{clientId}/content/{contentId}/approvals/override';
    const path = `/clients/${clientId}/content/${item.body.id}/approvals/override`;
    expect((await call('POST', template, { path, credential, body: { step: 'client' } })).status).toBe(403);
    const adminCredential = kind === 'key' ? await adminKey() : admin.idToken;
    const bad = await call('POST', template, {
      path,
      credential: adminCredential,
      body: { step: 'manager' },
    });
    expect(bad.status).toBe(400);
    const overridden = await call('POST', template, {
      path,
      credential: adminCredential,
      body: { step: 'client' },
    });
    expect(overridden.status).toBe(200);
    expect(overridden.body).toMatchObject({
      approval_steps: 'internal_then_client',
      publishable: true,
      missingSteps: [],
    });
    expect((overridden.body as { approvals: unknown[] }).approvals).toHaveLength(2);
    const unknown = await call('POST', template, {
      path: `/clients/${clientId}/content/01J00000000000000000000000/approvals/override`,
      credential,
      body: { step: 'client' },
    });
    expect(unknown.status).toBe(404);
  });

  it('media: signing, downloading with the credentials, and their refusals', async () => {
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
    expect(
      (await call('GET', '/jobs/{jobId}', { path: '/jobs/01J00000000000000000000000', credential })).status,
    ).toBe(404);
    const queued = await call('POST', '/generate-newsletter', { credential, body: { topic: 'Taps' } });
    expect(
      (await call('GET', '/jobs/{jobId}', { path: `/jobs/${jobIdOf(queued)}?include=all`, credential }))
        .status,
    ).toBe(400);
  });

  it('usage: the report, the jobs as JSON pages and as CSV, and their refusals', async () => {
    // The generations above ran jobs: the replies have rows for the schemas to check.
    const report = await call('GET', '/usage', { credential });
    expect(report.status).toBe(200);
    const { rows } = report.body as { rows: Record<string, unknown>[] };
    expect(rows.length).toBeGreaterThan(0);
    // The check itself: a row without a documented field does not match the document.
    const { costUsd: _cost, ...rowWithoutCost } = rows[0] ?? {};
    const withoutField = { ...(report.body as object), rows: [rowWithoutCost] };
    expect(contract.reply('GET', '/usage', 200, withoutField)).not.toEqual([]);
    for (const groupBy of ['user', 'tool', 'model']) {
      expect((await call('GET', '/usage', { path: `/usage?groupBy=${groupBy}`, credential })).status).toBe(
        200,
      );
    }
    // The client and provider filters, on both routes, as the document names them.
    // Without an OpenAI key the offline composer wrote the jobs above; no job went to xAI.
    const listed = await call('GET', '/usage/jobs', { path: '/usage/jobs?provider=offline', credential });
    expect(listed.status).toBe(200);
    const offlineJobs = (listed.body as { rows: { provider: string; clientId: string | null }[] }).rows;
    expect(offlineJobs.length).toBeGreaterThan(0);
    expect(offlineJobs.every((row) => row.provider === 'offline')).toBe(true);
    const byProvider = await call('GET', '/usage', {
      path: '/usage?provider=offline&groupBy=provider',
      credential,
    });
    expect(byProvider.status).toBe(200);
    const offlineRows = (byProvider.body as { rows: { key: string; inputTokens: number }[] }).rows;
    expect(offlineRows.map((row) => row.key)).toEqual(['offline']);
    expect(offlineRows[0]?.inputTokens).toBe(0);
    const none = await call('GET', '/usage', { path: '/usage?provider=xai', credential });
    expect(none.status).toBe(200);
    expect((none.body as { totals: { jobs: number } }).totals.jobs).toBe(0);
    const withClient = offlineJobs.find((row) => row.clientId !== null);
    if (withClient?.clientId) {
      const ofClient = await call('GET', '/usage', {
        path: `/usage?clientId=${withClient.clientId}`,
        credential,
      });
      expect(ofClient.status).toBe(200);
      expect((ofClient.body as { clientId: string }).clientId).toBe(withClient.clientId);
    }
    expect((await call('GET', '/usage', { path: '/usage?provider=acme', credential })).status).toBe(400);
    expect((await call('GET', '/usage/jobs', { path: '/usage/jobs?provider=acme', credential })).status).toBe(
      400,
    );
    expect((await call('GET', '/usage', { path: '/usage?groupBy=day', credential })).status).toBe(400);
    expect((await call('GET', '/usage', { path: '/usage?from=2026-13-01', credential })).status).toBe(400);
    const jobs = await call('GET', '/usage/jobs', { path: '/usage/jobs?limit=2', credential });
    expect(jobs.status).toBe(200);
    // One cursor convention: `next_cursor`, with 1.3.0's `nextCursor` kept beside it, the same value.
    const page = jobs.body as { next_cursor: string | null; nextCursor: string | null };
    expect(page.next_cursor).not.toBeNull();
    expect(page.nextCursor).toBe(page.next_cursor);
    const next = await call('GET', '/usage/jobs', {
      path: `/usage/jobs?limit=2&cursor=${encodeURIComponent(page.next_cursor ?? '')}`,
      credential,
    });
    expect(next.status).toBe(200);
    const csv = await call('GET', '/usage/jobs', { credential, headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(String(csv.body).split('\n').length).toBeGreaterThan(2);
    // The check itself: a CSV without one of the documented columns does not match the document.
    const withoutCost = String(csv.body).replace(',costUsd,', ',');
    expect(contract.reply('GET', '/usage/jobs', 200, withoutCost, 'text/csv')).not.toEqual([]);
    expect((await call('GET', '/usage/jobs', { path: '/usage/jobs?limit=0', credential })).status).toBe(400);
    // Someone else's client: a sign-in token is told it does not exist; a key sees only its owner's
    // own jobs, so it finds none of that client's.
    for (const documented of ['/usage/jobs', '/usage']) {
      const unknown = await call('GET', documented, {
        path: `${documented}?clientId=01J00000000000000000000000`,
        credential,
      });
      expect(unknown.status, documented).toBe(kind === 'key' ? 200 : 404);
    }
  });

  it('budgets: set by an admin, refused to others (the owner too), and a spent budget refuses the next job with 402', async () => {
    const name = `Budget Plumbing ${kind}`;
    const created = await call('POST', '/clients', { credential, body: { name } });
    const clientId = (created.body as { id: string }).id;
    const budgetPath = `/clients/${clientId}/budget`;
    const template = '/clients/{clientId}/budget';
    // Only an admin sets a budget (docs/decisions.md, "Client budgets that tell the truth"): the key's
    // owner, who made the client, is refused.
    const byOwner = await call('PUT', template, { path: budgetPath, credential, body: { monthlyUsd: 1 } });
    expect(byOwner.status).toBe(403);
    const admin = await app.createUser(undefined, { admin: true });
    const set = await call('PUT', template, {
      path: budgetPath,
      credential: admin.idToken,
      body: { monthlyUsd: 1 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ budget: { monthlyUsd: 1, extraJobs: 0 }, monthToDateUsd: 0 });
    expect(
      (
        await call('PUT', template, {
          path: budgetPath,
          credential: admin.idToken,
          body: { monthlyUsd: 0.001 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', template, {
          path: '/clients/01J00000000000000000000000/budget',
          credential,
          body: { monthlyUsd: 5 },
        })
      ).status,
    ).toBe(404);
    // A client shared with the caller: they see it, but only an admin sets its budget.
    const owner = await app.createUser();
    const shared = await app.request<{ id: string }>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: `Shared Roofing ${kind}` },
    });
    await app.request('POST', `/api/clients/${shared.body.id}/access`, {
      token: owner.idToken,
      body: { email: user.email },
    });
    const forbidden = await call('PUT', template, {
      path: `/clients/${shared.body.id}/budget`,
      credential,
      body: { monthlyUsd: 5 },
    });
    expect(forbidden.status).toBe(403);

    // One job fits the $1 (its estimate, about $0.02), then spends it all (the stand-in's reply costs
    // $3); the next is refused before it starts.
    const body = { topic: 'Dripping taps', model: 'claude-sonnet-4.1-20250514', clientId };
    const first = await call('POST', '/generate-newsletter', {
      credential,
      body,
      headers: { prefer: `wait=${MAX_PREFER_WAIT_SECONDS}` },
    });
    const job = first.status === 202 ? await finished(jobIdOf(first), credential) : first;
    expect((job.body as { status: string }).status).toBe('succeeded');
    // Its cost is counted just after its status (the settle): until then only its estimate is held.
    await expect
      .poll(
        async () =>
          (
            await app.request<{ monthToDateUsd: number }>('GET', `/api/clients/${clientId}`, {
              token: user.idToken,
            })
          ).body.monthToDateUsd,
      )
      .toBeGreaterThanOrEqual(3);
    const refused = await call('POST', '/generate-newsletter', { credential, body });
    expect(refused.status).toBe(402);
    expect((refused.body as { error: { code: string } }).error.code).toBe('budget_exceeded');
    const client = await call('PATCH', '/clients/{clientId}', {
      path: `/clients/${clientId}`,
      credential,
      body: { city: 'Austin' },
    });
    expect(client.body).toMatchObject({ budget: { monthlyUsd: 1 }, monthToDateUsd: expect.any(Number) });
  });

  it('settings: read by anyone, changed by an admin only, a zone that is not one refused', async () => {
    const read = await call('GET', '/settings', { credential });
    expect(read.status).toBe(200);
    // The check itself: a reply without a documented field does not match the document.
    const { timeZone: _zone, ...withoutZone } = read.body as Record<string, unknown>;
    expect(contract.reply('GET', '/settings', 200, withoutZone)).not.toEqual([]);
    const refused = await call('PUT', '/settings', { credential, body: { timeZone: 'Europe/London' } });
    expect(refused.status).toBe(403);
    const bad = await call('PUT', '/settings', { credential, body: { timeZone: 'Mars/Olympus_Mons' } });
    expect(bad.status).toBe(400);
    const admin = await app.createUser(undefined, { admin: true });
    const adminCredential =
      kind === 'key'
        ? (
            await app.request<CreatedApiKey>('POST', '/api/api-keys', {
              token: admin.idToken,
              body: { name: 'Contract admin' },
            })
          ).body.key
        : admin.idToken;
    const changed = await call('PUT', '/settings', {
      credential: adminCredential,
      // UTC, as every other test of this file expects the agency's months.
      body: { timeZone: 'UTC' },
    });
    expect(changed.status).toBe(200);
  });

  it('notifications: a client’s comment listed, paged, marked read, and their 400s', async () => {
    // A comment through a review link on the user's item notifies the user.
    const created = await call('POST', '/clients', {
      credential,
      body: { name: `Notified Florist ${kind}` },
    });
    const clientId = (created.body as { id: string }).id;
    const item = await app.request<{ id: string }>('POST', `/api/clients/${clientId}/content`, {
      token: user.idToken,
      body: {
        title: 'Spring bouquets',
        content: 'Tulips',
        html_content: '<p>Tulips</p>',
        content_type: 'newsletter',
      },
    });
    const review = await app.request<{ reviewUrl: string }>(
      'POST',
      `/api/clients/${clientId}/content/${item.body.id}/reviews`,
      { token: user.idToken, body: { reviewerName: 'Flora Client' } },
    );
    const token = new URL(review.body.reviewUrl).pathname.split('/').at(-1) ?? '';
    const commented = await app.request('POST', `/api/reviews/${token}/comments`, {
      body: { text: 'More tulips' },
      headers: { 'x-forwarded-for': kind === 'key' ? '192.0.2.71' : '192.0.2.72' },
    });
    expect(commented.status).toBe(201);
    const listed = await call('GET', '/notifications', { path: '/notifications?limit=1', credential });
    expect(listed.status).toBe(200);
    const page = listed.body as { items: { id: string; contentId?: string }[]; unread: number };
    expect(page.items[0]?.contentId).toBe(item.body.id);
    // The check itself: a notification without a documented field does not match the document.
    const { title: _title, ...withoutTitle } = page.items[0] as Record<string, unknown>;
    expect(contract.reply('GET', '/notifications', 200, { ...page, items: [withoutTitle] })).not.toEqual([]);
    expect(
      (await call('GET', '/notifications', { path: '/notifications?limit=500', credential })).status,
    ).toBe(400);
    const marked = await call('POST', '/notifications/read', {
      credential,
      body: { ids: [page.items[0]?.id] },
    });
    expect(marked.status).toBe(200);
    expect((await call('POST', '/notifications/read', { credential, body: { ids: [] } })).status).toBe(400);
  });

  it('webhooks: an endpoint registered, tested, its deliveries listed and redelivered, deleted, and the refusals', async () => {
    const url = `http://${site.hostPort}/hooks/${kind}`;
    const created = await call('POST', '/webhooks', { credential, body: { url, events: ['job.succeeded'] } });
    expect(created.status).toBe(201);
    const { webhookId } = created.body as { webhookId: string };
    // The check itself: an endpoint without its secret is not the documented reply.
    const { secret: _secret, ...withoutSecret } = created.body as Record<string, unknown>;
    expect(contract.reply('POST', '/webhooks', 201, withoutSecret)).not.toEqual([]);
    expect((await call('GET', '/webhooks', { credential })).status).toBe(200);
    const webhook = '/webhooks/{webhookId}';
    const tested = await call('POST', `${webhook}/test`, { path: `/webhooks/${webhookId}/test`, credential });
    expect(tested.status).toBe(202);
    const { deliveryId } = tested.body as { deliveryId: string };
    const deliveries = `/webhooks/${webhookId}/deliveries`;
    expect((await call('GET', `${webhook}/deliveries`, { path: deliveries, credential })).status).toBe(200);
    const redeliver = `${webhook}/deliveries/{deliveryId}/redeliver`;
    const again = await call('POST', redeliver, {
      path: `${deliveries}/${deliveryId}/redeliver`,
      credential,
    });
    expect(again.status).toBe(202);
    const unknown = `/webhooks/01JD0M8Z3C5W9Y7V6T4R2Q1P0M`;
    expect(
      (await call('GET', `${webhook}/deliveries`, { path: `${unknown}/deliveries`, credential })).status,
    ).toBe(404);
    expect((await call('POST', `${webhook}/test`, { path: `${unknown}/test`, credential })).status).toBe(404);
    expect(
      (await call('POST', redeliver, { path: `${deliveries}/msg_unknown/redeliver`, credential })).status,
    ).toBe(404);
    expect((await call('POST', '/webhooks', { credential, body: { url, events: [] } })).status).toBe(400);
    expect(
      (
        await call('POST', '/webhooks', {
          credential,
          body: { url: 'https://10.1.2.3/', events: ['job.failed'] },
        })
      ).status,
    ).toBe(400);
    // The endpoints' limit: the credential's user registers up to it, and one more is a 409.
    const listed = (await call('GET', '/webhooks', { credential })).body as { webhooks: unknown[] };
    for (let index = listed.webhooks.length; index < MAX_WEBHOOKS_PER_USER; index += 1) {
      await call('POST', '/webhooks', {
        credential,
        body: { url: `${url}/${index}`, events: ['job.failed'] },
      });
    }
    const tooMany = await call('POST', '/webhooks', { credential, body: { url, events: ['job.failed'] } });
    expect(tooMany.status).toBe(409);
    expect((await call('DELETE', webhook, { path: `/webhooks/${webhookId}`, credential })).status).toBe(204);
    expect((await call('DELETE', webhook, { path: unknown, credential })).status).toBe(404);
    // The others go too: the other tests' jobs are not sent to them.
    const left = (await call('GET', '/webhooks', { credential })).body as {
      webhooks: { webhookId: string }[];
    };
    for (const { webhookId: id } of left.webhooks) {
      await call('DELETE', webhook, { path: `/webhooks/${id}`, credential });
    }
  });

  it('statements: the month as JSON and CSV, a link, the markup, and their refusals', async () => {
    const created = await call('POST', '/clients', {
      credential,
      body: { name: `Statement Roofing ${kind}` },
    });
    const clientId = (created.body as { id: string }).id;
    const template = '/clients/{clientId}/statements/{month}';
    const path = `/clients/${clientId}/statements/2026-11`;
    const statement = await call('GET', template, { path, credential });
    expect(statement.status).toBe(200);
    // The check itself: a reply without a documented field does not match the document.
    const { billedUsd: _billed, ...withoutBilled } = statement.body as Record<string, unknown>;
    expect(contract.reply('GET', template, 200, withoutBilled)).not.toEqual([]);
    const csv = await call('GET', template, { path, credential, headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(
      contract.reply('GET', template, 200, String(csv.body).replace('section,', ''), 'text/csv'),
    ).not.toEqual([]);
    const badMonth = `/clients/${clientId}/statements/2026-13`;
    expect((await call('GET', template, { path: badMonth, credential })).status).toBe(400);
    const unknown = '/clients/01J00000000000000000000000/statements/2026-11';
    expect((await call('GET', template, { path: unknown, credential })).status).toBe(404);

    const links = `${template}/links`;
    const link = await call('POST', links, { path: `${path}/links`, credential, body: { expiresInDays: 7 } });
    expect(link.status).toBe(201);
    expect(
      (await call('POST', links, { path: `${path}/links`, credential, body: { expiresInDays: 0 } })).status,
    ).toBe(400);
    expect((await call('POST', links, { path: `${unknown}/links`, credential, body: {} })).status).toBe(404);

    const billing = '/clients/{clientId}/billing';
    const billingPath = `/clients/${clientId}/billing`;
    expect(
      (await call('PUT', billing, { path: billingPath, credential, body: { markupPercent: 10 } })).status,
    ).toBe(403);
    const admin = await app.createUser(undefined, { admin: true });
    const adminCredential =
      kind === 'key'
        ? (
            await app.request<CreatedApiKey>('POST', '/api/api-keys', {
              token: admin.idToken,
              body: { name: 'Contract billing' },
            })
          ).body.key
        : admin.idToken;
    const set = await call('PUT', billing, {
      path: billingPath,
      credential: adminCredential,
      body: { markupPercent: 10 },
    });
    expect(set.status).toBe(200);
    expect(
      (
        await call('PUT', billing, {
          path: billingPath,
          credential: adminCredential,
          body: { markupPercent: -1 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', billing, {
          path: '/clients/01J00000000000000000000000/billing',
          credential: adminCredential,
          body: { markupPercent: 10 },
        })
      ).status,
    ).toBe(404);
  });

  it('batches: JSON rows and a CSV, read until finished, retried, cancelled, and their refusals', async () => {
    expect((await call('GET', '/batches', { credential })).status).toBe(200);
    expect((await call('GET', '/batches', { path: '/batches?limit=0', credential })).status).toBe(400);
    const name = `Batch Plumbing ${kind}`;
    await call('POST', '/clients', { credential, body: { name } });
    const created = await call('POST', '/batches', {
      credential,
      body: {
        rows: [
          { tool: 'newsletter', client: name, topic: 'Winter pipes', model: 'gpt-4o-mini' },
          // Loopback is refused by the safe fetcher: this row fails, and its error is in the reply.
          { tool: 'blog-rewrite', client: name, url: 'http://127.0.0.1:9/post', model: 'gpt-4o-mini' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const batchId = (created.body as { batchId: string }).batchId;
    const batchPath = `/batches/${batchId}`;
    let batch: BatchView | undefined;
    for (let attempt = 0; attempt < 240; attempt += 1) {
      batch = (await call('GET', '/batches/{batchId}', { path: batchPath, credential })).body as BatchView;
      if (batch.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(batch?.counts).toMatchObject({ succeeded: 1, failed: 1 });
    expect(batch?.rows.find((row) => row.status === 'succeeded')?.contentId).toEqual(expect.any(String));
    expect(batch?.rows.find((row) => row.status === 'failed')?.error).toEqual(expect.any(String));
    const retried = await call('POST', '/batches/{batchId}/retry-failed', {
      path: `${batchPath}/retry-failed`,
      credential,
    });
    expect(retried.status).toBe(200);

    const csv = await call('POST', '/batches', {
      path: '/batches?saveToClient=false',
      credential,
      rawBody: `tool,client,topic,model\r\nfaq,${name},Frozen pipes,gpt-4o-mini\r\nfaq,${name},Water heaters,gpt-4o-mini\r\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(csv.status).toBe(201);
    const cancelled = await call('POST', '/batches/{batchId}/cancel', {
      path: `/batches/${(csv.body as { batchId: string }).batchId}/cancel`,
      credential,
    });
    expect(cancelled.status).toBe(200);
    // Rows under way finish; none waits any more.
    expect((cancelled.body as BatchView).counts.waiting).toBe(0);
    // Pages of one: the newest batch, then with its cursor the one before it.
    const newest = await call('GET', '/batches', { path: '/batches?limit=1', credential });
    const firstPage = newest.body as { batches: { batchId: string }[]; next_cursor: string | null };
    expect(firstPage.batches.map((batch) => batch.batchId)).toEqual([
      (csv.body as { batchId: string }).batchId,
    ]);
    expect(firstPage.next_cursor).not.toBeNull();
    const older = await call('GET', '/batches', {
      path: `/batches?limit=1&cursor=${encodeURIComponent(firstPage.next_cursor ?? '')}`,
      credential,
    });
    const secondPage = older.body as { batches: { batchId: string }[] };
    expect(secondPage.batches).toHaveLength(1);
    expect(secondPage.batches[0]?.batchId).not.toBe((csv.body as { batchId: string }).batchId);

    const problems = await call('POST', '/batches', {
      credential,
      body: {
        rows: [
          { tool: 'newsletter', topic: 'Fine' },
          { tool: 'sonnet', topic: 'Bad tool' },
        ],
      },
    });
    expect(problems.status).toBe(400);
    expect((problems.body as { error: { code: string; problems: { row: number }[] } }).error).toMatchObject({
      code: 'invalid_rows',
      problems: [expect.objectContaining({ row: 2 })],
    });
    expect((await call('POST', '/batches', { credential, rawBody: '{"rows":' })).status).toBe(400);
    expect(
      (await call('GET', '/batches/{batchId}', { path: '/batches/01J00000000000000000000000', credential }))
        .status,
    ).toBe(404);
    const outsider = await app.createUser();
    for (const [method, template, suffix] of [
      ['GET', '/batches/{batchId}', ''],
      ['POST', '/batches/{batchId}/cancel', '/cancel'],
      ['POST', '/batches/{batchId}/retry-failed', '/retry-failed'],
    ] as const) {
      const reply = await call(method, template, {
        path: `${batchPath}${suffix}`,
        credential: outsider.idToken,
      });
      expect(reply.status, `${method} ${template}`).toBe(404);
    }
  });

  it('channels: connections listed and disconnected, posts made, read, moved, retried and deleted, and their refusals', async () => {
    const newClient = async (name: string, requireApproval: boolean) => {
      const created = await call('POST', '/clients', {
        credential,
        body: { name, require_approval: requireApproval },
      });
      const clientId = (created.body as { id: string }).id;
      // Connecting takes the consent of the channel's owner, in the app (a sign-in token).
      const connection = await connectThroughApi({
        appUrl: app.url,
        token: user.idToken,
        clientId,
        platform: 'x',
      });
      const item = await app.request<{ id: string }>('POST', `/api/clients/${clientId}/content`, {
        token: user.idToken,
        body: { title: `Post of ${name}`, content: 'Fresh bread', content_type: 'client_content' },
      });
      return { clientId, connectionId: connection.connectionId, contentId: item.body.id };
    };
    const open = await newClient(`Contract Channels ${kind}`, false);
    const strict = await newClient(`Contract Channels strict ${kind}`, true);
    const listed = await call('GET', '/clients/{clientId}/connections', {
      path: `/clients/${open.clientId}/connections`,
      credential,
    });
    expect(listed.status).toBe(200);
    const template = '/clients/{clientId}/content/{contentId}/publications';
    const posts = `/clients/${open.clientId}/content/${open.contentId}/publications`;
    const post = (body: unknown, target = posts) =>
      call('POST', template, { path: target, credential, body });
    expect((await post({ text: 'no connection' })).status).toBe(400);
    const strictPosts = `/clients/${strict.clientId}/content/${strict.contentId}/publications`;
    expect(
      (await post({ connectionId: strict.connectionId, text: `Held ${kind}` }, strictPosts)).status,
    ).toBe(409);
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const scheduled = await post({
      connectionId: open.connectionId,
      text: `Later ${kind}`,
      scheduledAt: later,
    });
    expect(scheduled.status).toBe(201);
    const one = `${template}/{publicationId}`;
    const onePath = `${posts}/${(scheduled.body as { publicationId: string }).publicationId}`;
    expect((await call('GET', one, { path: onePath, credential })).status).toBe(200);
    const moved = await call('POST', `${one}/reschedule`, {
      path: `${onePath}/reschedule`,
      credential,
      body: { scheduledAt: new Date(Date.parse(later) + 86_400_000).toISOString() },
    });
    expect(moved.status).toBe(200);
    const badMove = await call('POST', `${one}/reschedule`, {
      path: `${onePath}/reschedule`,
      credential,
      body: {},
    });
    expect(badMove.status).toBe(400);
    expect((await call('POST', `${one}/retry`, { path: `${onePath}/retry`, credential })).status).toBe(409);
    expect((await call('DELETE', one, { path: onePath, credential })).status).toBe(200);
    // X refuses the next post, and Retry sends it; a published post cannot be moved.
    channels.servers.x.failNext(xFailures.duplicate(), { method: 'POST', path: '/2/tweets' });
    const refused = await post({ connectionId: open.connectionId, text: `Now ${kind}` });
    expect(refused.body).toMatchObject({ status: 'failed' });
    const refusedPath = `${posts}/${(refused.body as { publicationId: string }).publicationId}`;
    const retried = await call('POST', `${one}/retry`, { path: `${refusedPath}/retry`, credential });
    expect(retried.body).toMatchObject({ status: 'published' });
    const publishedMove = await call('POST', `${one}/reschedule`, {
      path: `${refusedPath}/reschedule`,
      credential,
      body: { scheduledAt: later },
    });
    expect(publishedMove.status).toBe(409);
    expect((await call('GET', template, { path: posts, credential })).status).toBe(200);
    // Disconnected, the published post can no longer be deleted from X: 409 says why.
    const disconnected = await call('DELETE', '/clients/{clientId}/connections/{connectionId}', {
      path: `/clients/${open.clientId}/connections/${open.connectionId}`,
      credential,
    });
    expect(disconnected.status).toBe(204);
    expect((await call('DELETE', one, { path: refusedPath, credential })).status).toBe(409);
  });

  it('every generation refuses a bad body with 400', async () => {
    for (const { path } of GENERATIONS) {
      expect((await call('POST', path, { credential, body: { model: 'no-such-model' } })).status, path).toBe(
        400,
      );
    }
  });
});

describe('review links', () => {
  it('reads a link (200, 304, 404) and decides on it (200, 400, 404, 409 stale_version), as documented', async () => {
    const owned = await app.request<Client>('POST', '/api/clients', {
      token: user.idToken,
      body: { name: 'Contract Review Bakery', website: 'https://contract-review.example' },
    });
    const saved = await app.request<ClientContent>('POST', `/api/clients/${owned.body.id}/content`, {
      token: user.idToken,
      body: {
        title: 'Offer',
        content: 'Three euros',
        html_content: '<p>Three euros</p>',
        content_type: 'blog',
      },
    });
    const itemPath = `/api/clients/${owned.body.id}/content/${saved.body.id}`;
    const sent = await app.request<CreatedReview>('POST', `${itemPath}/reviews`, {
      token: user.idToken,
      body: { reviewerName: 'Contract reviewer' },
    });
    const token = new URL(sent.body.reviewUrl).pathname.split('/').at(-1) ?? '';
    const read = (headers: Record<string, string> = {}) =>
      call('GET', '/reviews/{token}', { path: `/reviews/${token}`, credential: null, headers });
    const first = await read();
    expect(first.status).toBe(200);
    const opened = first.body as PublicReview;
    expect((await read({ 'if-none-match': first.headers.get('etag') ?? '' })).status).toBe(304);
    const unknown = 'A'.repeat(43);
    expect(
      (await call('GET', '/reviews/{token}', { path: `/reviews/${unknown}`, credential: null })).status,
    ).toBe(404);

    const decide = (body: unknown, at = token) =>
      call('POST', '/reviews/{token}/decision', { path: `/reviews/${at}/decision`, credential: null, body });
    expect((await decide({ decision: 'approve' })).status).toBe(400);
    expect((await decide({ decision: 'approve', versionId: opened.versionId }, unknown)).status).toBe(404);
    // The agency changes the words and keeps the open review: the page's version is no longer current.
    const revised = await app.request<ClientContent>('PUT', itemPath, {
      token: user.idToken,
      body: {
        title: 'Offer',
        content: 'Two euros',
        html_content: '<p>Two euros</p>',
        updateOpenReview: true,
      },
    });
    const stale = await decide({ decision: 'approve', versionId: opened.versionId });
    expect(stale.status).toBe(409);
    expect((stale.body as { error: { code: string } }).error.code).toBe('stale_version');
    const approved = await decide({ decision: 'approve', versionId: revised.body.versionId });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      comment: { versionId: revised.body.versionId },
    });
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

  it('answers 429 with Retry-After once the key has spent its default budget, and not before', async () => {
    const limit = DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE;
    const list = (credential: string) =>
      call('GET', '/clients', { path: '/clients?limit=1', credential, spendsBudget: true });
    // The budget is per fixed minute (functions/commons/rate-window.ts): should the minute turn while a
    // key spends it, no request is refused, and a new key spends a new budget.
    let refused: Reply | undefined;
    for (let attempt = 0; attempt < 3 && !refused; attempt += 1) {
      const credential = await newKey();
      const spent = await Promise.all(Array.from({ length: limit }, () => list(credential)));
      const next = await list(credential);
      if (next.status !== 429) continue;
      expect(spent.map((reply) => reply.status)).toEqual(spent.map(() => 200));
      refused = next;
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('has a generation case for every job endpoint the document lists', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-polling'?: unknown }>>;
    };
    const jobPaths = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.values(item).some((operation) => operation['x-polling']) ? [path] : [],
    );
    expect(GENERATIONS.map((generation) => generation.path).sort()).toEqual(jobPaths.sort());
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
          if (status === '415' && !(method === 'post' && path === '/clients')) continue;
          if (status === '429' && !(method === 'get' && path === '/clients')) continue;
          // A spent budget's 402 and a reused key's 409 and 422 are the same admission for every
          // generation: checked on the newsletter.
          if (
            ['402', '409', '422'].includes(status) &&
            GENERATIONS.some((generation) => generation.path === path)
          ) {
            if (path !== '/generate-newsletter') continue;
          }
          // The creating POSTs' Idempotency-Key replies are one wrapper's: checked on POST /clients.
          const creates = httpRoutes.some(
            (route) =>
              route.idempotent && route.path === `/api${path}` && route.method === method.toUpperCase(),
          );
          if (['409', '422'].includes(status) && creates && path !== '/clients') continue;
          // The generations' 404 (a client the caller cannot use) is checked for each; so are these.
          if (
            status === '404' &&
            !GENERATIONS.some((generation) => generation.path === path) &&
            ![
              '/jobs/{jobId}',
              '/clients/{clientId}',
              '/media/sign',
              '/media/{userId}/{jobId}/{fileName}',
              '/clients/{clientId}/budget',
              '/usage',
              '/usage/jobs',
              '/batches/{batchId}',
              '/batches/{batchId}/cancel',
              '/batches/{batchId}/retry-failed',
              '/clients/{clientId}/statements/{month}',
              '/clients/{clientId}/statements/{month}/links',
              '/clients/{clientId}/billing',
              '/clients/{clientId}/content/{contentId}/approvals/override',
              '/reviews/{token}',
              '/reviews/{token}/decision',
              '/clients/{clientId}/content',
              '/clients/{clientId}/content/{contentId}',
              '/clients/{clientId}/content/{contentId}/reviews',
              '/webhooks/{webhookId}',
              '/webhooks/{webhookId}/deliveries',
              '/webhooks/{webhookId}/test',
              '/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
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
