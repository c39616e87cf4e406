import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API_BROTLI_QUALITY, compressBody, isCompressible, negotiateEncoding } from './compression';

describe('negotiateEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('isCompressible', () => {
  it('takes text-like types from 1,000 bytes to 10 MB, as CloudFront does', () => {
    expect(isCompressible('application/json', 1000)).toBe(true);
    expect(isCompressible('text/javascript; charset=utf-8', 5000)).toBe(true);
    expect(isCompressible('image/svg+xml', 5000)).toBe(true);
    expect(isCompressible('application/json', 999)).toBe(false);
    expect(isCompressible('application/json', 10 * 1024 * 1024 + 1)).toBe(false);
    expect(isCompressible('image/png', 5000)).toBe(false);
    expect(isCompressible(undefined, 5000)).toBe(false);
  });
});

describe('compressBody', () => {
  const clients = (count: number) =>
    Buffer.from(
      JSON.stringify({
        clients: Array.from({ length: count }, (_, index) => ({
          id: `01JCLIENT${String(index).padStart(17, '0')}`,
          name: `Client ${index}`,
          website: `https://client-${index}.example`,
          newsletter_instructions_preview: `Friendly tone, client ${index}: same-day crowns and evening hours.`,
        })),
      }),
    );

  it('round-trips API bodies small and large, brotli and gzip', async () => {
    for (const body of [clients(20), clients(20_000)]) {
      expect(brotliDecompressSync(await compressBody(body, 'br')).equals(body)).toBe(true);
      expect(gunzipSync(await compressBody(body, 'gzip')).equals(body)).toBe(true);
    }
  });

  it("sizes brotli's window to the body without losing compression", async () => {
    for (const body of [clients(50), clients(20_000)]) {
      const withDefaultWindow = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY },
      });
      const sized = await compressBody(body, 'br');
      expect(sized.length).toBeLessThanOrEqual(withDefaultWindow.length * 1.01);
      expect(sized.length).toBeLessThan(body.length / 5);
    }
  });
});
