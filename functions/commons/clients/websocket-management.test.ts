import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import { receivedSignature, sha256Hex } from '#functions/commons/testing/sigv4-reference';
import type { AwsError } from './aws-json-client';
import { WebSocketManagementClient, webSocketManagementClient } from './websocket-management';

/**
 * API Gateway's management API as a local server speaking its wire format: what a post sends (path,
 * signature, body), the errors as the SDK named them, and the retry policy shared with
 * aws-json-client.ts (sendWithRetries, sendSigned, awsError are exported from there for this client).
 */

interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

type Reply = { status: number; body?: string; headers?: Record<string, string> };

let server: LocalHttpServer;
let received: Received[] = [];
let replies: Reply[] = [];

const credentials = () => ({ accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' });

function answer(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks),
    });
    const reply = replies.shift() ?? { status: 200 };
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(reply.body ?? '');
  });
}

beforeAll(async () => {
  server = await startLocalHttpServer(answer);
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  received = [];
  replies = [];
});

const client = () =>
  new WebSocketManagementClient(`${server.origin}/prod`, {
    credentials,
    region: 'eu-west-1',
    retryDelayBase: 1,
  });

/** Checks the post's signature against the reference computation: its path is signed encoded twice. */
function expectValidlySigned(request: Received | undefined): void {
  const signed = request
    ? receivedSignature({ ...request, payloadHash: sha256Hex(request.body) }, 'secret')
    : null;
  expect(signed, String(request?.headers.authorization)).not.toBeNull();
  expect(signed).toMatchObject({ accessKeyId: 'AKIDTEST', service: 'execute-api', region: 'eu-west-1' });
  expect(signed?.signedHeaders).toEqual(
    expect.arrayContaining(['content-length', 'content-type', 'host', 'x-amz-date']),
  );
  expect(String(request?.headers['x-amz-date']).slice(0, 8)).toBe(signed?.date);
  expect(signed?.expected).toBe(signed?.signature);
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as AwsError,
  );

describe('WebSocket management client', () => {
  it('posts the raw message to the connection under the stage path, signed for execute-api', async () => {
    const message = new TextEncoder().encode('{"type":"pong","text":"é"}');
    await client().postToConnection('L0SM9cOFvHcCIhw=', message);
    expect(received).toHaveLength(1);
    const [post] = received;
    expect(post?.method).toBe('POST');
    expect(post?.path).toBe('/prod/@connections/L0SM9cOFvHcCIhw%3D');
    expect(post?.body.equals(Buffer.from(message))).toBe(true);
    expect(post?.headers['content-type']).toBe('application/octet-stream');
    expectValidlySigned(post);
  });

  it('encodes what encodeURIComponent leaves, as the SDK encodes a path label', async () => {
    await client().postToConnection("a/b (c)!*'", 'x');
    expect(received[0]?.path).toBe('/prod/@connections/a%2Fb%20%28c%29%21%2A%27');
    expectValidlySigned(received[0]);
  });

  it('names a 410 GoneException, once, whether or not the service named it', async () => {
    replies = [
      { status: 410, body: '{"message":"Gone"}' },
      { status: 410, body: '{"message":"Gone"}', headers: { 'x-amzn-errortype': 'GoneException' } },
    ];
    for (let post = 0; post < 2; post += 1) {
      const error = await failure(client().postToConnection('gone', 'x'));
      expect(error?.name).toBe('GoneException');
      expect(error?.message).toBe('Gone');
      expect(error?.$fault).toBe('client');
      expect(error?.$metadata.httpStatusCode).toBe(410);
      expect(error?.$metadata.attempts).toBe(1);
    }
    expect(received).toHaveLength(2);
  });

  it('refuses a forbidden post at once, with the name the service gave', async () => {
    replies = [
      { status: 403, body: '{"message":"Forbidden"}', headers: { 'x-amzn-errortype': 'ForbiddenException' } },
    ];
    const error = await failure(client().postToConnection('c', 'x'));
    expect(error?.name).toBe('ForbiddenException');
    expect(received).toHaveLength(1);
  });

  it('retries a throttled post (429) and a 5xx, up to three attempts', async () => {
    replies = [{ status: 429, body: '{"message":"Slow down"}' }, { status: 502 }, { status: 200 }];
    await client().postToConnection('c', 'x');
    expect(received).toHaveLength(3);

    received = [];
    replies = [
      {
        status: 429,
        body: '{"message":"Slow down"}',
        headers: { 'x-amzn-errortype': 'LimitExceededException' },
      },
      { status: 503 },
      { status: 429, body: '{"message":"Slow down"}' },
    ];
    const error = await failure(client().postToConnection('c', 'x'));
    expect(error?.name).toBe('LimitExceededException');
    expect(error?.$metadata.attempts).toBe(3);
    expect(error?.$metadata.httpStatusCode).toBe(429);
    expect(received).toHaveLength(3);
  });

  it('keeps one client per callback URL', () => {
    expect(webSocketManagementClient('https://a.example.com/prod')).toBe(
      webSocketManagementClient('https://a.example.com/prod'),
    );
    expect(webSocketManagementClient('https://b.example.com/prod')).not.toBe(
      webSocketManagementClient('https://a.example.com/prod'),
    );
  });
});
