import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LocalHttpServer, startLocalHttpServer } from './local-http-server';

/**
 * A local stand-in for one AWS service spoken over its JSON protocol (SQS, Secrets Manager): it records
 * each request as the service would read it (target, content type, signature, input) and answers with
 * what the test's `answer` returns, a 200 with `{}` by default. Tests point a client at it with the
 * service's AWS_ENDPOINT_URL_<SERVICE> variable and assert on `calls` where they used to assert on a
 * mocked SDK client's calls.
 */

export interface ReceivedCall {
  /** `X-Amz-Target`'s operation, after the service prefix: `SendMessage`, `GetSecretValue`. */
  readonly operation: string;
  readonly target: string;
  readonly contentType: string;
  readonly authorization: string;
  readonly input: Record<string, unknown>;
}

export interface ServiceReply {
  readonly status: number;
  readonly body: unknown;
}

/** An error reply as the JSON protocols send one: `__type` names it, `message` says why. */
export const serviceError = (status: number, type: string, message: string): ServiceReply => ({
  status,
  body: { __type: type, message },
});

export interface AwsJsonService {
  readonly origin: string;
  readonly calls: ReceivedCall[];
  /** How the next requests are answered (until set again). */
  answerWith(answer: (call: ReceivedCall) => ServiceReply): void;
  close(): Promise<void>;
}

const OK: ServiceReply = { status: 200, body: {} };

export async function startAwsJsonService(): Promise<AwsJsonService> {
  const calls: ReceivedCall[] = [];
  let answer: (call: ReceivedCall) => ServiceReply = () => OK;
  const server: LocalHttpServer = await startLocalHttpServer(
    (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const target = String(request.headers['x-amz-target'] ?? '');
        const call: ReceivedCall = {
          operation: target.slice(target.indexOf('.') + 1),
          target,
          contentType: String(request.headers['content-type'] ?? ''),
          authorization: String(request.headers.authorization ?? ''),
          input: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
        };
        calls.push(call);
        const reply = answer(call);
        response.writeHead(reply.status, {
          'content-type': call.contentType,
          'x-amzn-requestid': `request-${calls.length}`,
        });
        response.end(JSON.stringify(reply.body));
      });
    },
  );
  return {
    origin: server.origin,
    calls,
    answerWith: (next) => {
      answer = next;
    },
    close: () => server.close(),
  };
}

/**
 * Points the handlers' client for `service` (`SQS`, `SECRETS_MANAGER`) at `origin`, with credentials
 * to sign with, as the local runtime does; returns what puts the environment back.
 */
export function useServiceEndpoint(service: string, origin: string): () => void {
  const names = [`AWS_ENDPOINT_URL_${service}`, 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
  const saved = names.map((name) => process.env[name]);
  process.env[names[0]] = origin;
  process.env.AWS_ACCESS_KEY_ID ||= 'AKIDTEST';
  process.env.AWS_SECRET_ACCESS_KEY ||= 'test-secret';
  return () => {
    names.forEach((name, index) => {
      const value = saved[index];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    });
  };
}
