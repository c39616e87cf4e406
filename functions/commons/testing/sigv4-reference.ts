import { createHash, createHmac } from 'node:crypto';

/**
 * SigV4 as AWS documents it (Signature Version 4 signing process), written from scratch for tests: the
 * signatures our clients send are checked against it (s3-objects.test.ts, websocket-management.test.ts),
 * and it is itself checked against the examples in AWS's documentation (sigv4-reference.test.ts,
 * s3-objects.test.ts). Local emulators do not check V4 signatures, so this is what stands between a
 * signing mistake and a refusal in AWS.
 */

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignableRequest {
  readonly method: string;
  /** The path as sent, already encoded once. S3 signs it as it is; other services encode it again. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly signedHeaders: readonly string[];
  readonly payloadHash: string;
  readonly amzDate: string;
  readonly region: string;
  readonly service: string;
}

export function referenceSignature(request: SignableRequest, secret: string): string {
  const path =
    request.service === 's3'
      ? request.path
      : request.path
          .split('/')
          .map((segment) => rfc3986(segment))
          .join('/');
  const query = [...request.query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const headers = request.signedHeaders
    .map((name) => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/gu, ' ')}\n`)
    .join('');
  const canonical = [
    request.method,
    path,
    query,
    headers,
    request.signedHeaders.join(';'),
    request.payloadHash,
  ].join('\n');
  const date = request.amzDate.slice(0, 8);
  const scope = `${date}/${request.region}/${request.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', request.amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), request.region), request.service), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

/** A request as a local server received it, signed in its Authorization header. */
export interface ReceivedSignedRequest {
  readonly method: string;
  readonly path: string;
  readonly query?: URLSearchParams;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The payload's SHA-256 as the signer hashed it (S3 sends it as `x-amz-content-sha256`). */
  readonly payloadHash: string;
}

/** What a received request's Authorization says, and the signature the reference computes for it. */
export interface ReceivedSignature {
  readonly accessKeyId: string;
  readonly date: string;
  readonly region: string;
  readonly service: string;
  readonly signedHeaders: readonly string[];
  readonly signature: string;
  readonly expected: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/u;

/** Reads the request's Authorization header, or null when it is not a SigV4 header signature. */
export function receivedSignature(request: ReceivedSignedRequest, secret: string): ReceivedSignature | null {
  const match = AUTHORIZATION.exec(String(request.headers.authorization));
  if (!match) return null;
  const [, accessKeyId = '', date = '', region = '', service = '', names = '', signature = ''] = match;
  const signedHeaders = names.split(';');
  const amzDate = String(request.headers['x-amz-date']);
  const headers = Object.fromEntries(
    signedHeaders.map((name) => [name, String(request.headers[name] ?? '')]),
  );
  const expected = referenceSignature(
    {
      method: request.method,
      path: request.path,
      query: request.query ?? new URLSearchParams(),
      headers,
      signedHeaders,
      payloadHash: request.payloadHash,
      amzDate,
      region,
      service,
    },
    secret,
  );
  return { accessKeyId, date, region, service, signedHeaders, signature, expected };
}
