import { describe, expect, it } from 'vitest';
import type { HttpEvent } from './http-wrap';
import { publicHttpHandler } from './public-http-handler';

const event = (routeKey: string): HttpEvent =>
  ({
    routeKey,
    rawPath: routeKey.split(' ')[1] ?? '/',
    headers: {},
    requestContext: { authorizer: { lambda: {} } },
    isBase64Encoded: false,
  }) as unknown as HttpEvent;

const health = publicHttpHandler({ handle: async () => ({ status: 'ok' }) });

describe('publicHttpHandler', () => {
  it('serves a route the table marks public without credentials', async () => {
    const reply = await health(event('GET /api/health'), {} as never);
    expect(reply.statusCode).toBe(200);
    expect(JSON.parse(String(reply.body))).toEqual({ status: 'ok' });
  });

  it('refuses to serve a route that needs credentials (fails closed)', async () => {
    const reply = await health(event('GET /api/clients'), {} as never);
    expect(reply.statusCode).toBe(403);
    expect(JSON.parse(String(reply.body)).error.code).toBe('forbidden');
  });

  it('refuses a route the table does not list', async () => {
    const reply = await health(event('GET /api/nowhere'), {} as never);
    expect(reply.statusCode).toBe(403);
  });
});
