import { describe, expect, it } from 'vitest';
import { isCompressible, negotiateEncoding } from './compression';

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
