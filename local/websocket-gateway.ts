import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyResultV2,
  APIGatewayRequestAuthorizerEvent,
} from 'aws-lambda';
import { WebSocket, WebSocketServer } from 'ws';
import { backgroundFunctions, webSocketRoutes } from '#infra/routes';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';

/**
 * The WebSocket API stand-in: `ws` connections run the same `$connect` authorizer and
 * `$connect`/`$disconnect`/`$default` handlers as API Gateway, and `postToConnection` is what the
 * local `ApiGatewayManagementApi` endpoint (internal-server.ts) calls.
 */

type WsRouteKey = '$connect' | '$disconnect' | '$default';

function entryFor(routeKey: WsRouteKey): string {
  const route = webSocketRoutes.find((candidate) => candidate.routeKey === routeKey);
  if (!route) throw new Error(`No WebSocket route for ${routeKey}`);
  return route.entry;
}

export class WebSocketGateway {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  private readonly sockets = new Map<string, WebSocket>();

  constructor(
    private readonly path: string,
    private readonly log: (line: string) => void,
  ) {}

  handles(url: URL): boolean {
    return url.pathname === this.path;
  }

  private event(
    connectionId: string,
    routeKey: WsRouteKey,
    authorizer: Record<string, unknown>,
    body?: string,
  ) {
    const eventType =
      routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE';
    return {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        authorizer,
        messageId: randomBytes(8).toString('hex'),
        extendedRequestId: randomBytes(8).toString('hex'),
        requestTime: new Date().toUTCString(),
        messageDirection: 'IN',
        stage: 'local',
        connectedAt: Date.now(),
        requestTimeEpoch: Date.now(),
        requestId: randomBytes(8).toString('hex'),
        domainName: '127.0.0.1',
        apiId: 'local',
      },
      body,
      isBase64Encoded: false,
    };
  }

  private refuse(socket: Duplex, status: number, text: string): void {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const query = Object.fromEntries(url.searchParams.entries());
    const connectionId = randomBytes(12).toString('base64url');
    let context: Record<string, unknown>;
    try {
      const authorizer = await loadHandler<APIGatewayRequestAuthorizerEvent, APIGatewayAuthorizerResult>(
        backgroundFunctions.webSocketAuthorizer,
      );
      const verdict = await authorizer(
        {
          type: 'REQUEST',
          methodArn: 'arn:aws:execute-api:local:000000000000:local/local/$connect',
          resource: '$connect',
          path: url.pathname,
          httpMethod: 'GET',
          headers: {},
          multiValueHeaders: {},
          pathParameters: {},
          queryStringParameters: query,
          multiValueQueryStringParameters: {},
          stageVariables: {},
          requestContext: this.event(connectionId, '$connect', {}).requestContext as never,
        },
        lambdaContext('WsAuthorizer'),
      );
      const allowed = verdict.policyDocument.Statement.some((statement) => statement.Effect === 'Allow');
      if (!allowed) {
        this.refuse(socket, 403, 'Forbidden');
        return;
      }
      context = { ...(verdict.context ?? {}), principalId: verdict.principalId };
    } catch {
      this.refuse(socket, 401, 'Unauthorized');
      return;
    }

    const connect = await loadHandler<unknown, APIGatewayProxyResultV2>(entryFor('$connect'));
    const connected = await connect(
      this.event(connectionId, '$connect', context),
      lambdaContext('WsConnect'),
    ).catch(() => ({ statusCode: 500 }));
    const status = typeof connected === 'object' && connected.statusCode ? connected.statusCode : 200;
    if (status < 200 || status >= 300) {
      this.refuse(socket, status, 'Refused');
      return;
    }

    this.server.handleUpgrade(request, socket, head, (ws) => {
      this.sockets.set(connectionId, ws);
      ws.on('message', async (data) => {
        const handler = await loadHandler<unknown, APIGatewayProxyResultV2>(entryFor('$default'));
        await handler(
          this.event(connectionId, '$default', context, data.toString()),
          lambdaContext('WsDefault'),
        ).catch((error: unknown) => this.log(`✗ WebSocket $default failed: ${String(error)}`));
      });
      ws.on('close', async () => {
        this.sockets.delete(connectionId);
        const handler = await loadHandler<unknown, APIGatewayProxyResultV2>(entryFor('$disconnect'));
        await handler(this.event(connectionId, '$disconnect', context), lambdaContext('WsDisconnect')).catch(
          () => undefined,
        );
      });
    });
  }

  /** What `PostToConnection` does: false when the connection is gone (API Gateway answers 410). */
  postToConnection(connectionId: string, data: Buffer): boolean {
    const socket = this.sockets.get(connectionId);
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(data.toString('utf8'));
    return true;
  }

  disconnect(connectionId: string): boolean {
    const socket = this.sockets.get(connectionId);
    if (!socket) return false;
    socket.close(1000, 'Closed by the server');
    return true;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets.values()) socket.terminate();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
