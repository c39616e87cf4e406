import { describe, expect, it } from 'vitest';
import * as z from '#shared/validation/zod';
import { ApiError, createApiClient, errorMessage, isSessionEnded, SessionEndedError } from './api-client';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fakeServer(
  respond: (call: Call) => Response | Promise<Response>,
  token: string | null = 'id-token',
) {
  const calls: Call[] = [];
  const sessionEnds: number[] = [];
  const client = createApiClient({
    fetch: async (input, init) => {
      const call = { url: String(input), init };
      calls.push(call);
      return respond(call);
    },
    getToken: async () => token,
    baseUrl: () => 'https://api.example.test',
    onSessionEnded: () => sessionEnds.push(Date.now()),
  });
  return { client, calls, sessionEnds };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('sends the ID token as a bearer token and JSON bodies', async () => {
    const { client, calls } = fakeServer(() => json(201, { id: 'c1' }));
    await expect(client.post('/api/clients', { name: 'Acme' })).resolves.toEqual({ id: 'c1' });
    const [call] = calls;
    expect(call?.url).toBe('https://api.example.test/api/clients');
    expect(call?.init?.method).toBe('POST');
    expect(call?.init?.body).toBe('{"name":"Acme"}');
    expect(call?.init?.headers).toMatchObject({
      authorization: 'Bearer id-token',
      'content-type': 'application/json',
    });
  });

  it('sends no authorization header when signed out', async () => {
    const { client, calls } = fakeServer(() => json(200, {}), null);
    await client.get('/api/health');
    expect(calls[0]?.init?.headers).not.toHaveProperty('authorization');
  });

  it("surfaces the server's error code and message", async () => {
    const { client } = fakeServer(() => json(403, { error: { code: 'FORBIDDEN', message: 'Admins only' } }));
    const error = await client.get('/api/activities').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Admins only', fromServer: true });
    expect(errorMessage(error, 'Failed to fetch clients')).toBe('Admins only');
  });

  it('falls back to the caller text when the server gave no message', async () => {
    const { client } = fakeServer(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await client.get('/api/clients').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', fromServer: false });
    expect(errorMessage(error, 'Failed to fetch clients')).toBe('Failed to fetch clients');
    expect(errorMessage(new Error('boom'), 'Failed to add client')).toBe('Failed to add client');
  });

  it('reports an unreachable server as a network error', async () => {
    const { client } = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/api/me')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('validates the body with the given schema', async () => {
    const { client } = fakeServer(() => json(200, { email: 'a@example.com', isAdmin: 'yes' }));
    const schema = z.object({ email: z.string(), isAdmin: z.boolean() });
    await expect(client.get('/api/me', { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('returns null for an empty success body', async () => {
    const { client } = fakeServer(() => new Response(null, { status: 204 }));
    await expect(client.delete('/api/clients/c1')).resolves.toBeNull();
  });

  it('refuses a path that is not absolute', async () => {
    const { client } = fakeServer(() => json(200, {}));
    await expect(client.get('api/me')).rejects.toThrow("API paths start with '/'");
  });

  it('turns a 401 into SessionEndedError and ends the session once per refused call', async () => {
    const { client, calls, sessionEnds } = fakeServer(() =>
      json(401, { error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } }),
    );
    const error = await client.get('/api/clients').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(error).toBeInstanceOf(ApiError);
    expect(isSessionEnded(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, code: 'SESSION_ENDED' });
    expect(errorMessage(error, 'Failed to fetch clients')).toBe(
      'Your session has ended. Please sign in again.',
    );
    expect(calls).toHaveLength(1);
    expect(sessionEnds).toHaveLength(1);
  });

  it('does not sign out for a 401 to a call made without a token', async () => {
    const { client, sessionEnds } = fakeServer(() => json(401, { message: 'Unauthorized' }), null);
    const error = await client.get('/api/me').catch((caught: unknown) => caught);
    expect(isSessionEnded(error)).toBe(true);
    expect(sessionEnds).toHaveLength(0);
  });

  it('does not treat a 403 as an ended session', async () => {
    const { client, sessionEnds } = fakeServer(() =>
      json(403, { error: { code: 'FORBIDDEN', message: 'No' } }),
    );
    const error = await client.get('/api/activities').catch((caught: unknown) => caught);
    expect(isSessionEnded(error)).toBe(false);
    expect(sessionEnds).toHaveLength(0);
  });
});
