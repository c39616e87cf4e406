import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a local test server received. */
export interface ServerHit {
  readonly method: string;
  readonly path: string;
  readonly host: string | undefined;
}

export interface LocalHttpServer {
  readonly port: number;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** `127.0.0.1:PORT`, the form FETCH_ALLOW_HOSTS takes. */
  readonly hostPort: string;
  /** Every request received, in order: a canary's list must stay empty. */
  readonly hits: readonly ServerHit[];
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Starts an HTTP server on 127.0.0.1 on a free port that records every request before handling it. */
export async function startLocalHttpServer(handler: Handler): Promise<LocalHttpServer> {
  const hits: ServerHit[] = [];
  const server = createServer((request, response) => {
    hits.push({ method: request.method ?? '', path: request.url ?? '', host: request.headers.host });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Handlers that never answer keep sockets open; a test server must not outlive its test.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
