import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { backgroundFunctions } from '#infra/routes';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '#infra/websocket-limits';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';
import { decodePathPart, requestTarget } from './path-decoding';
import { applyServerTimeouts } from './server-timeouts';
import type { WebSocketGateway } from './websocket-gateway';

/**
 * Endpoints that AWS services call and the emulators lack, on a port of their own (not the app's):
 * - the API Gateway management API (`POST /@connections/{id}`), so the handlers' management client
 *   (functions/commons/clients/websocket-management.ts) posts unchanged to the local WebSocket gateway;
 * - the Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`), which cognito-local calls
 *   for its triggers, answered by our trigger handlers.
 */

const triggerEntries: Record<string, string> = {
  PreSignUp: backgroundFunctions.preSignUp,
  PostConfirmation: backgroundFunctions.postConfirmation,
};

export const TRIGGER_FUNCTION_NAMES = {
  PreSignUp: 'PreSignUp',
  PostConfirmation: 'PostConfirmation',
} as const;

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startInternalServer(options: {
  port: number;
  webSockets: WebSocketGateway;
  log: (line: string) => void;
}): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const server: Server = applyServerTimeouts(
    createServer((request, response) => {
      serve(request, response).catch((error: unknown) => {
        // A caller that hangs up mid-body, or anything else thrown here, ends this request only: a
        // rejection of this callback would be unhandled and end the whole runtime (issue 27 item 2).
        options.log(`Internal endpoint: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent && !response.destroyed) response.writeHead(500);
        response.end();
      });
    }),
  );
  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A target that is not a URL, or a malformed escape below, is the caller's mistake: a 400.
    const url = requestTarget(request.url);
    if (!url) {
      response.writeHead(400).end();
      return;
    }
    const payload = await body(request);

    const connection = /^\/@connections\/([^/]+)$/.exec(url.pathname);
    const connectionId = connection?.[1] ? decodePathPart(connection[1]) : null;
    if (connectionId) {
      // API Gateway refuses a message over its 128 KB quota (413), whether or not the connection is open.
      if (request.method !== 'DELETE' && payload.length > WEBSOCKET_MAX_MESSAGE_BYTES) {
        response.writeHead(413, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'PayloadTooLargeException',
        });
        response.end(JSON.stringify({ message: 'Message too long' }));
        return;
      }
      const ok =
        request.method === 'DELETE'
          ? options.webSockets.disconnect(connectionId)
          : options.webSockets.postToConnection(connectionId, payload);
      // A closed connection is API Gateway's 410 GoneException, named as it names it.
      response.writeHead(ok ? 200 : 410, {
        'content-type': 'application/json',
        ...(ok ? {} : { 'x-amzn-errortype': 'GoneException' }),
      });
      response.end(ok ? '{}' : JSON.stringify({ message: 'Gone' }));
      return;
    }

    const invocation = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
    const functionName = invocation?.[1] ? decodePathPart(invocation[1]) : null;
    const entry = functionName ? triggerEntries[functionName] : undefined;
    if (invocation && entry) {
      try {
        const handler = await loadHandler<unknown, unknown>(entry);
        const result = await handler(
          JSON.parse(payload.toString('utf8') || '{}'),
          lambdaContext(invocation[1] ?? 'Trigger'),
        );
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(result ?? {}));
      } catch (error) {
        // The Invoke API reports a handler's exception as 200 with X-Amz-Function-Error, like Lambda.
        const message = error instanceof Error ? error.message : String(error);
        options.log(`Trigger ${invocation[1]} refused: ${message}`);
        response.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
        response.end(
          JSON.stringify({ errorMessage: message, errorType: error instanceof Error ? error.name : 'Error' }),
        );
      }
      return;
    }

    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Not Found' }));
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
