import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpMethod, httpRoutes } from '#contract/routes';
import { MAX_API_REQUEST_BODY_BYTES } from '#shared/api-limits';
import { type ContractCheck, openApiContract } from '#test/support/openapi-contract';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "The outside probe's findings": every refusal has the documented body `{error: {code,
 * message}}`, checked against the OpenAPI document's `Error` schema with a JSON-Schema validator, through the
 * app port (what CloudFront serves): every route without credentials, with a `Basic` or an empty `Bearer`,
 * with a token or key that is not valid (401 and `WWW-Authenticate: Bearer`), every path with a method it
 * does not serve (405 and `Allow`), unknown paths (404), a body over the API's limit (413) and a malformed
 * path (400).
 */

let app: TestRuntime;
let user: TestUser;
let contract: ContractCheck;

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const SAMPLE_ID = '01J00000000000000000000000';

beforeAll(async () => {
  app = await startTestRuntime();
  user = await app.createUser();
  const document = await fetch(`${app.url}/api/openapi.json`);
  contract = openApiContract((await document.json()) as Record<string, unknown>);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const concrete = (path: string) => path.replace(/\{\w+\}/g, SAMPLE_ID);

async function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the schema check says what is wrong with it.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

function expectError(reply: Awaited<ReturnType<typeof send>>, status: number, label: string): void {
  expect(reply.status, label).toBe(status);
  expect(contract.component('Error', reply.body), `${label}: ${JSON.stringify(reply.body)}`).toEqual([]);
}

const credentialed = httpRoutes.filter((route) => route.auth !== 'public');

describe('a request without valid credentials gets 401, the Error body and a Bearer challenge', () => {
  const attempts: ReadonlyArray<readonly [string, Record<string, string>, RegExp]> = [
    ['no Authorization header', {}, /^Bearer realm="LBM Studio"$/],
    ['Basic credentials', { authorization: 'Basic dXNlcjpwYXNz' }, /^Bearer realm="LBM Studio"$/],
    ['an empty Bearer', { authorization: 'Bearer ' }, /^Bearer realm="LBM Studio"$/],
    ['a token that is not a JWT', { authorization: 'Bearer not-a-token' }, /error="invalid_token"/],
    ['an unknown API key', { authorization: `Bearer lbm_${'x'.repeat(43)}` }, /error="invalid_token"/],
  ];

  it.each(credentialed.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      for (const [label, headers, challenge] of attempts) {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
        const reply = await send(route.method, concrete(route.path), headers, body);
        expectError(reply, 401, `${route.id}, ${label}`);
        expect(reply.headers.get('www-authenticate'), `${route.id}, ${label}`).toMatch(challenge);
      }
    },
  );
});

describe('a known path with a method it does not serve gets 405 and Allow', () => {
  const byPath = new Map<string, HttpMethod[]>();
  for (const route of httpRoutes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.method]);

  it.each([...byPath].map(([path, methods]) => [path, methods] as const))('%s', async (path, methods) => {
    for (const method of METHODS.filter((candidate) => !methods.includes(candidate))) {
      const reply = await send(method, concrete(path), { authorization: `Bearer ${user.idToken}` });
      expectError(reply, 405, `${method} ${path}`);
      expect(reply.headers.get('allow'), `${method} ${path}`).toBe([...methods].sort().join(', '));
    }
  });

  it('answers OPTIONS on a known path with the methods it serves', async () => {
    const reply = await fetch(`${app.url}/api/clients`, { method: 'OPTIONS' });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('allow')).toBe('GET, OPTIONS, POST');
  });
});

describe('other refusals of the gateway', () => {
  it.each(['/api/nope', '/api/clients/x/y/z/w', '/api/', '/api/jobs'])('%s is 404', async (path) => {
    const reply = await send('GET', path, { authorization: `Bearer ${user.idToken}` });
    expectError(reply, 404, path);
    expect((reply.body as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('refuses a body over the limit with 413, before any handler runs', async () => {
    const reply = await send(
      'POST',
      '/api/clients',
      { authorization: `Bearer ${user.idToken}` },
      `{"name":"${'x'.repeat(MAX_API_REQUEST_BODY_BYTES)}"}`,
    );
    expectError(reply, 413, 'body over the limit');
    expect((reply.body as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('refuses a path with a malformed %-escape with 400', async () => {
    const reply = await send('GET', '/api/clients/%E0%A4%A', { authorization: `Bearer ${user.idToken}` });
    expectError(reply, 400, 'malformed escape');
  });

  it('refuses a key on a route that is not part of the public API with 403', async () => {
    const created = await app.request<{ key: string }>('POST', '/api/api-keys', {
      token: user.idToken,
      body: { name: 'Contract' },
    });
    expect(created.status).toBe(201);
    const reply = await send('GET', '/api/me', { authorization: `Bearer ${created.body.key}` });
    expectError(reply, 403, 'key on /api/me');
  });
});
