import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { SPA_REWRITE_FUNCTION_CODE } from '#infra/spa-rewrite';
import { viewerRequestHandler } from './cloudfront-function';
import {
  compressedStaticFile,
  isCompressible,
  negotiateEncoding,
  precompressStaticFiles,
} from './compression';
import { distDir } from './frontend-build';
import { decodePathPart, MALFORMED_PATH_MESSAGE } from './path-decoding';

/**
 * Serves the built frontend like CloudFront does in AWS: files from `frontend/dist`, hashed assets
 * cached for a year, `/` answered with the prerendered landing page and every other path with
 * index.html (the SPA's router decides, and shows the not-found page for unknown paths), through the
 * stack's own viewer-request function (infra/spa-rewrite.ts). Text-like files go out brotli- or gzip-compressed by
 * `Accept-Encoding`, as CloudFront compresses them.
 */

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.map': 'application/json',
};

function fileFor(decoded: string): string | null {
  const candidate = normalize(join(distDir, decoded));
  if (!candidate.startsWith(distDir + sep) && candidate !== distDir) return null;
  return existsSync(candidate) && statSync(candidate).isFile() ? candidate : null;
}

const spaRewrite = viewerRequestHandler(SPA_REWRITE_FUNCTION_CODE);

let precompressStarted = false;

/**
 * On the first request, compress the whole build in the background, so the assets that page asks for
 * next are ready (a request for a file still being compressed waits for that same work).
 */
function precompressOnce(): void {
  if (precompressStarted) return;
  precompressStarted = true;
  precompressStaticFiles(staticFilesToPrecompress()).catch(() => {
    precompressStarted = false;
  });
}

export function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  headers: Record<string, string>,
): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' });
    response.end();
    return;
  }
  const decoded = decodePathPart(url.pathname);
  if (decoded === null) {
    response.writeHead(400, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    response.end(MALFORMED_PATH_MESSAGE);
    return;
  }
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('The frontend is not built yet. Run `npm run build` (npm start does it for you).');
    return;
  }
  precompressOnce();
  // The stack's own viewer-request function picks the file, as CloudFront does: the prerendered landing
  // page for `/`, the shell for the app's routes, nothing for a source map.
  const routed = spaRewrite({ method: request.method, uri: url.pathname, headers: {} });
  if ('response' in routed) {
    response.writeHead(routed.response.statusCode, { ...headers, ...routed.response.headers });
    response.end(routed.response.body);
    return;
  }
  const target = routed.uri === url.pathname ? decoded : decodePathPart(routed.uri);
  // A missing file falls back to the shell (the router shows its not-found page), and so does `/` in a
  // build from before the landing page was prerendered.
  const file = (target === null ? null : fileFor(target)) ?? index;
  const hashed = file.includes(`${sep}assets${sep}`);
  const contentType = types[extname(file)] ?? 'application/octet-stream';
  const fileHeaders = {
    ...headers,
    'content-type': contentType,
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  const encoding = isCompressible(contentType, statSync(file).size)
    ? negotiateEncoding(request.headers['accept-encoding'])
    : null;
  if (encoding) {
    compressedStaticFile(file, encoding).then(
      (body) => {
        response.writeHead(200, {
          ...fileHeaders,
          'content-encoding': encoding,
          'content-length': String(body.length),
          vary: 'Accept-Encoding',
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('The file could not be read.');
      },
    );
    return;
  }
  response.writeHead(200, fileHeaders);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
}

/** Every compressible file of the build, for precompressing at start. */
export function staticFilesToPrecompress(): string[] {
  if (!existsSync(distDir)) return [];
  return readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(distDir, name))
    .filter((file) => {
      const stats = statSync(file);
      return stats.isFile() && isCompressible(types[extname(file)], stats.size);
    });
}
