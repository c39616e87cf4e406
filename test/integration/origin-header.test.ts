import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envNames } from '#contract/routes';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "WebSocket keep-alive and the CloudFront-only API": the API cannot be reached around
 * CloudFront. The app port plays CloudFront and adds the secret origin header to every /api request; the API
 * port is execute-api reached directly, where a request needs that header to get past the authorizer: without
 * it API Gateway answers 401 (a missing identity source), with a wrong value the authorizer refuses (403).
 */

let app: TestRuntime;
let user: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  user = await app.createUser();
});

afterAll(async () => {
  await app?.stop();
});

const direct = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.runtime.endpoints.api}${path}`, { headers });
const originSecret = () => process.env[envNames.originSecret] ?? '';
const bearer = () => `Bearer ${user.idToken}`;

describe('the API behind the local CloudFront', () => {
  it('works through the app port, which adds the header', async () => {
    const me = await app.request<{ email: string }>('GET', '/api/me', { token: user.idToken });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(user.email);
    expect((await app.request('GET', '/api/health')).status).toBe(200);
  });

  it('replaces a header the caller sends with its own, as CloudFront does', async () => {
    const me = await app.request('GET', '/api/me', {
      token: user.idToken,
      headers: { [ORIGIN_VERIFY_HEADER]: 'forged' },
    });
    expect(me.status).toBe(200);
  });

  it('refuses a request straight to the API without the header, with a valid token or on a public route', async () => {
    const me = await direct('/api/me', { authorization: bearer() });
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ message: 'Unauthorized' });
    expect((await direct('/api/health')).status).toBe(401);
    expect((await direct('/api/openapi.json')).status).toBe(401);
  });

  it('refuses a request straight to the API with a wrong header value (403)', async () => {
    const me = await direct('/api/me', { authorization: bearer(), [ORIGIN_VERIFY_HEADER]: 'guessed' });
    expect(me.status).toBe(403);
    expect(await me.json()).toEqual({ message: 'Forbidden' });
    expect((await direct('/api/health', { [ORIGIN_VERIFY_HEADER]: 'guessed' })).status).toBe(403);
  });

  it('serves a request straight to the API that carries the right header, uncompressed', async () => {
    const me = await direct('/api/me', {
      authorization: bearer(),
      [ORIGIN_VERIFY_HEADER]: originSecret(),
      'accept-encoding': 'gzip',
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('content-encoding')).toBeNull();
    expect(await me.json()).toMatchObject({ email: user.email });
    expect((await direct('/api/health', { [ORIGIN_VERIFY_HEADER]: originSecret() })).status).toBe(200);
  });
});
