import * as z from './zod';

/**
 * The one rule for a web address a request carries (docs/decisions.md, "The outside probe's findings"): every
 * URL field of every request schema, and the browser's forms, use it, so a `javascript:`, `file:`, `gopher:`,
 * `data:` or `ftp:` address is refused with a 400 where it enters, never later inside a job. A web address is
 * http or https, names a host, carries no user name or password, and is at most 2,048 characters.
 */

/** Blog rewrite's wording (001 §5), used for every address that is present but not a web address. */
export const INVALID_URL_MESSAGE = 'Please enter a valid URL';

export const MAX_URL_LENGTH = 2_048;

/** The scheme and `//` written out, then a host (URL would read `https:///x` or `http:x` as hosts too). */
const WEB_SCHEME = /^https?:\/\/[^/\\?#\s]/i;

export function isWebAddress(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length > MAX_URL_LENGTH || !WEB_SCHEME.test(trimmed)) return false;
  try {
    const url = new URL(trimmed);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * A trimmed address that is '' or a web address; anything else (too long included) gets
 * INVALID_URL_MESSAGE. Schemas that require one say so with their own message.
 */
export const webAddress = () =>
  z.string().check(
    z.trim(),
    z.refine((value) => value === '' || isWebAddress(value), INVALID_URL_MESSAGE),
  );

/** An optional address, '' when absent. */
export const webAddressField = () => z._default(webAddress(), '');

/** What a user types into a site-address field without a scheme (`bakery.example`) means https. */
export function withDefaultScheme(value: string): string {
  const trimmed = value.trim();
  return trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
