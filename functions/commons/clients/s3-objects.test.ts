import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import {
  receivedSignature,
  referenceSignature,
  type SignableRequest,
  sha256Hex,
} from '#functions/commons/testing/sigv4-reference';
import type { AwsError } from './aws-json-client';
import { S3Objects } from './s3-objects';

/**
 * The S3 client against a local server: what goes on the wire for each call, with every signature
 * checked by an independent SigV4 computation (itself checked against the examples in AWS's S3
 * documentation), how replies and XML errors come back, and the retry policy. s3rver covers the same
 * client end to end in the media integration tests, but it does not check V4 signatures.
 */

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: SECRET, sessionToken: 'session-token' };

/** The reference computation for S3 (`service: 's3'`). */
const expectedSignature = (request: Omit<SignableRequest, 'service'>, secret = SECRET): string =>
  referenceSignature({ ...request, service: 's3' }, secret);

interface Received {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Checks a header-signed request's signature against the reference computation. */
function expectValidlySigned(request: Received | undefined, region = 'eu-west-1'): void {
  const signed = request
    ? receivedSignature({ ...request, payloadHash: String(request.headers['x-amz-content-sha256']) }, SECRET)
    : null;
  expect(signed, String(request?.headers.authorization)).not.toBeNull();
  expect(signed).toMatchObject({ accessKeyId: 'AKIDEXAMPLE', service: 's3', region });
  // Everything S3 must see unchanged is signed.
  expect(signed?.signedHeaders).toEqual(
    expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date']),
  );
  expect(String(request?.headers['x-amz-date']).slice(0, 8)).toBe(signed?.date);
  expect(signed?.expected).toBe(signed?.signature);
}

/** Checks a presigned URL's query signature against the reference computation. */
function expectValidlyPresigned(url: URL, region: string): void {
  const signedHeaders = (url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
  expect(signedHeaders).toEqual(['host']);
  expect(
    expectedSignature({
      method: 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: { host: url.host },
      signedHeaders,
      payloadHash: 'UNSIGNED-PAYLOAD',
      amzDate: url.searchParams.get('X-Amz-Date') ?? '',
      region,
    }),
  ).toBe(url.searchParams.get('X-Amz-Signature'));
}

type Reply =
  | { status: number; body?: string | Buffer; headers?: Record<string, string> }
  | 'drop'
  | 'drop-mid-body';

let server: LocalHttpServer;
let received: Received[] = [];
let replies: Reply[] = [];

function answer(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', server.origin);
    received.push({
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: Buffer.concat(chunks),
    });
    const reply = replies.shift() ?? { status: 200 };
    if (reply === 'drop') {
      request.socket.destroy();
      return;
    }
    if (reply === 'drop-mid-body') {
      // Headers and part of the body, then the connection goes: the read must not pass as complete.
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial', () => request.socket.destroy());
      return;
    }
    response.writeHead(reply.status, { 'x-amz-request-id': 'header-request-id', ...reply.headers });
    response.end(reply.body ?? '');
  });
}

const s3Error = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Key>media/a.png</Key><RequestId>REQ123</RequestId><HostId>h</HostId></Error>`;

const client = (overrides: { endpoint?: string | undefined; region?: string } = {}) =>
  new S3Objects({
    endpoint: 'endpoint' in overrides ? overrides.endpoint : server.origin,
    region: overrides.region ?? 'eu-west-1',
    credentials: () => credentials,
    retryDelayBase: 1,
  });

beforeAll(async () => {
  server = await startLocalHttpServer(answer);
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  received = [];
  replies = [];
});

describe('the reference SigV4 computation', () => {
  it("reproduces the signatures of AWS's S3 documentation examples (GET Object, presigned URL)", () => {
    const awsSecret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect(
      expectedSignature(
        {
          method: 'GET',
          path: '/test.txt',
          query: new URLSearchParams(),
          headers: {
            host: 'examplebucket.s3.amazonaws.com',
            range: 'bytes=0-9',
            'x-amz-content-sha256': empty,
            'x-amz-date': '20130524T000000Z',
          },
          signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
          payloadHash: empty,
          amzDate: '20130524T000000Z',
          region: 'us-east-1',
        },
        awsSecret,
      ),
    ).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(
      expectedSignature(
        {
          method: 'GET',
          path: '/test.txt',
          query: new URLSearchParams({
            'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
            'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
            'X-Amz-Date': '20130524T000000Z',
            'X-Amz-Expires': '86400',
            'X-Amz-SignedHeaders': 'host',
          }),
          headers: { host: 'examplebucket.s3.amazonaws.com' },
          signedHeaders: ['host'],
          payloadHash: 'UNSIGNED-PAYLOAD',
          amzDate: '20130524T000000Z',
          region: 'us-east-1',
        },
        awsSecret,
      ),
    ).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
  });
});

describe('S3Objects on the wire', () => {
  it('puts an object path-style with its headers, tag and signed payload hash', async () => {
    replies = [{ status: 200, headers: { etag: '"abc123"' } }];
    const body = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 0xff, 0xfe]);
    const result = await client().putObject({
      bucket: 'media-bucket',
      key: 'media/u1/j1/image 1+(a)é.png',
      body,
      contentType: 'image/png',
      contentDisposition: 'inline; filename="image-1.png"',
      cacheControl: 'private, max-age=3600',
      tagging: 'retention=job',
    });
    expect(result).toEqual({ etag: '"abc123"' });
    const [put] = received;
    expect(put?.method).toBe('PUT');
    // Each segment RFC 3986-encoded, the slashes kept: the path S3 stores the key under and signs.
    expect(put?.path).toBe('/media-bucket/media/u1/j1/image%201%2B%28a%29%C3%A9.png');
    expect(new Uint8Array(put?.body ?? [])).toEqual(body);
    expect(put?.headers).toMatchObject({
      host: server.hostPort,
      'content-type': 'image/png',
      'content-length': String(body.length),
      'content-disposition': 'inline; filename="image-1.png"',
      'cache-control': 'private, max-age=3600',
      'x-amz-tagging': 'retention=job',
      'x-amz-content-sha256': sha256Hex(body),
      'x-amz-security-token': 'session-token',
    });
    expect(Object.keys(put?.headers ?? {}).filter((name) => name.includes('checksum'))).toEqual([]);
    expectValidlySigned(put);
  });

  it('leaves out the headers a put does not set, with S3 default content type', async () => {
    await client().putObject({ bucket: 'b', key: 'k.bin', body: new Uint8Array() });
    const [put] = received;
    expect(put?.headers['content-type']).toBe('application/octet-stream');
    expect(put?.headers['content-length']).toBe('0');
    expect(put?.headers['content-disposition']).toBeUndefined();
    expect(put?.headers['x-amz-tagging']).toBeUndefined();
    expectValidlySigned(put);
  });

  it("gets an object's bytes unchanged", async () => {
    const stored = Buffer.from([0, 1, 2, 0xff, 0x80, 0x7f]);
    replies = [{ status: 200, body: stored, headers: { 'content-type': 'image/png' } }];
    expect(await client().getObject({ bucket: 'media-bucket', key: 'media/u1/j1/a.png' })).toEqual(
      new Uint8Array(stored),
    );
    const [get] = received;
    expect(get?.method).toBe('GET');
    expect(get?.path).toBe('/media-bucket/media/u1/j1/a.png');
    expect(get?.headers['x-amz-content-sha256']).toBe(sha256Hex(''));
    expectValidlySigned(get);
  });

  it('lists a prefix page after a marker, with the XML escapes of keys and ETags decoded', async () => {
    replies = [
      {
        status: 200,
        headers: { 'content-type': 'application/xml' },
        body: [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix>trash/</Prefix>',
          '<Marker>trash/a.json</Marker><MaxKeys>1000</MaxKeys><IsTruncated>true</IsTruncated>',
          '<Contents><Key>trash/clients/a&amp;b&lt;c&#x0D;.json</Key><LastModified>2026-01-01T00:00:00.000Z</LastModified>',
          '<ETag>&quot;0f1e&quot;</ETag><Size>12</Size><StorageClass>STANDARD</StorageClass></Contents>',
          '<Contents><Key>trash/content/c/d.json</Key><ETag>"9a8b"</ETag><Size>3</Size></Contents>',
          '</ListBucketResult>',
        ].join('\n'),
      },
    ];
    const page = await client().listObjects({ bucket: 'b', prefix: 'trash/', marker: 'trash/a b.json' });
    expect(page).toEqual({
      objects: [
        { key: 'trash/clients/a&b<c\r.json', etag: '"0f1e"' },
        { key: 'trash/content/c/d.json', etag: '"9a8b"' },
      ],
      isTruncated: true,
      nextMarker: undefined,
    });
    const [list] = received;
    expect(list?.path).toBe('/b');
    expect(list?.query.get('prefix')).toBe('trash/');
    expect(list?.query.get('marker')).toBe('trash/a b.json');
    expectValidlySigned(list);
  });

  it('reads the last page and a NextMarker', async () => {
    replies = [
      {
        status: 200,
        body: '<ListBucketResult><IsTruncated>false</IsTruncated><NextMarker>x/y</NextMarker></ListBucketResult>',
      },
    ];
    expect(await client().listObjects({ bucket: 'b', prefix: 'trash/' })).toEqual({
      objects: [],
      isTruncated: false,
      nextMarker: 'x/y',
    });
    expect(received[0]?.query.has('marker')).toBe(false);
  });
});

describe('S3Objects errors and retries', () => {
  it('raises a missing key as the SDK does: NoSuchKey, 404, client fault, no retry', async () => {
    replies = [{ status: 404, body: s3Error('NoSuchKey', 'The specified key does not exist.') }];
    const error = (await client()
      .getObject({ bucket: 'b', key: 'media/a.png' })
      .catch((caught: unknown) => caught)) as AwsError;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('NoSuchKey');
    expect(error.message).toBe('The specified key does not exist.');
    expect(error.Key).toBe('media/a.png');
    expect(error.$fault).toBe('client');
    expect(error.$metadata).toEqual({
      httpStatusCode: 404,
      requestId: 'REQ123',
      attempts: 1,
      totalRetryDelay: 0,
    });
    expect(received).toHaveLength(1);
  });

  it('names a 404 without a body NotFound, and another bodiless refusal by its status', async () => {
    replies = [{ status: 404 }, { status: 403 }];
    await expect(client().getObject({ bucket: 'b', key: 'k' })).rejects.toMatchObject({
      name: 'NotFound',
      $metadata: { httpStatusCode: 404, requestId: 'header-request-id' },
    });
    await expect(client().getObject({ bucket: 'b', key: 'k' })).rejects.toMatchObject({
      name: 'HTTP 403',
      message: 'GetObject failed with HTTP 403',
    });
    expect(received).toHaveLength(2);
  });

  it('does not retry a refusal (AccessDenied)', async () => {
    replies = [{ status: 403, body: s3Error('AccessDenied', 'Access Denied') }];
    await expect(
      client().putObject({ bucket: 'b', key: 'k', body: new Uint8Array([1]) }),
    ).rejects.toMatchObject({ name: 'AccessDenied', message: 'Access Denied', $fault: 'client' });
    expect(received).toHaveLength(1);
  });

  it('retries 503 SlowDown and a 500, then succeeds on the third attempt with the same signed body', async () => {
    replies = [
      { status: 503, body: s3Error('SlowDown', 'Please reduce your request rate.') },
      { status: 500, body: s3Error('InternalError', 'We encountered an internal error.') },
      { status: 200 },
    ];
    await client().putObject({ bucket: 'b', key: 'k', body: new Uint8Array([7, 8]) });
    expect(received).toHaveLength(3);
    for (const attempt of received) {
      expect([...attempt.body]).toEqual([7, 8]);
      expectValidlySigned(attempt);
    }
  });

  it('retries a 400 RequestTimeout, as the SDK counts it transient', async () => {
    replies = [
      { status: 400, body: s3Error('RequestTimeout', 'Idle too long.') },
      { status: 200, body: 'ok' },
    ];
    expect(Buffer.from(await client().getObject({ bucket: 'b', key: 'k' })).toString()).toBe('ok');
    expect(received).toHaveLength(2);
  });

  it('gives up after three attempts with the last error, its attempts and the delay spent', async () => {
    replies = [500, 502, 503].map((status) => ({
      status,
      body: s3Error('InternalError', `failed ${status}`),
    }));
    const error = (await client()
      .getObject({ bucket: 'b', key: 'k' })
      .catch((caught: unknown) => caught)) as AwsError;
    expect(error.name).toBe('InternalError');
    expect(error.message).toBe('failed 503');
    expect(error.$fault).toBe('server');
    expect(error.$metadata.attempts).toBe(3);
    expect(error.$metadata.httpStatusCode).toBe(503);
    expect(received).toHaveLength(3);
  });

  it('retries a dropped connection, before the reply or in the middle of its body', async () => {
    replies = ['drop', 'drop-mid-body', { status: 200, body: 'whole' }];
    expect(Buffer.from(await client().getObject({ bucket: 'b', key: 'k' })).toString()).toBe('whole');
    expect(received).toHaveLength(3);
  });

  it('throws the connection error when every attempt is dropped', async () => {
    replies = ['drop', 'drop', 'drop'];
    await expect(client().getObject({ bucket: 'b', key: 'k' })).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(received).toHaveLength(3);
  });
});

describe('presigned reads', () => {
  it('presigns a path-style read with the expiry and disposition, which the server then receives', async () => {
    const url = new URL(
      client().presignGetObject({
        bucket: 'media-bucket',
        key: 'media/u1/j1/image-1.png',
        expiresIn: 300,
        responseContentDisposition: 'attachment; filename="my image(1).png"',
      }),
    );
    expect(received).toEqual([]);
    expect(url.origin).toBe(server.origin);
    expect(url.pathname).toBe('/media-bucket/media/u1/j1/image-1.png');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/u,
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('session-token');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      'attachment; filename="my image(1).png"',
    );
    expectValidlyPresigned(url, 'eu-west-1');

    replies = [{ status: 200, body: 'bytes' }];
    const reply = await fetch(url);
    expect(await reply.text()).toBe('bytes');
    expect(received[0]?.path).toBe(url.pathname);
    expect(received[0]?.query.get('X-Amz-Signature')).toBe(url.searchParams.get('X-Amz-Signature'));
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it('presigns a virtual-hosted read on the regional endpoint when no endpoint is set', () => {
    const url = new URL(
      client({ endpoint: undefined, region: 'eu-central-1' }).presignGetObject({
        bucket: 'lbm-media-bucket-1a2b',
        key: 'media/u1/j1/podcast.mp3',
        expiresIn: 300,
      }),
    );
    expect(url.origin).toBe('https://lbm-media-bucket-1a2b.s3.eu-central-1.amazonaws.com');
    expect(url.pathname).toBe('/media/u1/j1/podcast.mp3');
    expect(url.searchParams.has('response-content-disposition')).toBe(false);
    expectValidlyPresigned(url, 'eu-central-1');
  });

  it('refuses an expiry S3 would refuse', () => {
    for (const expiresIn of [0, 1.5, 7 * 24 * 3600 + 1]) {
      expect(() => client().presignGetObject({ bucket: 'b', key: 'k', expiresIn })).toThrow(RangeError);
    }
  });
});
