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
  /** A redirect to another origin that the caller asked never to follow (CrossOriginRedirectError). */
  | 'cross_origin_redirect'
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

/**
 * The site redirected to another origin (scheme, host or port) and the caller asked for such redirects to
 * be refused rather than followed: nothing was sent to `to`.
 */
export class CrossOriginRedirectError extends FetchFailedError {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super('cross_origin_redirect', `The site redirected to another address (${to})`);
    this.name = 'CrossOriginRedirectError';
  }
}
