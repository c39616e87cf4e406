import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envNames } from '#infra/routes';
import { bundleLambdas, repositoryRoot } from '../../bench/lambda-bundles';

/**
 * The media store (s3-objects.ts, S3's REST API) and the WordPress password cipher (KMS through
 * aws-json-client.ts) as the Lambdas run them: built into one bundle the way CDK builds a handler
 * (bench/lambda-bundles.ts, with the stack's aliases), so what only a bundle changes (module format,
 * aliases, the inlined aws4 signer) is exercised too. Every call the handlers make (the reads, writes
 * and presigned reads of ResizeImage, the media routes and the media worker, and the cipher's two KMS
 * calls) goes to a stand-in server, which checks each request as it arrives: method, path, body,
 * signature, and no checksum headers or aws-chunked encoding. Path-style, as against s3rver: the
 * stand-in has no DNS for virtual-hosted bucket names (s3-objects.ts switches style on whether an
 * endpoint is set).
 */

interface Probe {
  putMedia(bytes: Uint8Array): Promise<string>;
  readMedia(fileName?: string): Promise<Uint8Array | null>;
  presignedMediaUrl(downloadName?: string): Promise<string>;
  encryptSecret(plain: string): Promise<string>;
  decryptSecret(cipherText: string): Promise<string>;
}

interface WireRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

const BUCKET = 'media-bucket';
const KMS_KEY = 'alias/lbm-probe';
const ACCESS_KEY = 'AKIDPROBE';

const probeSource = (root: string) =>
  [
    `import * as media from '${root}/functions/media/media-store.ts';`,
    `import { decryptSecret, encryptSecret } from '${root}/functions/clients/password-cipher.ts';`,
    `const location = { userId: 'u1', jobId: 'j1', fileName: 'image-1.png' };`,
    `export const putMedia = (bytes) => media.putMedia(location, bytes, 'job');`,
    'export const readMedia = (fileName = location.fileName) => media.readMedia({ ...location, fileName });',
    'export const presignedMediaUrl = async (name) => media.presignedMediaUrl(location, name);',
    'export { decryptSecret, encryptSecret };',
    '',
  ].join('\n');

const noSuchKey = (key: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key><RequestId>R1</RequestId></Error>`;

/** An object store as S3 answers path-style requests, and KMS's two JSON calls. */
function standIn(requests: WireRequest[]) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const body = Buffer.concat(chunks);
      const method = request.method ?? '';
      requests.push({ method, path: url.pathname, query: url.searchParams, headers: request.headers, body });
      const target = String(request.headers['x-amz-target'] ?? '');
      if (target === 'TrentService.Encrypt') {
        const { Plaintext } = JSON.parse(body.toString('utf8')) as { Plaintext: string };
        const blob = Buffer.from(`sealed:${Buffer.from(Plaintext, 'base64').toString('utf8')}`);
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify({ CiphertextBlob: blob.toString('base64'), KeyId: KMS_KEY }));
        return;
      }
      if (target === 'TrentService.Decrypt') {
        const { CiphertextBlob } = JSON.parse(body.toString('utf8')) as { CiphertextBlob: string };
        const plain = Buffer.from(CiphertextBlob, 'base64')
          .toString('utf8')
          .replace(/^sealed:/u, '');
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify({ Plaintext: Buffer.from(plain).toString('base64'), KeyId: KMS_KEY }));
        return;
      }
      const key = decodeURIComponent(url.pathname);
      if (method === 'PUT') {
        objects.set(key, { body, contentType: String(request.headers['content-type'] ?? '') });
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        response.end();
      } else if (method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          response.writeHead(404, { 'content-type': 'application/xml' });
          response.end(noSuchKey(key));
          return;
        }
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        response.end(object.body);
      } else if (method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204);
        response.end();
      } else {
        response.writeHead(405);
        response.end();
      }
    });
  });
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Checks what every signed S3 request must carry, and that no checksum went with it. */
function expectPlainSignedS3Request(request: WireRequest | undefined, method: string, path: string): void {
  expect(request?.method).toBe(method);
  expect(request?.path).toBe(path);
  const headers = request?.headers ?? {};
  expect(String(headers.authorization)).toMatch(
    new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/us-east-1/s3/aws4_request, `),
  );
  expect(headers['x-amz-content-sha256']).toBe(sha256(request?.body ?? Buffer.alloc(0)));
  expect(Object.keys(headers).filter((name) => name.startsWith('x-amz-checksum-'))).toEqual([]);
  expect(headers['x-amz-sdk-checksum-algorithm']).toBeUndefined();
  expect(headers['x-amz-trailer']).toBeUndefined();
  expect(headers['content-encoding']).toBeUndefined();
  expect(headers['content-md5']).toBeUndefined();
}

/** Non-test files under functions/ that import the SDK's S3 client, its presigner or our former SDK client module (clients/s3.ts). */
function sdkS3Importers(): string[] {
  const dir = join(repositoryRoot, 'functions');
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/u.test(entry.name) || /\.test\.tsx?$/u.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    if (
      /from '(@aws-sdk\/client-s3|@aws-sdk\/s3-request-presigner|#functions\/commons\/clients\/s3)'/u.test(
        source,
      )
    ) {
      found.push(relative(repositoryRoot, file));
    }
  }
  return found;
}

it("keeps the SDK's S3 client out of every function (s3-objects.ts speaks S3's REST API)", () => {
  // Its core and S3's schema module cost a handler ~150 KB that does not tree-shake (issue 15).
  expect(sdkS3Importers()).toEqual([]);
});

describe('Media store and password cipher calls from a Lambda bundle', () => {
  const requests: WireRequest[] = [];
  const server = standIn(requests);
  const cache = join(repositoryRoot, 'node_modules', '.cache');
  let dir = '';
  let probe: Probe;
  const saved = new Map<string, string | undefined>();

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: 'probe-secret',
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ENDPOINT_URL_KMS: endpoint,
      [envNames.mediaBucket]: BUCKET,
      [envNames.wordpressKeyId]: KMS_KEY,
    };
    for (const [name, value] of Object.entries(env)) {
      saved.set(name, process.env[name]);
      process.env[name] = value;
    }
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(join(cache, 'lbm-media-cipher-probe-'));
    const source = join(dir, 'probe.ts');
    writeFileSync(source, probeSource(repositoryRoot));
    const bundle = (
      await bundleLambdas([{ id: 'MediaCipherProbe', entry: source, kind: 'http', external: [] }])
    ).get('MediaCipherProbe');
    const file = join(dir, 'probe.mjs');
    writeFileSync(file, bundle?.code ?? '');
    probe = (await import(pathToFileURL(file).href)) as Probe;
  }, 120_000);

  afterAll(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stores and reads media bytes with their headers and retention tag', async () => {
    requests.length = 0;
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 250, 251, 252]);
    expect(await probe.putMedia(bytes)).toBe('/api/media/u1/j1/image-1.png');
    expect(await probe.readMedia()).toEqual(bytes);

    const path = `/${BUCKET}/media/u1/j1/image-1.png`;
    const [put, get] = requests;
    expectPlainSignedS3Request(put, 'PUT', path);
    expect(new Uint8Array(put?.body ?? [])).toEqual(bytes);
    expect(put?.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline; filename="image-1.png"',
      'cache-control': 'private, max-age=3600',
      'x-amz-tagging': 'retention=job',
      'content-length': String(bytes.length),
    });
    expectPlainSignedS3Request(get, 'GET', path);
    expect(get?.headers['x-amz-checksum-mode']).toBeUndefined();
    expect(requests).toHaveLength(2);
  });

  it('reads a missing object as null: the NoSuchKey reply is parsed into the error the store expects', async () => {
    requests.length = 0;
    expect(await probe.readMedia('missing.png')).toBeNull();
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /${BUCKET}/media/u1/j1/missing.png`,
    ]);
  });

  it('presigns a media read that the stand-in then serves', async () => {
    requests.length = 0;
    const url = new URL(await probe.presignedMediaUrl('my-image.png'));
    expect(requests).toEqual([]);
    expect(url.pathname).toBe(`/${BUCKET}/media/u1/j1/image-1.png`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      new RegExp(`^${ACCESS_KEY}/\\d{8}/us-east-1/s3/`),
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/u);
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="my-image.png"');
    expect([...url.searchParams.keys()].filter((name) => /checksum/iu.test(name))).toEqual([]);
    const reply = await fetch(url);
    expect(reply.status).toBe(200);
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([`GET ${url.pathname}`]);
  });

  it('encrypts and decrypts a WordPress password through KMS', async () => {
    requests.length = 0;
    const sealed = await probe.encryptSecret('app pass 1234');
    expect(await probe.decryptSecret(sealed)).toBe('app pass 1234');
    expect(
      requests.map(({ method, path, headers }) => `${method} ${path} ${headers['x-amz-target']}`),
    ).toEqual(['POST / TrentService.Encrypt', 'POST / TrentService.Decrypt']);
    const [encrypt, decrypt] = requests;
    for (const request of [encrypt, decrypt]) {
      expect(request?.headers['content-type']).toBe('application/x-amz-json-1.1');
      expect(String(request?.headers.authorization)).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/us-east-1/kms/aws4_request, `),
      );
    }
    const encryptBody = JSON.parse(encrypt?.body.toString('utf8') ?? '') as Record<string, unknown>;
    expect(encryptBody.KeyId).toBe(KMS_KEY);
    expect(Buffer.from(String(encryptBody.Plaintext), 'base64').toString('utf8')).toBe('app pass 1234');
    expect(encryptBody.EncryptionContext).toEqual(expect.any(Object));
    const decryptBody = JSON.parse(decrypt?.body.toString('utf8') ?? '') as Record<string, unknown>;
    expect(decryptBody.EncryptionContext).toEqual(encryptBody.EncryptionContext);
    expect(decryptBody.KeyId).toBe(KMS_KEY);
  });
});
