import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFrontendBuild } from '#local/frontend-build';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

/**
 * The local gateway compresses as CloudFront does in AWS: static files and API JSON go out brotli- or
 * gzip-encoded by Accept-Encoding, and unencoded to a client that asks for neither. Raw node:http
 * requests, because fetch would decode the body and hide the header.
 */

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function decode(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

let app: TestRuntime;

beforeAll(async () => {
  await ensureFrontendBuild();
  app = await startTestRuntime();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe('local gateway compression', () => {
  it('sends index.html and its largest preloaded script brotli, gzip or plain by Accept-Encoding', async () => {
    const plain = await get(`${app.url}/`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The entry script itself is a few hundred bytes (it only starts the page's chunks), under the
    // 1,000 bytes below which nothing is compressed, so the check takes the largest script the page
    // preloads (React, in the boot closure).
    const scripts = [...plain.body.toString('utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (match) => String(match[1]),
    );
    expect(scripts.length).toBeGreaterThan(1);
    const sizes = await Promise.all(
      scripts.map(async (path) => (await get(`${app.url}${path}`)).body.length),
    );
    const script = scripts[sizes.indexOf(Math.max(...sizes))];
    expect(Math.max(...sizes)).toBeGreaterThan(1000);

    for (const path of ['/', String(script)]) {
      const identity = await get(`${app.url}${path}`, 'identity');
      expect(identity.headers['content-encoding']).toBeUndefined();
      const br = await get(`${app.url}${path}`, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(identity.body.length);
      expect(decode(br).equals(identity.body)).toBe(true);
      const gzip = await get(`${app.url}${path}`, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decode(gzip).equals(identity.body)).toBe(true);
    }
  });

  it('compresses API JSON, and leaves bodies under 1,000 bytes alone', async () => {
    const identity = await get(`${app.url}/api/openapi.json`);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1000);
    const br = await get(`${app.url}/api/openapi.json`, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(JSON.parse(decode(br).toString('utf8'))).toEqual(JSON.parse(identity.body.toString('utf8')));
    const gzip = await get(`${app.url}/api/openapi.json`, 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const health = await get(`${app.url}/api/health`, 'br');
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(1000);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
