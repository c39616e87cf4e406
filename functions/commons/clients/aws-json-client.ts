import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import aws4 from 'aws4';

/**
 * One AWS service spoken over its JSON protocol (DynamoDB, SQS, Secrets Manager, KMS, Cognito): a
 * POST of the operation's input, signed with SigV4 by `aws4`, on a keep-alive connection.
 *
 * Why not the SDK's clients: each one brings the SDK's core (protocols, serde, endpoints, retry,
 * signing, middleware: 150–200 KB minified), and a handler that only builds `DynamoDBClient` and sends
 * one query already starts 1.6× slower than hello-world (issue 15; `npm run bench lambda-bundle`
 * prints that floor). Our handlers call a dozen operations with plain JSON inputs, so this is all of
 * the SDK they used. docs/decisions.md says why not aws-lite.
 *
 * What it keeps of the SDK: errors named as the SDK names them (the `__type` after its `#`) with
 * `$fault` and `$metadata.httpStatusCode`, and the standard retry policy: 3 attempts, on throttling,
 * 5xx and dropped connections, with full-jitter backoff (100 ms base, 500 ms when throttled, ≤ 20 s).
 */

export type Raw = Record<string, unknown>;

export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string | undefined;
}

/** Lambda hands a function its role's credentials in these variables; the local runtime sets them too. */
export function environmentCredentials(): AwsCredentials {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set to call AWS');
  }
  return { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN || undefined };
}

export const awsRegion = (): string => process.env.AWS_REGION || 'us-east-1';

export interface AwsJsonClientConfig {
  /** The signing name and the regional host's first label: `dynamodb`, `sqs`, `kms`, … */
  readonly service: string;
  /** `X-Amz-Target` is `<targetPrefix>.<Operation>`. */
  readonly targetPrefix: string;
  readonly jsonVersion: '1.0' | '1.1';
  /** An emulator's URL; `https://<service>.<region>.amazonaws.com` when absent. */
  readonly endpoint?: string | undefined;
  readonly region?: string;
  readonly credentials?: () => AwsCredentials;
  /** Attempts per request, the first included (the SDK's standard mode: 3). */
  readonly maxAttempts?: number;
  /** The backoff's base in ms; tests shorten it. */
  readonly retryDelayBase?: number;
  /** How a response body becomes an object (DynamoDB revives binary attributes). */
  readonly parse?: (body: string) => Raw;
}

export interface CallOptions {
  readonly abortSignal?: { readonly aborted: boolean } | undefined;
}

/** An AWS error as the SDK raises it. */
export interface AwsError extends Error {
  readonly $fault: 'client' | 'server';
  readonly $metadata: {
    readonly httpStatusCode: number;
    readonly requestId: string | undefined;
    readonly attempts: number;
    readonly totalRetryDelay: number;
  };
  readonly [member: string]: unknown;
}

/** The SDK's throttling and transient codes (@smithy/core's retry classification), for every service. */
const THROTTLING_ERRORS = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
const TRANSIENT_ERRORS = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const TRANSIENT_STATUS = new Set([500, 502, 503, 504]);
const NETWORK_ERRORS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const MAXIMUM_RETRY_DELAY_MS = 20_000;

/** A service's answer as received: any status, the body as bytes. */
export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  /** Bytes: S3's objects are; the JSON protocols read them as UTF-8. */
  readonly body: Buffer;
}

/**
 * Blobs (a Uint8Array anywhere in the input) travel as base64, as the JSON protocols carry them. The
 * holder's own value is read because a Buffer's toJSON has already run on `value`.
 */
function encodeBlobs(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return original instanceof Uint8Array
    ? Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64')
    : value;
}

export const firstHeader = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** RFC 3986 encoding, as SigV4 and the SDK's URI labels have it: `encodeURIComponent` leaves `!'()*`. */
export const encodeRfc3986 = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A JSON reply as an object; an empty body is an empty object. */
export const parseJson = (body: string): Raw => (body === '' ? {} : (JSON.parse(body) as Raw));

export class AwsJsonClient {
  private readonly url: URL;
  private readonly agent: HttpAgent;
  private readonly region: string;
  private readonly credentials: () => AwsCredentials;
  private readonly maxAttempts: number;
  private readonly retryDelayBase: number;
  private readonly parse: (body: string) => Raw;

  constructor(private readonly config: AwsJsonClientConfig) {
    this.region = config.region ?? awsRegion();
    this.url = new URL(config.endpoint ?? `https://${config.service}.${this.region}.amazonaws.com`);
    this.agent = keepAliveAgent(this.url);
    this.credentials = config.credentials ?? environmentCredentials;
    this.maxAttempts = config.maxAttempts ?? 3;
    this.retryDelayBase = config.retryDelayBase ?? 100;
    this.parse = config.parse ?? parseJson;
  }

  /** Sends `operation` and returns its parsed output; throws an AwsError when the service refuses. */
  async call(operation: string, input: object, options: CallOptions = {}): Promise<Raw> {
    const body = JSON.stringify(input, encodeBlobs);
    const response = await sendWithRetries(
      operation,
      () => this.post(operation, body),
      (refused, attempts, totalRetryDelay) =>
        awsError(operation, refused, parseDetails(this.parse, refused), attempts, totalRetryDelay),
      { maxAttempts: this.maxAttempts, retryDelayBase: this.retryDelayBase },
      options,
    );
    return this.parse(response.body.toString('utf8'));
  }

  private post(operation: string, body: string): Promise<RawResponse> {
    return sendSigned(
      {
        url: this.url,
        agent: this.agent,
        service: this.config.service,
        region: this.region,
        credentials: this.credentials(),
      },
      {
        method: 'POST',
        path: this.url.pathname,
        headers: {
          'Content-Type': `application/x-amz-json-${this.config.jsonVersion}`,
          'X-Amz-Target': `${this.config.targetPrefix}.${operation}`,
        },
        body,
      },
    );
  }
}

/*
 * The pieces below are the client's transport, exported for the one AWS API our handlers call that
 * is not a JSON protocol (API Gateway's management API, websocket-management.ts), so both keep one
 * retry policy and one error shape.
 */

/** Keep-alive with the SDK's default socket limit: a warm container reuses its TLS connection. */
export function keepAliveAgent(url: URL): HttpAgent {
  const agentOptions = { keepAlive: true, maxSockets: 50 };
  return url.protocol === 'http:' ? new HttpAgent(agentOptions) : new HttpsAgent(agentOptions);
}

export interface RetryPolicy {
  /** Attempts per request, the first included. */
  readonly maxAttempts: number;
  /** The backoff's base in ms (5× when throttled). */
  readonly retryDelayBase: number;
}

/** As the SDK decides: a throttling error's name, or HTTP 429 whatever the body says. */
const isThrottlingError = (error: AwsError) =>
  THROTTLING_ERRORS.has(error.name) || error.$metadata.httpStatusCode === 429;

/**
 * Sends with the SDK's standard retry policy: a dropped connection, a throttling error, a 5xx or a
 * transient code (S3's 400 RequestTimeout) is tried again after a full-jitter backoff, up to
 * `maxAttempts` in all. Resolves with the 2xx response; otherwise throws `errorOf`'s error for the
 * last refusal (or the last network error).
 */
export async function sendWithRetries(
  operation: string,
  send: () => Promise<RawResponse>,
  errorOf: (response: RawResponse, attempts: number, totalRetryDelay: number) => AwsError,
  policy: RetryPolicy,
  options: CallOptions = {},
): Promise<RawResponse> {
  let totalRetryDelay = 0;
  for (let attempt = 1; ; attempt += 1) {
    if (options.abortSignal?.aborted) {
      throw Object.assign(new Error(`${operation} was aborted`), { name: 'AbortError' });
    }
    let response: RawResponse;
    try {
      response = await send();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (!NETWORK_ERRORS.has(code) || attempt >= policy.maxAttempts) throw error;
      totalRetryDelay += await backoff(policy.retryDelayBase, attempt, false);
      continue;
    }
    if (response.status >= 200 && response.status < 300) return response;
    const error = errorOf(response, attempt, totalRetryDelay);
    const throttled = isThrottlingError(error);
    const transient = TRANSIENT_STATUS.has(response.status) || TRANSIENT_ERRORS.has(error.name);
    if ((!throttled && !transient) || attempt >= policy.maxAttempts) throw error;
    totalRetryDelay += await backoff(policy.retryDelayBase, attempt, throttled);
  }
}

async function backoff(retryDelayBase: number, attempt: number, throttled: boolean): Promise<number> {
  const base = throttled ? retryDelayBase * 5 : retryDelayBase;
  const delay = Math.floor(Math.min(MAXIMUM_RETRY_DELAY_MS, Math.random() * 2 ** attempt * base));
  await new Promise((resolve) => setTimeout(resolve, delay));
  return delay;
}

/** A refusal's body as an object; empty when it is not one (a proxy's HTML page, an empty body). */
export function parseDetails(parse: (body: string) => Raw, response: RawResponse): Raw {
  try {
    const details = parse(response.body.toString('utf8'));
    return typeof details === 'object' && details !== null ? details : {};
  } catch {
    return {};
  }
}

/**
 * The error the SDK raises for a refusal: named by the body's `__type` or `code` or the
 * `x-amzn-errortype` header (what follows the `#`, before any `:`), the body's other members copied.
 */
export function awsError(
  operation: string,
  response: RawResponse,
  details: Raw,
  attempts: number,
  totalRetryDelay: number,
): AwsError {
  const type =
    (typeof details.__type === 'string' && details.__type) ||
    (typeof details.code === 'string' && details.code) ||
    firstHeader(response.headers['x-amzn-errortype']) ||
    '';
  const name = type.split('#').pop()?.split(':')[0] || `HTTP ${response.status}`;
  const message =
    (typeof details.message === 'string' && details.message) ||
    (typeof details.Message === 'string' && details.Message) ||
    `${operation} failed with HTTP ${response.status}${response.body.length > 0 ? `: ${response.body.toString('utf8', 0, 200)}` : ''}`;
  const { __type, message: _message, Message, ...members } = details;
  return Object.assign(new Error(message), members, {
    name,
    $fault: response.status >= 500 ? 'server' : 'client',
    $metadata: {
      httpStatusCode: response.status,
      requestId: firstHeader(response.headers['x-amzn-requestid']),
      attempts,
      totalRetryDelay,
    },
  }) as AwsError;
}

export interface SigningTarget {
  /** The endpoint: its protocol, host and port are used (the path is the request's). */
  readonly url: URL;
  readonly agent: HttpAgent;
  readonly service: string;
  readonly region: string;
  readonly credentials: AwsCredentials;
}

export interface SignedRequestInput {
  readonly method: string;
  /** Already URI-encoded, with its query, as sent. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Buffer | undefined;
}

/** One request signed with SigV4 by aws4; resolves with whatever the service answers. */
export function sendSigned(target: SigningTarget, input: SignedRequestInput): Promise<RawResponse> {
  const { url } = target;
  const signed = aws4.sign(
    {
      host: url.host,
      path: input.path,
      method: input.method,
      service: target.service,
      region: target.region,
      headers: input.headers,
      ...(input.body === undefined ? {} : { body: input.body }),
    },
    target.credentials,
  );
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        path: signed.path ?? input.path,
        method: input.method,
        headers: signed.headers,
        agent: target.agent,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(input.body);
  });
}
