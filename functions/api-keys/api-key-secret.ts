import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_DISPLAY_PREFIX_LENGTH, API_KEY_PREFIX, API_KEY_RANDOM_BYTES } from '#shared/api-keys';

/**
 * Making and checking key values. A key is `lbm_` + 256 random bits in base64url; only its SHA-256 is
 * stored. SHA-256 without a salt is enough here: the input is 256 random bits, not a guessable password.
 */

export interface NewKeyValue {
  /** The whole key: shown once, never stored or logged. */
  readonly key: string;
  readonly hash: string;
  readonly displayPrefix: string;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function newApiKeyValue(): NewKeyValue {
  const key = `${API_KEY_PREFIX}${randomBytes(API_KEY_RANDOM_BYTES).toString('base64url')}`;
  return { key, hash: hashApiKey(key), displayPrefix: key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH) };
}

/** Constant-time comparison of two hex digests of equal length (anything else is simply unequal). */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
