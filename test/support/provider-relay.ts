import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * One fixed address for a test runtime's AI providers, relayed to the fake provider server the current
 * test started. Each function reads its environment (the providers' base URLs among it) when its thread
 * starts, as a Lambda container does, so a runtime cannot be pointed at a new server per test; it is
 * pointed here once, and the relay at each test's server. Bytes pass through unchanged, streamed both
 * ways; a connection the fake server cuts is cut here too, so dropped and stalled replies stay what the
 * provider's adapter sees.
 */

export interface ProviderRelay {
  /** `http://127.0.0.1:PORT`: give it to the runtime in place of the fake server's origin. */
  readonly origin: string;
  /** Where requests go from now on (a fake server's origin); undefined answers 503. */
  relayTo(origin: string | undefined): void;
  close(): Promise<void>;
}

export async function startProviderRelay(): Promise<ProviderRelay> {
  let target: URL | undefined;
  const sockets = new Set<Socket>();
  const server = createServer((incoming, outgoing) => {
    if (!target) {
      outgoing.writeHead(503, { 'content-type': 'text/plain' });
      outgoing.end('No fake provider server is running for this test.');
      return;
    }
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(outgoing);
        reply.on('aborted', () => outgoing.destroy());
        reply.on('error', () => outgoing.destroy());
      },
    );
    upstream.on('error', () => outgoing.destroy());
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    relayTo: (origin) => {
      target = origin === undefined ? undefined : new URL(origin);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
