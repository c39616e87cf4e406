import type { Server } from 'node:http';

/**
 * How long the local servers keep an idle kept-alive connection, and wait for a request's headers
 * (docs/decisions.md, "The outside probe's findings"). Node's defaults close an idle connection after 5 s
 * (plus a second of grace): a client that polls a job every few seconds over its kept connection then now and
 * then writes its next request just as the server closes it, and gets ECONNRESET (the outside probe saw it
 * with 50 jobs and 5 users; `npm run bench job-burst` reproduces it). In AWS the client talks to CloudFront,
 * which keeps viewer connections far longer than any answer takes (API Gateway cuts an answer at 30 s), so
 * locally too an idle connection stays open well past the slowest answer and any polling interval.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Node requires the headers timeout to outlast the keep-alive timeout, or it can cut a reused socket. */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

export function applyServerTimeouts(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
}
