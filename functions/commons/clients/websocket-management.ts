import type { Agent } from 'node:http';
import {
  type AwsCredentials,
  type AwsError,
  awsError,
  awsRegion,
  encodeRfc3986,
  environmentCredentials,
  keepAliveAgent,
  parseDetails,
  parseJson,
  type RawResponse,
  sendSigned,
  sendWithRetries,
} from './aws-json-client';

/**
 * Posts to WebSocket connections through API Gateway's management API: the stage's callback URL in
 * AWS, the local gateway's stand-in (local/internal-server.ts) locally. It is a REST API, not a JSON
 * protocol: `POST {callbackUrl}/@connections/{connectionId}` with the message as the body, signed for
 * `execute-api`. Sent by aws-json-client.ts's transport, so it keeps the SDK's retry policy (5xx,
 * dropped connections, throttling such as a 429 or LimitExceededException) and its error shape: a
 * connection that is gone is an AwsError named GoneException with `$metadata.httpStatusCode` 410.
 * Why not the SDK's client: aws-json-client.ts says.
 */

export interface ManagementClientOptions {
  readonly credentials?: () => AwsCredentials;
  readonly region?: string;
  readonly maxAttempts?: number;
  readonly retryDelayBase?: number;
}

/** API Gateway's names for the management API's refusals, when a proxy or stand-in names none. */
const ERROR_NAMES: Readonly<Record<number, string>> = {
  403: 'ForbiddenException',
  410: 'GoneException',
  413: 'PayloadTooLargeException',
  429: 'LimitExceededException',
};

export class WebSocketManagementClient {
  private readonly url: URL;
  private readonly agent: Agent;
  private readonly options: ManagementClientOptions;

  constructor(callbackUrl: string, options: ManagementClientOptions = {}) {
    this.url = new URL(callbackUrl);
    this.agent = keepAliveAgent(this.url);
    this.options = options;
  }

  /** Sends `data` as one message; throws an AwsError (GoneException for a closed connection). */
  async postToConnection(connectionId: string, data: Uint8Array | string): Promise<void> {
    const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    const path = `${this.url.pathname.replace(/\/+$/, '')}/@connections/${encodeRfc3986(connectionId)}`;
    await sendWithRetries(
      'PostToConnection',
      () =>
        sendSigned(
          {
            url: this.url,
            agent: this.agent,
            service: 'execute-api',
            region: this.options.region ?? awsRegion(),
            credentials: (this.options.credentials ?? environmentCredentials)(),
          },
          { method: 'POST', path, headers: { 'Content-Type': 'application/octet-stream' }, body },
        ),
      errorOf,
      { maxAttempts: this.options.maxAttempts ?? 3, retryDelayBase: this.options.retryDelayBase ?? 100 },
    );
  }
}

function errorOf(response: RawResponse, attempts: number, totalRetryDelay: number): AwsError {
  const error = awsError(
    'PostToConnection',
    response,
    parseDetails(parseJson, response),
    attempts,
    totalRetryDelay,
  );
  const known = ERROR_NAMES[response.status];
  if (known && error.name === `HTTP ${response.status}`) error.name = known;
  return error;
}

const managementClients = new Map<string, WebSocketManagementClient>();

/** One client (one keep-alive agent) per callback URL: one per container in AWS. */
export function webSocketManagementClient(callbackUrl: string): WebSocketManagementClient {
  let client = managementClients.get(callbackUrl);
  if (!client) {
    client = new WebSocketManagementClient(callbackUrl);
    managementClients.set(callbackUrl, client);
  }
  return client;
}
