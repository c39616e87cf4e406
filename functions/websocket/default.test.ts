import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envNames } from '#contract/routes';
import { handler } from './default';
import type { AuthorizedWebSocketEvent } from './websocket-event';

const management = mockClient(ApiGatewayManagementApiClient);

const message = (body: string | undefined): AuthorizedWebSocketEvent =>
  ({
    body,
    isBase64Encoded: false,
    requestContext: { connectionId: 'conn-1', routeKey: '$default', eventType: 'MESSAGE' },
  }) as AuthorizedWebSocketEvent;

describe('$default (keep-alive pings)', () => {
  const previous = process.env[envNames.webSocketCallbackUrl];
  beforeAll(() => {
    process.env[envNames.webSocketCallbackUrl] = 'https://ws.example.com/prod';
  });
  afterAll(() => {
    if (previous === undefined) delete process.env[envNames.webSocketCallbackUrl];
    else process.env[envNames.webSocketCallbackUrl] = previous;
  });
  beforeEach(() => management.reset());

  it('answers a ping with a pong on the same connection', async () => {
    management.on(PostToConnectionCommand).resolves({});
    expect(await handler(message('{"type":"ping"}'))).toEqual({ statusCode: 200, body: '' });
    const calls = management.commandCalls(PostToConnectionCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input.ConnectionId).toBe('conn-1');
    expect(new TextDecoder().decode(calls[0]?.args[0].input.Data as Uint8Array)).toBe('{"type":"pong"}');
  });

  it('does not fail when the socket closed before the pong', async () => {
    management
      .on(PostToConnectionCommand)
      .rejects(new GoneException({ message: 'gone', $metadata: { httpStatusCode: 410 } }));
    expect(await handler(message('{"type":"ping"}'))).toEqual({ statusCode: 200, body: '' });
  });

  it('ignores other messages and refuses what is not JSON', async () => {
    expect(await handler(message('{"type":"hello"}'))).toEqual({ statusCode: 200, body: '' });
    expect(await handler(message('ping'))).toEqual({ statusCode: 400, body: 'Messages must be JSON' });
    expect(management.commandCalls(PostToConnectionCommand)).toHaveLength(0);
  });
});
