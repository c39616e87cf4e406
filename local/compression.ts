import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Compression as CloudFront applies it in AWS: brotli or gzip, chosen by the request's
 * `Accept-Encoding` (brotli first), for text-like types between 1,000 bytes and 10 MB. Static files are
 * compressed once at the highest levels and kept per file and modification time; API bodies are
 * compressed per response at a fast level, off the main thread (zlib's thread pool).
 */

export type ContentEncoding = 'br' | 'gzip';

const MIN_BYTES = 1000;
const MAX_BYTES = 10 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with, or null for identity. `q=0` refuses an encoding, `*` stands for any. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** Whether CloudFront would compress a body of this type and size. */
export function isCompressible(contentType: string | undefined, bytes: number): boolean {
  if (bytes < MIN_BYTES || bytes > MAX_BYTES || !contentType) return false;
  return /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml)/i.test(
    contentType,
  );
}

/**
 * Brotli for API bodies, measured on the client list's JSON (docs/benchmarks.md, "api-throughput"). Brotli's
 * default window is 4 MB, and an encoder allocates its buffers for the window it is given: each request paid
 * for zeroing megabytes. A window just large enough for the body compresses it exactly as well (nothing lies
 * further back than the body's start). Larger bodies get a larger window, up to brotli's 16 MB. Quality 1,
 * not 2: less CPU per body for a few more bytes; on the loopback the bytes cost nothing, and the list's CPU
 * per request is what limits its requests per second.
 */
export const API_BROTLI_QUALITY = 1;

function windowBitsFor(bytes: number): number {
  return Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes))),
  );
}

/** A response body compressed fast (API responses are compressed for each request). */
export function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(body.length),
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
}

interface CompressedFile {
  readonly mtimeMs: number;
  readonly size: number;
  readonly variants: Map<ContentEncoding, Promise<Buffer>>;
}

const staticCache = new Map<string, CompressedFile>();

/**
 * A static file compressed at the highest level, computed once per file version (hashed assets never
 * change, index.html changes on a rebuild) and shared by every later request.
 */
export function compressedStaticFile(file: string, encoding: ContentEncoding): Promise<Buffer> {
  const { mtimeMs, size } = statSync(file);
  let cached = staticCache.get(file);
  if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size) {
    cached = { mtimeMs, size, variants: new Map() };
    staticCache.set(file, cached);
  }
  let variant = cached.variants.get(encoding);
  if (!variant) {
    variant = readFile(file).then((content) =>
      encoding === 'br'
        ? brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          })
        : gzipAsync(content, { level: 9 }),
    );
    // A failed read is not kept: the next request tries again.
    variant.catch(() => cached?.variants.delete(encoding));
    cached.variants.set(encoding, variant);
  }
  return variant;
}

/** Precomputes both encodings of the given files, so the first visitor does not wait for brotli. */
export async function precompressStaticFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    await Promise.all([compressedStaticFile(file, 'br'), compressedStaticFile(file, 'gzip')]);
  }
}
