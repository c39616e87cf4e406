import { createHash, randomBytes } from 'node:crypto';

/**
 * Review links are capability URLs (docs/architecture.md, "Review, usage and bulk work"): a random token, shown once in the link, stored only
 * as its SHA-256. 32 bytes is 256 random bits (at least 128 are required); base64url keeps the link
 * short and safe in a path.
 */

const TOKEN_BYTES = 32;
/** What a token looks like: anything else is not looked up at all (it cannot be one of ours). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/u;

export function newReviewToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function isReviewTokenShape(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** Hex SHA-256: the token's only stored form, and the key the public routes read through. */
export function reviewTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
