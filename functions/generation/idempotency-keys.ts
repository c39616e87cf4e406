import { createHash } from 'node:crypto';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { ConflictError, UnprocessableError } from '#functions/commons/errors';
import { entities, isExpired, ttlInSeconds } from '#functions/data/entities';
import { findItem, putItem } from '#functions/data/item-commands';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_HOURS } from '#shared/generation-jobs';
import { isConditionFailure } from './conditional-write';

/**
 * `Idempotency-Key` on generation POSTs (docs/decisions.md, "Generation"): the first request with a key
 * records (user, key) → job id in one conditional write before the job exists; a repeat finds the record
 * and gets the same job. Keys are per user, and forgotten after a day. A repeat must send the same
 * request: the record keeps a hash of the validated body, and another body answers 422.
 */

/** What a key's record remembers of its request: the validated body, as JSON, hashed. */
export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

export type KeyClaim =
  /** The key was free: `jobId` is now recorded under it. */
  | { readonly fresh: true; readonly jobId: string }
  /** An earlier request holds the key, for this job. */
  | { readonly fresh: false; readonly jobId: string };

/**
 * Records `jobId` under the key unless a live record holds it. A record for another tool is a client
 * bug (one key per request): 409; the same tool with another body, 422.
 */
export async function claimIdempotencyKey(
  userId: string,
  key: string,
  tool: string,
  jobId: string,
  bodyHash: string,
  now = Date.now(),
): Promise<KeyClaim> {
  // A second round only when the record vanished or expired between the write and the read.
  for (let round = 0; round < 2; round += 1) {
    if (await tryRecord(userId, key, tool, jobId, bodyHash, now)) return { fresh: true, jobId };
    const data = await findItem(entities().idempotencyKey, { userId, key }, { consistent: true });
    if (!data || isExpired(data.expiresAt, now)) continue;
    if (data.tool !== tool) {
      throw new ConflictError(
        `This ${IDEMPOTENCY_KEY_HEADER} was already used for another request (${data.tool}). Send a new key for a new request.`,
        'idempotency_key_reused',
      );
    }
    if (data.bodyHash !== undefined && data.bodyHash !== bodyHash) {
      throw new UnprocessableError(
        `This ${IDEMPOTENCY_KEY_HEADER} was already used with another request body. Send the same body to get the first reply, or a new key for a new request.`,
        'idempotency_key_mismatch',
      );
    }
    return { fresh: false, jobId: data.jobId };
  }
  throw new Error(`Could not record ${IDEMPOTENCY_KEY_HEADER} ${key}`);
}

async function tryRecord(
  userId: string,
  key: string,
  tool: string,
  jobId: string,
  bodyHash: string,
  now: number,
) {
  const nowSeconds = Math.floor(now / 1000);
  try {
    await putItem(
      entities().idempotencyKey,
      {
        userId,
        key,
        jobId,
        tool,
        bodyHash,
        createdAt: new Date(now).toISOString(),
        expiresAt: ttlInSeconds(IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60, now),
      },
      // Every record has expiresAt, so "no expiresAt" means "no record". An expired one is replaced.
      {
        or: [
          { attr: 'expiresAt', exists: false },
          { attr: 'expiresAt', lte: nowSeconds },
        ],
      },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Frees a key whose job was never created (refused at the cap), so the same key may try again later. */
export async function releaseIdempotencyKey(userId: string, key: string, jobId: string): Promise<void> {
  await entities()
    .idempotencyKey.build(DeleteItemCommand)
    .key({ userId, key })
    .options({ condition: { attr: 'jobId', eq: jobId } })
    .send()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
