import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyResultV2,
  APIGatewayRequestAuthorizerEvent,
} from 'aws-lambda';
import { WebSocket, WebSocketServer } from 'ws';
import { webSocketRoutes } from '#contract/routes';
import type { FunctionInvoker } from './functions/function-host';

/**
 * The WebSocket API stand-in: `ws` connections run the same `$connect` authorizer and
 * `$connect`/`$disconnect`/`$default` handlers as API Gateway, and `postToConnection` is what the
 * local `ApiGatewayManagementApi` endpoint (internal-server.ts) calls.
 */

type WsRouteKey = '$connect' | '$disconnect' | '$default';

/** The function of a route key (its id in the route table). */
function functionFor(routeKey: WsRouteKey): string {
  const route = webSocketRoutes.find((candidate) => candidate.routeKey === routeKey);
  if (!route) throw new Error(`No WebSocket route for ${routeKey}`);
  return route.id;
}

export class WebSocketGateway {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  private readonly sockets = new Map<string, WebSocket>();
  /** Upgrades and handler calls under way: close() waits for them (the runtime bounds the wait). */
  private readonly pending = new Set<Promise<unknown>>();
  private closing = false;
  private functions: FunctionInvoker | undefined;

  constructor(
    private readonly path: string,
    private readonly log: (line: string) => void,
  ) {}

  /** The runtime's function host, once it runs (the gateway exists before, for the internal server). */
  attachFunctions(functions: FunctionInvoker): void {
    this.functions = functions;
  }

  private invoke<Result>(functionId: string, event: unknown): Promise<Result> {
    if (!this.functions) return Promise.reject(new Error('The functions are not running yet'));
    return this.functions.invoke<Result>(functionId, event);
  }

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

  /** Runs `work` as one of the calls close() waits for. */
  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const settled = () => this.pending.delete(work);
    work.then(settled, settled);
    return work;
  }

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    if (this.closing) {
      this.refuse(socket, 503, 'Service Unavailable');
      return Promise.resolve();
    }
    return this.track(this.connect(request, socket, head, url));
  }

  private async connect(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    // A client that hangs up while its upgrade is being authorized must not take the runtime with it.
    socket.on('error', (error) => this.log(`WebSocket upgrade socket failed: ${error.message}`));
    const query = Object.fromEntries(url.searchParams.entries());
    const connectionId = randomBytes(12).toString('base64url');
    let context: Record<string, unknown>;
    // The WebSocket API's identity source (infra/websocket-api.ts): without it API Gateway answers 401
    // and never calls the authorizer.
    if (!query.token) {
      this.refuse(socket, 401, 'Unauthorized');
      return;
    }
    try {
      const event: APIGatewayRequestAuthorizerEvent = {
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
      };
      const verdict = await this.invoke<APIGatewayAuthorizerResult>('WsAuthorizer', event);
      const allowed = verdict.policyDocument.Statement.some((statement) => statement.Effect === 'Allow');
      if (!allowed) {
        this.refuse(socket, 403, 'Forbidden');
        return;
      }
      context = { ...(verdict.context ?? {}), principalId: verdict.principalId };
    } catch {
      // The authorizer failed (it refuses bad tokens with a Deny): API Gateway answers 500.
      this.refuse(socket, 500, 'Internal Server Error');
      return;
    }

    const connected = await this.invoke<APIGatewayProxyResultV2>(
      functionFor('$connect'),
      this.event(connectionId, '$connect', context),
    ).catch(() => ({ statusCode: 500 }));
    const status = typeof connected === 'object' && connected.statusCode ? connected.statusCode : 200;
    if (status < 200 || status >= 300) {
      this.refuse(socket, status, 'Refused');
      return;
    }
    if (this.closing) {
      // Closing began while $connect ran: the connection it stored ends here, as API Gateway would end it.
      this.refuse(socket, 503, 'Service Unavailable');
      await this.disconnected(connectionId, context);
      return;
    }

    this.server.handleUpgrade(request, socket, head, (ws) => {
      this.sockets.set(connectionId, ws);
      // A frame over the quota (ws answers 1009, as API Gateway does over its 128 KB), a malformed frame
      // (1002) or a reset: ws closes that socket with the right code and reports it here. Without a listener
      // the 'error' event would end the whole runtime (docs/decisions.md, "The outside probe's findings").
      ws.on('error', (error) => this.log(`WebSocket ${connectionId} closed: ${error.message}`));
      ws.on('message', (data) => {
        void this.track(
          this.invoke<APIGatewayProxyResultV2>(
            functionFor('$default'),
            this.event(connectionId, '$default', context, data.toString()),
          ),
        ).catch((error: unknown) => this.log(`✗ WebSocket $default failed: ${String(error)}`));
      });
      ws.on('close', () => {
        this.sockets.delete(connectionId);
        void this.track(this.disconnected(connectionId, context));
      });
    });
  }

  /** Runs `$disconnect` for a connection that ended; its failure is the handler's own to log. */
  private async disconnected(connectionId: string, context: Record<string, unknown>): Promise<void> {
    await this.invoke<APIGatewayProxyResultV2>(
      functionFor('$disconnect'),
      this.event(connectionId, '$disconnect', context),
    ).catch(() => undefined);
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

  /**
   * Refuses new connections, closes every socket and waits until each `$disconnect` (and any `$connect`
   * or `$default` under way) has run: their writes must reach the emulators, which the runtime stops
   * after this.
   */
  async close(): Promise<void> {
    this.closing = true;
    const closed = [...this.sockets.values()].map(
      (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
    );
    for (const socket of this.sockets.values()) socket.terminate();
    await Promise.all(closed);
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
