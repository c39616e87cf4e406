import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '#contract/websocket-limits';
import type { FunctionInvoker } from './functions/function-host';
import type { AwsRequest } from './iam/access-check';
import { callerKeyId } from './iam/aws-requests';
import type { IamEnforcement, Verdict } from './iam/enforcement';
import { connectionArn, sesIdentityArn } from './iam/local-resources';
import type { SecretServices } from './iam/secret-services';
import type { Mailbox } from './mailbox';
import { decodePathPart, requestTarget } from './path-decoding';
import { applyServerTimeouts } from './server-timeouts';
import type { WebSocketGateway } from './websocket-gateway';

/**
 * Endpoints that AWS services call and the emulators lack, on a port of their own (not the app's):
 * - the API Gateway management API (`POST /@connections/{id}`), so the handlers' management client
 *   (functions/commons/clients/websocket-management.ts) posts unchanged to the local WebSocket gateway;
 * - the Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`), which cognito-local calls
 *   for its triggers, answered by our trigger functions;
 * - Secrets Manager's GetSecretValue and KMS's Encrypt/Decrypt (local/iam/secret-services.ts);
 * - SESv2's SendEmail (`POST /v2/email/outbound-emails`), which files the message in the dev mailbox
 *   (functions/notifications/mail-sender.ts sends the app's e-mail so).
 * Calls to the management API, Secrets Manager, KMS and SES are evaluated by the IAM enforcement first.
 */

export const TRIGGER_FUNCTION_NAMES = {
  PreSignUp: 'PreSignUp',
  PostConfirmation: 'PostConfirmation',
} as const;

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What the server needs once the runtime has started its functions (cognito-local needs the URL before). */
export interface InternalServices {
  readonly functions: FunctionInvoker;
  readonly enforcement: IamEnforcement;
  readonly secrets: SecretServices;
  /** The WebSocket API's id and stage in execute-api ARNs. */
  readonly webSocketApi: { readonly id: string; readonly stage: string };
}

/** A refusal in the JSON protocols (management API, Secrets Manager, KMS). */
function refuse(response: ServerResponse, verdict: Exclude<Verdict, { kind: 'allowed' }>): void {
  const denied = verdict.kind === 'denied';
  const type = denied ? 'AccessDeniedException' : 'UnrecognizedClientException';
  response.writeHead(denied ? 403 : 400, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  response.end(
    JSON.stringify({
      __type: type,
      message: denied ? verdict.denial.message : 'The security token included in the request is invalid.',
    }),
  );
}

/** The text parts of a SESv2 SendEmail body (Content.Simple), or null when it is not one. */
export function simpleEmailOf(
  payload: Buffer,
): { from: string; to: string[]; subject: string; text: string } | null {
  try {
    const parsed = JSON.parse(payload.toString('utf8')) as {
      FromEmailAddress?: unknown;
      Destination?: { ToAddresses?: unknown };
      Content?: { Simple?: { Subject?: { Data?: unknown }; Body?: { Text?: { Data?: unknown } } } };
    };
    const to = parsed.Destination?.ToAddresses;
    const subject = parsed.Content?.Simple?.Subject?.Data;
    const text = parsed.Content?.Simple?.Body?.Text?.Data;
    if (typeof parsed.FromEmailAddress !== 'string' || !Array.isArray(to) || typeof subject !== 'string') {
      return null;
    }
    return {
      from: parsed.FromEmailAddress,
      to: to.filter((address): address is string => typeof address === 'string'),
      subject,
      text: typeof text === 'string' ? text : '',
    };
  } catch {
    return null;
  }
}

export async function startInternalServer(options: {
  port: number;
  webSockets: WebSocketGateway;
  /** Where SendEmail files what it is given (the dev mailbox). */
  mailbox: Mailbox;
  log: (line: string) => void;
}): Promise<{ endpoint: string; attach(services: InternalServices): void; stop(): Promise<void> }> {
  let services: InternalServices | undefined;
  const { mailbox } = options;
  const server: Server = applyServerTimeouts(
    createServer((request, response) => {
      serve(request, response).catch((error: unknown) => {
        // A caller that hangs up mid-body, or anything else thrown here, ends this request only: a rejection
        // of this callback would be unhandled and end the whole runtime
        // (docs/decisions.md, "The outside probe's findings").
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
    if (!services) {
      response.writeHead(503).end();
      return;
    }
    const { enforcement, functions } = services;
    const allowedFor = async (requests: AwsRequest[]) => {
      const verdict = await enforcement.check(
        callerKeyId({ method: request.method ?? 'GET', url, headers: request.headers, body: payload }),
        requests,
      );
      if (verdict.kind !== 'allowed') refuse(response, verdict);
      return verdict.kind === 'allowed';
    };

    const target = request.headers['x-amz-target'];
    if (typeof target === 'string' && services.secrets.handles(target)) {
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(payload.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // An unreadable body finds no secret.
      }
      if (!(await allowedFor(services.secrets.requestsOf(target, parsed)))) return;
      const reply = await services.secrets.answer(target, parsed);
      response.writeHead(reply.status, {
        'content-type': 'application/x-amz-json-1.1',
        ...(reply.type ? { 'x-amzn-errortype': reply.type } : {}),
      });
      response.end(
        JSON.stringify(reply.type ? { __type: reply.type, ...(reply.body as object) } : reply.body),
      );
      return;
    }

    const connection = /^\/@connections\/([^/]+)$/.exec(url.pathname);
    const connectionId = connection?.[1] ? decodePathPart(connection[1]) : null;
    if (connectionId) {
      const { id: apiId, stage } = services.webSocketApi;
      const method = request.method ?? 'POST';
      const arn = connectionArn(apiId, stage, method, connectionId);
      if (!(await allowedFor([{ action: 'execute-api:ManageConnections', resource: arn }]))) return;
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

    if (url.pathname === '/v2/email/outbound-emails' && request.method === 'POST') {
      const mail = simpleEmailOf(payload);
      if (!mail || mail.to.length === 0) {
        response.writeHead(400, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'BadRequestException',
        });
        response.end(
          JSON.stringify({ message: 'SendEmail needs FromEmailAddress, Destination and Content.Simple' }),
        );
        return;
      }
      if (!(await allowedFor([{ action: 'ses:SendEmail', resource: sesIdentityArn(mail.from) }]))) return;
      for (const to of mail.to)
        mailbox.add({ to, subject: mail.subject, text: mail.text, code: null, kind: 'notification' });
      options.log(`✉ ${mail.subject} → ${mail.to.join(', ')} (dev mailbox)`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ MessageId: `local-${Date.now()}` }));
      return;
    }

    const invocation = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
    const functionName = invocation?.[1] ? decodePathPart(invocation[1]) : null;
    const trigger = functionName && functionName in TRIGGER_FUNCTION_NAMES ? functionName : undefined;
    if (invocation && trigger) {
      try {
        const result = await functions.invoke(trigger, JSON.parse(payload.toString('utf8') || '{}'));
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
    attach: (attached) => {
      services = attached;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
