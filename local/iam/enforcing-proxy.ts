import { randomUUID } from 'node:crypto';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { isPostUpload, postUploadRefusal, readPostUploadForm } from '../emulators/s3-post-upload';
import { MALFORMED_TARGET_MESSAGE, requestTarget } from '../path-decoding';
import { PortInUseError } from '../ports';
import { applyServerTimeouts } from '../server-timeouts';
import type { AwsRequest } from './access-check';
import {
  type AwsService,
  awsRequestsOf,
  callerKeyId,
  MalformedS3Uri,
  type ServiceRequest,
} from './aws-requests';
import type { IamEnforcement, Verdict } from './enforcement';

/**
 * An HTTP server in front of one emulator, where AWS's IAM would stand: it reads who signed the request
 * (the access key id of its SigV4 Authorization header, or of a presigned URL's X-Amz-Credential: a
 * presigned S3 URL is evaluated against its signer's permissions, as AWS does), what the request needs
 * (aws-requests.ts) and asks the enforcement; an allowed request goes to the emulator unchanged, a
 * denied one is answered as the service answers it in AWS.
 *
 * Signatures are not verified here, as the emulators do not verify them either (dynalite and fauxqs
 * never do; s3rver runs with allowMismatchedSignatures): the key id identifies the caller. Everything
 * listens on 127.0.0.1 and every key is made fresh at each start, so this is about parity of
 * permissions, not about keeping someone out.
 */

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

interface ErrorReply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

function s3Error(status: number, code: string, message: string, requestId: string): ErrorReply {
  return {
    status,
    headers: { 'content-type': 'application/xml', 'x-amz-request-id': requestId },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>${requestId}</RequestId></Error>`,
  };
}

/** How each service says AccessDenied (and an unknown key), in its own protocol. */
export function refusal(service: AwsService, verdict: Exclude<Verdict, { kind: 'allowed' }>): ErrorReply {
  const requestId = randomUUID();
  const denied = verdict.kind === 'denied';
  const message = denied ? verdict.denial.message : 'The security token included in the request is invalid.';
  if (service === 's3') {
    const code = denied ? 'AccessDenied' : 'InvalidAccessKeyId';
    const text = denied ? message : 'The AWS Access Key Id you provided does not exist in our records.';
    return s3Error(403, code, text, requestId);
  }
  const type = denied ? 'AccessDeniedException' : 'UnrecognizedClientException';
  if (service === 'sqs') {
    // SQS's JSON protocol keeps its query-protocol error codes in x-amzn-query-error (the SDK reads it).
    return {
      status: denied ? 403 : 400,
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-requestid': requestId,
        'x-amzn-query-error': `${denied ? 'AccessDenied' : 'InvalidClientTokenId'};Sender`,
      },
      body: JSON.stringify({ __type: `com.amazon.coral.service#${type}`, message }),
    };
  }
  return {
    status: 400,
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amzn-requestid': requestId,
      'x-amzn-errortype': type,
    },
    body: JSON.stringify(
      service === 'dynamodb'
        ? { __type: `com.amazon.coral.service#${type}`, Message: message }
        : { __type: type, message },
    ),
  };
}

/** Answers in the proxy's name, as the service would: its status, headers and error body. */
function answer(request: IncomingMessage, response: ServerResponse, reply: ErrorReply): void {
  response.writeHead(reply.status, { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) });
  response.end(request.method === 'HEAD' ? undefined : reply.body);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An emulator's server may close an idle kept-alive connection after Node's default 5 s, and says so
 * in its `Keep-Alive: timeout=5` header. Node 20's agent keeps a free socket for exactly that hint, so a
 * request written at the 5th second meets a closing socket and fails (ECONNRESET): the proxy then
 * answers 502 without the emulator's CORS headers, and the browser reports a failed preflight to
 * Cognito. Dropping a free socket well before any emulator would closes that window
 * (docs/decisions.md, "Kept-alive connections outlast a poll").
 */
export const UPSTREAM_IDLE_MS = 2_000;

export interface EnforcingProxy {
  readonly endpoint: string;
  stop(): Promise<void>;
}

export async function startEnforcingProxy(options: {
  service: AwsService;
  /** The emulator's endpoint (`http://127.0.0.1:PORT`). */
  target: string;
  /** Where the proxy listens (local/local-config.ts, LOCAL_PORTS); 0: a free port. */
  port: number;
  enforcement: Pick<IamEnforcement, 'check'>;
  log: (line: string) => void;
  /** How long a kept connection to the emulator may sit idle before the proxy drops it. */
  upstreamIdleMs?: number;
}): Promise<EnforcingProxy> {
  const target = new URL(options.target);
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 64,
    timeout: options.upstreamIdleMs ?? UPSTREAM_IDLE_MS,
  });

  const forward = (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host, 'content-length': String(body.length) },
        agent,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`The ${options.service} emulator did not answer: ${error.message}`);
    });
    upstream.end(body);
  };

  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    // A target that is not a URL (`GET http://[ HTTP/1.1`) is the caller's mistake, as the emulator
    // behind would answer it: a 400, not the 500 of a proxy that failed.
    const url = requestTarget(request.url);
    if (!url) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: MALFORMED_TARGET_MESSAGE }));
      return;
    }
    const body = await readBody(request);
    const method = request.method ?? 'GET';
    const contentType = request.headers['content-type'];
    const uploading = options.service === 's3' && isPostUpload(method, url.pathname, contentType);
    const postUpload = uploading ? await readPostUploadForm(body, contentType ?? '') : null;
    const serviceRequest: ServiceRequest = {
      method,
      url,
      headers: request.headers,
      body,
      ...(postUpload ? { postUpload } : {}),
    };
    let needed: AwsRequest[];
    try {
      needed = awsRequestsOf(options.service, serviceRequest);
    } catch (error) {
      if (!(error instanceof MalformedS3Uri)) throw error;
      answer(request, response, s3Error(400, error.name, error.message, randomUUID()));
      return;
    }
    const verdict = await options.enforcement.check(callerKeyId(serviceRequest), needed);
    if (verdict.kind === 'allowed') {
      // What S3 itself refuses of a browser upload, which s3rver would keep (s3-post-upload.ts).
      const bucket = url.pathname.replace(/^\//, '').split('/')[0] ?? '';
      const policyRefusal = postUpload ? postUploadRefusal(postUpload, bucket, new Date()) : null;
      if (policyRefusal) {
        const { status, code, message } = policyRefusal;
        const reply = s3Error(status, code, message, randomUUID());
        // The bucket's CORS rule allows any origin (local/bootstrap.ts); S3 sends it with errors too.
        const cors: Record<string, string> = request.headers.origin
          ? { 'access-control-allow-origin': '*' }
          : {};
        answer(request, response, { ...reply, headers: { ...reply.headers, ...cors } });
        return;
      }
      forward(request, response, body);
      return;
    }
    answer(request, response, refusal(options.service, verdict));
  };

  const server = applyServerTimeouts(
    createServer((request, response) => {
      serve(request, response).catch((error: unknown) => {
        options.log(
          `IAM proxy (${options.service}): ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!response.headersSent && !response.destroyed) response.writeHead(500);
        response.end();
      });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(options.port, `${options.service} IAM proxy`)
          : error,
      ),
    );
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
