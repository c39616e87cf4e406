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
