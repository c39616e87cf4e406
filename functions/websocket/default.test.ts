import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import { envNames } from '#infra/routes';
import { handler } from './default';
import type { AuthorizedWebSocketEvent } from './websocket-event';

/** A local server speaking API Gateway's management API stands in for the stage's callback URL. */

let management: LocalHttpServer;
let status = 200;
let posts: { path: string; body: string }[] = [];

function answerPost(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    posts.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(status === 410 ? '{"message":"Gone"}' : '{}');
  });
}

const message = (body: string | undefined): AuthorizedWebSocketEvent =>
  ({
    body,
    isBase64Encoded: false,
    requestContext: { connectionId: 'conn-1', routeKey: '$default', eventType: 'MESSAGE' },
  }) as AuthorizedWebSocketEvent;

describe('$default (issue 17 item 8: keep-alive pings)', () => {
  const saved = { ...process.env };
  beforeAll(async () => {
    management = await startLocalHttpServer(answerPost);
    process.env.AWS_ACCESS_KEY_ID = 'test';
    process.env.AWS_SECRET_ACCESS_KEY = 'test';
    process.env[envNames.webSocketCallbackUrl] = `${management.origin}/prod`;
  });
  afterAll(async () => {
    process.env = saved;
    await management.close();
  });
  beforeEach(() => {
    status = 200;
    posts = [];
  });

  it('answers a ping with a pong on the same connection', async () => {
    expect(await handler(message('{"type":"ping"}'))).toEqual({ statusCode: 200, body: '' });
    expect(posts).toEqual([{ path: '/prod/@connections/conn-1', body: '{"type":"pong"}' }]);
  });

  it('does not fail when the socket closed before the pong', async () => {
    status = 410;
    expect(await handler(message('{"type":"ping"}'))).toEqual({ statusCode: 200, body: '' });
    expect(posts).toHaveLength(1);
  });

  it('ignores other messages and refuses what is not JSON', async () => {
    expect(await handler(message('{"type":"hello"}'))).toEqual({ statusCode: 200, body: '' });
    expect(await handler(message('ping'))).toEqual({ statusCode: 400, body: 'Messages must be JSON' });
    expect(posts).toHaveLength(0);
  });
});
