import type { Agent as HttpAgent } from 'node:http';
import aws4 from 'aws4';
import {
  type AwsCredentials,
  type AwsError,
  awsRegion,
  encodeRfc3986,
  environmentCredentials,
  firstHeader,
  keepAliveAgent,
  type RawResponse,
  sendSigned,
  sendWithRetries,
} from './aws-json-client';
import { endpoint, memo } from './client-endpoint';

/**
 * The S3 object calls our functions make, over S3's REST API, signed with SigV4 by `aws4`: put an
 * object, read one, list a prefix (ListObjects version 1) and presign a read.
 *
 * Why not `@aws-sdk/client-s3`: it brings the SDK's core and S3's schema module, which does not
 * tree-shake (about 200 KB minified of a media route's 440 KB; issue 15). S3 speaks XML rather than
 * JSON, so this is a sibling of aws-json-client.ts on its transport (signing, agent, retry policy),
 * with S3's addressing and XML errors.
 *
 * Addressing: path-style (`<endpoint>/<bucket>/<key>`) when an endpoint is set (the local emulator,
 * which has no DNS for bucket names), virtual-hosted (`https://<bucket>.s3.<region>.amazonaws.com/<key>`)
 * in AWS, as the SDK does. Our buckets are CDK-named (lowercase letters, digits, hyphens), which
 * virtual-hosted HTTPS always accepts. Payloads are signed (aws4 sets `X-Amz-Content-Sha256`); no
 * checksum headers are sent, as the SDK sent none with `requestChecksumCalculation: 'WHEN_REQUIRED'`.
 */

export interface S3ObjectsConfig {
  /** An emulator's URL (path-style); AWS's regional virtual-hosted endpoint when absent. */
  readonly endpoint?: string | undefined;
  readonly region?: string;
  readonly credentials?: () => AwsCredentials;
  /** Attempts per request, the first included (the SDK's standard mode: 3). */
  readonly maxAttempts?: number;
  /** The backoff's base in ms; tests shorten it. */
  readonly retryDelayBase?: number;
}

export interface PutObjectInput {
  readonly bucket: string;
  readonly key: string;
  readonly body: Uint8Array;
  readonly contentType?: string;
  readonly contentDisposition?: string;
  readonly cacheControl?: string;
  /** URL-encoded `key=value&…`, sent as `x-amz-tagging`. */
  readonly tagging?: string;
}

export interface ObjectLocation {
  readonly bucket: string;
  readonly key: string;
}

export interface PresignGetInput extends ObjectLocation {
  /** Seconds the URL is valid (`X-Amz-Expires`); S3 allows at most 7 days. */
  readonly expiresIn: number;
  /** `response-content-disposition`: S3 answers with this Content-Disposition instead of the stored one. */
  readonly responseContentDisposition?: string | undefined;
}

export interface ListObjectsInput {
  readonly bucket: string;
  readonly prefix?: string;
  readonly marker?: string | undefined;
}

export interface ListedObject {
  readonly key: string;
  /** As S3 lists it, quotes included (`"<md5>"`), as the SDK returned it. */
  readonly etag: string;
}

export interface ListObjectsPage {
  readonly objects: readonly ListedObject[];
  readonly isTruncated: boolean;
  /** Only sent by S3 with a delimiter; otherwise the next marker is the last key. */
  readonly nextMarker: string | undefined;
}

/** S3 refuses a presigned URL valid longer than this. */
const MAXIMUM_PRESIGN_SECONDS = 7 * 24 * 3600;

interface S3Request {
  readonly method: 'GET' | 'PUT';
  readonly bucket: string;
  readonly key?: string;
  readonly query?: Readonly<Record<string, string | undefined>>;
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly body?: Uint8Array;
}

/** A key as a URL path: each segment encoded, the slashes kept. */
const keyPath = (key: string) => key.split('/').map(encodeRfc3986).join('/');

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of an XML element's content: S3 escapes `&<>"'` and control characters as references. */
export function xmlText(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return XML_ENTITIES[name] ?? whole;
  });
}

/** The first `<name>` element's text in `xml`, or undefined. S3's replies nest no same-named elements. */
function element(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'u').exec(xml);
  return match?.[1] === undefined ? undefined : xmlText(match[1]);
}

export class S3Objects {
  private readonly endpoint: URL | undefined;
  private readonly agent: HttpAgent;
  private readonly region: string;
  private readonly credentials: () => AwsCredentials;
  private readonly maxAttempts: number;
  private readonly retryDelayBase: number;

  constructor(config: S3ObjectsConfig = {}) {
    this.region = config.region ?? awsRegion();
    this.endpoint = config.endpoint ? new URL(config.endpoint) : undefined;
    // One agent for every bucket host: all HTTPS in AWS, the emulator's protocol locally.
    this.agent = keepAliveAgent(this.endpoint ?? new URL('https://s3.amazonaws.com'));
    this.credentials = config.credentials ?? environmentCredentials;
    this.maxAttempts = config.maxAttempts ?? 3;
    this.retryDelayBase = config.retryDelayBase ?? 100;
  }

  /** PutObject; resolves with the ETag S3 gave the object. */
  async putObject(input: PutObjectInput): Promise<{ etag: string | undefined }> {
    const response = await this.send('PutObject', {
      method: 'PUT',
      bucket: input.bucket,
      key: input.key,
      body: input.body,
      headers: {
        'Content-Type': input.contentType ?? 'application/octet-stream',
        'Content-Disposition': input.contentDisposition,
        'Cache-Control': input.cacheControl,
        'X-Amz-Tagging': input.tagging,
      },
    });
    return { etag: firstHeader(response.headers.etag) };
  }

  /** GetObject's bytes; a missing object throws the SDK's `NoSuchKey` (an AwsError, 404). */
  async getObject(input: ObjectLocation): Promise<Uint8Array> {
    const response = await this.send('GetObject', { method: 'GET', bucket: input.bucket, key: input.key });
    return new Uint8Array(response.body.buffer, response.body.byteOffset, response.body.byteLength);
  }

  /** One page (≤ 1,000 keys) of ListObjects version 1 under `prefix`, after `marker`. */
  async listObjects(input: ListObjectsInput): Promise<ListObjectsPage> {
    const response = await this.send('ListObjects', {
      method: 'GET',
      bucket: input.bucket,
      query: { prefix: input.prefix, marker: input.marker },
    });
    const xml = response.body.toString('utf8');
    const objects: ListedObject[] = [];
    for (const [, contents = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/gu)) {
      const key = element(contents, 'Key');
      if (key !== undefined) objects.push({ key, etag: element(contents, 'ETag') ?? '' });
    }
    return {
      objects,
      isTruncated: element(xml, 'IsTruncated') === 'true',
      nextMarker: element(xml, 'NextMarker'),
    };
  }

  /**
   * A presigned GetObject URL, as the SDK's getSignedUrl makes it: the query carries the signature
   * (only `host` signed, the payload unsigned), so whoever holds the URL reads the object until it expires.
   */
  presignGetObject(input: PresignGetInput): string {
    if (
      !Number.isInteger(input.expiresIn) ||
      input.expiresIn < 1 ||
      input.expiresIn > MAXIMUM_PRESIGN_SECONDS
    ) {
      throw new RangeError(`A presigned URL lives 1 s to 7 days, not ${input.expiresIn} s`);
    }
    const target = this.target(input.bucket, input.key, {
      'X-Amz-Expires': String(input.expiresIn),
      'response-content-disposition': input.responseContentDisposition,
    });
    const signed = aws4.sign(
      {
        host: target.host,
        path: target.path,
        method: 'GET',
        service: 's3',
        region: this.region,
        signQuery: true,
      },
      this.credentials(),
    );
    return `${target.origin}${signed.path}`;
  }

  /** Where a request goes: the origin to connect to, the Host header and the path with its query. */
  private target(
    bucket: string,
    key: string | undefined,
    query: Readonly<Record<string, string | undefined>> = {},
  ): { origin: string; host: string; path: string } {
    const objectPath = key === undefined ? '/' : `/${keyPath(key)}`;
    const search = Object.entries(query)
      .flatMap(([name, value]) =>
        value === undefined ? [] : [`${encodeRfc3986(name)}=${encodeRfc3986(value)}`],
      )
      .join('&');
    const suffix = search ? `?${search}` : '';
    if (this.endpoint) {
      const base = this.endpoint.pathname.replace(/\/$/u, '');
      const path = `${base}/${encodeRfc3986(bucket)}${key === undefined ? '' : objectPath}${suffix}`;
      return { origin: this.endpoint.origin, host: this.endpoint.host, path };
    }
    const host = `${bucket}.s3.${this.region}.amazonaws.com`;
    return { origin: `https://${host}`, host, path: `${objectPath}${suffix}` };
  }

  /** Sends `request` with the SDK's standard retries; throws an AwsError when S3 refuses it. */
  private send(operation: string, request: S3Request): Promise<RawResponse> {
    const target = this.target(request.bucket, request.key, request.query);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value !== undefined) headers[name] = value;
    }
    const body = request.body
      ? Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength)
      : undefined;
    // A PUT states its length even when empty: S3 refuses a PUT without Content-Length (411).
    if (request.method === 'PUT') headers['Content-Length'] = String(body?.byteLength ?? 0);
    const url = new URL(target.origin);
    return sendWithRetries(
      operation,
      () =>
        sendSigned(
          { url, agent: this.agent, service: 's3', region: this.region, credentials: this.credentials() },
          { method: request.method, path: target.path, headers, body },
        ),
      (response, attempts, totalRetryDelay) => errorOf(operation, response, attempts, totalRetryDelay),
      { maxAttempts: this.maxAttempts, retryDelayBase: this.retryDelayBase },
    );
  }
}

/** An S3 error reply (`<Error><Code>…</Code><Message>…</Message>`) as the SDK raises it. */
function errorOf(
  operation: string,
  response: RawResponse,
  attempts: number,
  totalRetryDelay: number,
): AwsError {
  const xml = response.body.toString('utf8');
  const code = element(xml, 'Code');
  // A reply without a body (a HEAD, a proxy's page): the SDK names a 404 NotFound.
  const name = code || (response.status === 404 ? 'NotFound' : `HTTP ${response.status}`);
  const message =
    element(xml, 'Message') ||
    `${operation} failed with HTTP ${response.status}${xml ? `: ${xml.slice(0, 200)}` : ''}`;
  const key = element(xml, 'Key');
  const bucketName = element(xml, 'BucketName');
  return Object.assign(new Error(message), {
    name,
    ...(key === undefined ? {} : { Key: key }),
    ...(bucketName === undefined ? {} : { BucketName: bucketName }),
    $fault: response.status >= 500 ? 'server' : 'client',
    $metadata: {
      httpStatusCode: response.status,
      requestId: element(xml, 'RequestId') ?? firstHeader(response.headers['x-amz-request-id']),
      attempts,
      totalRetryDelay,
    },
  }) as AwsError;
}

/** One client per endpoint (client-endpoint.ts): `AWS_ENDPOINT_URL_S3` locally, AWS otherwise. */
export const s3Objects = memo('S3', () => new S3Objects({ endpoint: endpoint('S3') }));
