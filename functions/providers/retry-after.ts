/**
 * How long a provider asked us to wait. OpenAI sends `retry-after-ms`, most servers send `retry-after`
 * (seconds, or an HTTP date), and Google puts a RetryInfo `retryDelay` ("1.5s") in the error body.
 */

type HeaderSource = Headers | { get(name: string): string | null } | undefined | null;

export function retryAfterFromHeaders(headers: HeaderSource, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const milliseconds = parseNonNegative(headers.get('retry-after-ms'));
  if (milliseconds !== undefined) return milliseconds;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = parseNonNegative(value);
  if (seconds !== undefined) return seconds * 1000;
  // An HTTP date names its weekday and month; anything else (e.g. "-1") is not one, whatever Date.parse says.
  const date = /[a-z]{3}/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function parseNonNegative(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

/** Finds `"retryDelay": "12.5s"` in a Google error body (google.rpc.RetryInfo). */
export function retryDelayFromGoogleError(body: unknown): number | undefined {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    const delay = (detail as { retryDelay?: unknown } | null)?.retryDelay;
    if (typeof delay === 'string') {
      const match = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
      if (match?.[1]) return Number(match[1]) * 1000;
    }
  }
  return undefined;
}
