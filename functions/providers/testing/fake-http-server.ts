import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * A local HTTP server (127.0.0.1, free port) for contract tests and benchmarks of provider adapters.
 * It records every request as it arrives and answers each one with the next scripted reply, or with
 * the provider's normal success reply once the script runs out.
 */

export interface RecordedRequest {
  /** 0 for the first request the server received. */
  readonly index: number;
  readonly method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly bodyText: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly body: unknown;
  /** `performance.now()` when the request finished arriving (benchmarks measure with it). */
  readonly arrivedAt: number;
}

/** A reply every fake provider understands, besides its own success reply. */
export type FakeFailure =
  /** An HTTP error in the provider's own error format (see each server's error body helper). */
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly body: unknown;
      readonly headers?: Record<string, string>;
    }
  /** Accepts the request and never answers, until the server is closed. */
  | { readonly kind: 'hang' }
  /** Any bytes at all, e.g. malformed JSON. */
  | {
      readonly kind: 'raw';
      readonly status?: number;
      readonly contentType: string;
      readonly body: string;
      readonly headers?: Record<string, string>;
    };

export interface FakeServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

export type RequestHandler = (request: RecordedRequest, response: ServerResponse) => Promise<void> | void;

export async function startFakeServer(handle: RequestHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((incoming, response) => {
    void receive(incoming, requests.length).then(async (request) => {
      requests.push(request);
      try {
        await handle(request, response);
      } catch (error) {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`fake server failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function receive(incoming: IncomingMessage, index: number): Promise<RecordedRequest> {
  const parts: Buffer[] = [];
  for await (const part of incoming) parts.push(part as Buffer);
  const bodyText = Buffer.concat(parts).toString('utf8');
  let body: unknown;
  try {
    body = bodyText === '' ? undefined : JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  return {
    index,
    method: incoming.method ?? 'GET',
    url: incoming.url ?? '/',
    headers: incoming.headers,
    bodyText,
    body,
    arrivedAt: performance.now(),
  };
}

/** Answers a scripted failure. Returns false when the reply is not a failure (the caller handles it). */
export function sendFailure(
  response: ServerResponse,
  reply: FakeFailure | { readonly kind: string },
): boolean {
  switch (reply.kind) {
    case 'error': {
      const failure = reply as Extract<FakeFailure, { kind: 'error' }>;
      sendJson(response, failure.status, failure.body, failure.headers);
      return true;
    }
    case 'hang':
      return true;
    case 'raw': {
      const raw = reply as Extract<FakeFailure, { kind: 'raw' }>;
      response.writeHead(raw.status ?? 200, { 'content-type': raw.contentType, ...raw.headers });
      response.end(raw.body);
      return true;
    }
    default:
      return false;
  }
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * Writes server-sent events one by one, `delayMs` apart (the simulated generation speed), and ends the
 * response unless told to leave it open or to drop the connection.
 */
export async function sendEvents(
  response: ServerResponse,
  events: readonly string[],
  options: {
    readonly delayMs?: number;
    /** Pause after the first event before the rest: a model's time to first token (benchmarks). */
    readonly firstEventDelayMs?: number;
    /** Called as each event is written, with its index (only when events are paced). */
    readonly onWrite?: (index: number) => void;
    readonly end?: 'close' | 'stall' | 'drop';
    readonly headers?: Record<string, string>;
  } = {},
): Promise<void> {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...options.headers,
  });
  if (!options.delayMs && !options.firstEventDelayMs) {
    // One write: as fast as a local server can deliver, so benchmarks measure the client, not this fake.
    response.write(events.join(''));
  } else {
    for (const [index, event] of events.entries()) {
      if (response.destroyed) return;
      response.write(event);
      options.onWrite?.(index);
      await delay(
        index === 0 && options.firstEventDelayMs ? options.firstEventDelayMs : (options.delayMs ?? 0),
      );
    }
  }
  if (options.end === 'stall') return;
  if (options.end === 'drop') {
    // FIN after the bytes already written, without the final empty chunk: a connection cut mid-reply.
    response.socket?.end();
    return;
  }
  response.end();
}

/** The next scripted reply for this request, or undefined once the script is used up. */
export function scripted<Reply>(
  replies: readonly Reply[] | undefined,
  request: RecordedRequest,
): Reply | undefined {
  return replies?.[request.index];
}

/** A 1×1 transparent PNG. */
export const TINY_PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** An ID3 tag followed by one silent MPEG-1 Layer III frame header: enough to be recognised as MP3. */
export const TINY_MP3 = new Uint8Array([
  0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xfb, 0x90, 0x64, 0x00, 0x00, 0x00, 0x00,
]);
