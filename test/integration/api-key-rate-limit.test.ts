import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '#shared/api-keys';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The per-key budget, with a small budget and a short window so the test sees a window end:
 * 3 requests per 3 s here (60 per minute by default).
 */

const LIMIT = 3;
const WINDOW_SECONDS = 3;

let app: TestRuntime;
let user: TestUser;

beforeAll(async () => {
  app = await startTestRuntime({
    env: { API_KEY_RATE_LIMIT: String(LIMIT), API_KEY_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS) },
  });
  user = await app.createUser();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function newKey(): Promise<string> {
  const response = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
    token: user.idToken,
    body: { name: 'Budget' },
  });
  return response.body.key;
}

/** Waits for the start of a fresh window, so a burst of LIMIT + 1 requests falls in one window. */
async function atWindowStart(): Promise<void> {
  const windowMs = WINDOW_SECONDS * 1000;
  await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 20));
}

describe('the per-key rate limit', () => {
  it('answers 429 with Retry-After and the JSON error past the budget, and lets the key in again after', async () => {
    const key = await newKey();
    await atWindowStart();
    const statuses: number[] = [];
    const left: (string | null)[] = [];
    for (let index = 0; index < LIMIT; index += 1) {
      const reply = await app.request('GET', '/api/clients', { token: key });
      statuses.push(reply.status);
      expect(reply.headers.get('ratelimit-policy')).toBe(`"key";q=${LIMIT};w=${WINDOW_SECONDS}`);
      left.push(reply.headers.get('ratelimit')?.replace(/;t=\d+$/, '') ?? null);
      expect(reply.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    }
    const refused = await app.request('GET', '/api/clients', { token: key });
    expect(statuses).toEqual([200, 200, 200]);
    // The IETF draft's fields: what is left after each request, none once refused.
    expect(left).toEqual(['"key";r=2', '"key";r=1', '"key";r=0']);
    expect(refused.headers.get('ratelimit')).toMatch(/^"key";r=0;t=\d+$/);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    expect((await app.request('GET', '/api/clients', { token: key })).status).toBe(200);
  });

  it('counts every key on its own, and never counts the app’s login-token traffic', async () => {
    const first = await newKey();
    const second = await newKey();
    await atWindowStart();
    for (let index = 0; index < LIMIT; index += 1) await app.request('GET', '/api/clients', { token: first });
    expect((await app.request('GET', '/api/clients', { token: first })).status).toBe(429);
    expect((await app.request('GET', '/api/clients', { token: second })).status).toBe(200);
    for (let index = 0; index < LIMIT + 2; index += 1) {
      const reply = await app.request('GET', '/api/clients', { token: user.idToken });
      expect(reply.status).toBe(200);
      // The app's own traffic has no quota to show.
      expect(reply.headers.get('ratelimit')).toBeNull();
    }
  });

  it('never overspends under concurrent requests (one conditional update per request)', async () => {
    const key = await newKey();
    await atWindowStart();
    const statuses = await Promise.all(
      Array.from({ length: LIMIT * 3 }, () => app.request('GET', '/api/clients', { token: key })),
    );
    expect(statuses.filter((response) => response.status === 200).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((response) => response.status === 429).length).toBeGreaterThanOrEqual(LIMIT * 2);
  });
});
