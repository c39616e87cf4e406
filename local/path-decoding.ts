/**
 * Percent-decoding of request paths for the local gateway and the static files. A malformed escape
 * (`%ff`, `%E0%A4%A`) is the client's mistake, so callers answer 400 instead of letting `URIError`
 * become a 500, which is also what API Gateway and CloudFront answer.
 */
export function decodePathPart(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export const MALFORMED_PATH_MESSAGE = 'Bad Request: the path has malformed percent-encoding';

/**
 * The URL of a request target, or null when it cannot be one (`GET http://[ HTTP/1.1` reaches the
 * server as is). `new URL` throws on such a target; outside a try block that ended the whole runtime.
 */
export function requestTarget(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://127.0.0.1');
  } catch {
    return null;
  }
}

export const MALFORMED_TARGET_MESSAGE = 'Bad Request: the request target is not a URL';
