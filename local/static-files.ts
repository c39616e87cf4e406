import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { distDir } from './frontend-build';
import { decodePathPart, MALFORMED_PATH_MESSAGE } from './path-decoding';

/**
 * Serves the built frontend like CloudFront does in AWS: files from `frontend/dist`, hashed assets
 * cached for a year, and every other path answered with index.html (the SPA's router decides, and
 * shows the not-found page for unknown paths).
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
  const file = fileFor(decoded) ?? index;
  const hashed = file.includes(`${sep}assets${sep}`);
  response.writeHead(200, {
    ...headers,
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
}
