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

const THROTTLING_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
const TRANSIENT_STATUS = new Set([500, 502, 503, 504]);
const NETWORK_ERRORS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const MAXIMUM_RETRY_DELAY_MS = 20_000;

interface RawResponse {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
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

const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

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
    // Keep-alive with the SDK's default socket limit: a warm container reuses its TLS connection.
    const agentOptions = { keepAlive: true, maxSockets: 50 };
    this.agent = this.url.protocol === 'http:' ? new HttpAgent(agentOptions) : new HttpsAgent(agentOptions);
    this.credentials = config.credentials ?? environmentCredentials;
    this.maxAttempts = config.maxAttempts ?? 3;
    this.retryDelayBase = config.retryDelayBase ?? 100;
    this.parse = config.parse ?? ((body) => (body === '' ? {} : (JSON.parse(body) as Raw)));
  }

  /** Sends `operation` and returns its parsed output; throws an AwsError when the service refuses. */
  async call(operation: string, input: object, options: CallOptions = {}): Promise<Raw> {
    const body = JSON.stringify(input, encodeBlobs);
    let totalRetryDelay = 0;
    for (let attempt = 1; ; attempt += 1) {
      if (options.abortSignal?.aborted) {
        throw Object.assign(new Error(`${operation} was aborted`), { name: 'AbortError' });
      }
      let response: RawResponse;
      try {
        response = await this.post(operation, body);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (!NETWORK_ERRORS.has(code) || attempt >= this.maxAttempts) throw error;
        totalRetryDelay += await this.backoff(attempt, false);
        continue;
      }
      if (response.status >= 200 && response.status < 300) return this.parse(response.body);
      const error = this.errorOf(operation, response, attempt, totalRetryDelay);
      const throttled = THROTTLING_ERRORS.has(error.name);
      if ((!throttled && !TRANSIENT_STATUS.has(response.status)) || attempt >= this.maxAttempts) throw error;
      totalRetryDelay += await this.backoff(attempt, throttled);
    }
  }

  private async backoff(attempt: number, throttled: boolean): Promise<number> {
    const base = throttled ? this.retryDelayBase * 5 : this.retryDelayBase;
    const delay = Math.floor(Math.min(MAXIMUM_RETRY_DELAY_MS, Math.random() * 2 ** attempt * base));
    await new Promise((resolve) => setTimeout(resolve, delay));
    return delay;
  }

  private errorOf(
    operation: string,
    response: RawResponse,
    attempts: number,
    totalRetryDelay: number,
  ): AwsError {
    let details: Raw = {};
    try {
      details = this.parse(response.body);
    } catch {
      // A proxy's HTML page or an empty body: the status names the problem.
    }
    const type =
      (typeof details.__type === 'string' && details.__type) ||
      (typeof details.code === 'string' && details.code) ||
      firstHeader(response.headers['x-amzn-errortype']) ||
      '';
    const name = type.split('#').pop()?.split(':')[0] || `HTTP ${response.status}`;
    const message =
      (typeof details.message === 'string' && details.message) ||
      (typeof details.Message === 'string' && details.Message) ||
      `${operation} failed with HTTP ${response.status}${response.body ? `: ${response.body.slice(0, 200)}` : ''}`;
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

  private post(operation: string, body: string): Promise<RawResponse> {
    const { url } = this;
    const signed = aws4.sign(
      {
        host: url.host,
        path: url.pathname,
        method: 'POST',
        service: this.config.service,
        region: this.region,
        headers: {
          'Content-Type': `application/x-amz-json-${this.config.jsonVersion}`,
          'X-Amz-Target': `${this.config.targetPrefix}.${operation}`,
        },
        body,
      },
      this.credentials(),
    );
    const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
    return new Promise((resolve, reject) => {
      const request = send(
        {
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: signed.headers,
          agent: this.agent,
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}
