import { BadRequestError } from '#functions/commons/errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  INVALID_IDEMPOTENCY_KEY_MESSAGE,
  isIdempotencyKey,
} from '#shared/generation-jobs';

const HEADER_NAME = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/**
 * The request's `Idempotency-Key`, or null without one; 400 when the header is there but malformed. Apart
 * from the keys' store (idempotency-keys.ts), so a route reads the header without loading the table's.
 */
export function idempotencyKeyOf(headers: Readonly<Record<string, string | undefined>> | undefined) {
  const value = headers?.[HEADER_NAME];
  if (value === undefined) return null;
  if (!isIdempotencyKey(value))
    throw new BadRequestError(INVALID_IDEMPOTENCY_KEY_MESSAGE, 'invalid_idempotency_key');
  return value;
}
