import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type EnforcingProxy, startEnforcingProxy } from './enforcing-proxy';

/** An emulator stand-in that counts the connections the proxy opens to it. */
async function countingUpstream(): Promise<{ server: Server; endpoint: string; connections: () => number }> {
  let connections = 0;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, endpoint: `http://127.0.0.1:${port}`, connections: () => connections };
}

const allowAll = { check: async () => ({ kind: 'allowed' as const }) };

describe('the IAM proxy in front of an emulator', () => {
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  async function proxyTo(endpoint: string, upstreamIdleMs: number): Promise<EnforcingProxy> {
    const proxy = await startEnforcingProxy({
      service: 'cognito-idp',
      target: endpoint,
      port: 0,
      enforcement: allowAll,
      log: () => {},
      upstreamIdleMs,
    });
    stops.push(proxy.stop);
    return proxy;
  }

  // Node 20's agent would otherwise keep an idle socket for the emulator's `Keep-Alive: timeout=5` and
  // write the next request into it just as the emulator closes it.
  it('reuses a kept connection while it is fresh and opens a new one once it has been idle', async () => {
    const upstream = await countingUpstream();
    stops.push(() => new Promise((resolve) => upstream.server.close(() => resolve())));
    upstream.server.keepAliveTimeout = 5_000;
    const proxy = await proxyTo(upstream.endpoint, 150);
    const call = async () => {
      const reply = await fetch(`${proxy.endpoint}/`, { method: 'OPTIONS' });
      await reply.arrayBuffer();
      expect(reply.status).toBe(200);
    };
    await call();
    await call();
    expect(upstream.connections()).toBe(1);
    await sleep(400);
    await call();
    expect(upstream.connections()).toBe(2);
    upstream.server.closeAllConnections();
  });
});
