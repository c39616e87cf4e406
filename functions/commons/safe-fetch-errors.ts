/**
 * The failures of safeFetch (safe-fetch.ts), apart from the fetcher itself: code that only tells these
 * errors apart (the job engine, the WordPress client, the fetch route) does not load the fetcher and its
 * address checks (ipaddr.js) with them.
 */

export type UnsafeUrlCode = 'invalid_url' | 'unsupported_scheme' | 'credentials_in_url' | 'blocked_address';
export type FetchFailedCode =
  | 'timeout'
  | 'too_large'
  | 'http_status'
  | 'unsupported_content_type'
  | 'too_many_redirects'
  | 'dns_failed'
  | 'network'
  /** Raised by readers of the body (fetchSource), not by safeFetch itself. */
  | 'no_readable_text';

export abstract class SafeFetchError extends Error {
  abstract readonly code: UnsafeUrlCode | FetchFailedCode;
}

/** The URL itself may not be fetched; nothing was sent to it. */
export class UnsafeUrlError extends SafeFetchError {
  constructor(
    readonly code: UnsafeUrlCode,
    message: string,
  ) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

/** The URL was allowed but reading it failed. `status` is set when the site answered with an error. */
export class FetchFailedError extends SafeFetchError {
  constructor(
    readonly code: FetchFailedCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchFailedError';
  }
}
