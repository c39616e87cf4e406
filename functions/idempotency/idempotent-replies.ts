import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { ConflictError } from '#functions/commons/errors';
import { type AuthenticatedRequest, HttpResult } from '#functions/commons/http-handler';
import { entities } from '#functions/data/entities';
import { findItem } from '#functions/data/item-commands';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
} from '#functions/generation/idempotency-keys';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/generation-jobs';

/** A creating route's replies, kept by Idempotency-Key (idempotent-handler.ts says how they are used). */

/** The most of a reply a key's record keeps: far under an item's 400 KB. */
const MAX_STORED_REPLY_BYTES = 64 * 1024;

function replyOf(result: unknown): { status: number; body: unknown } {
  return result instanceof HttpResult
    ? { status: result.statusCode, body: result.body }
    : { status: 200, body: result };
}

async function storeReply(userId: string, key: string, requestId: string, result: unknown): Promise<boolean> {
  const { status, body } = replyOf(result);
  const text = JSON.stringify(body ?? null);
  if (status >= 300 || Buffer.byteLength(text) > MAX_STORED_REPLY_BYTES) return false;
  await entities()
    .idempotencyKey.build(UpdateItemCommand)
    .item({ userId, key, replyStatus: status, replyBody: text })
    .options({ condition: { attr: 'jobId', eq: requestId } })
    .send();
  return true;
}

async function replay(userId: string, key: string): Promise<HttpResult> {
  const record = await findItem(entities().idempotencyKey, { userId, key }, { consistent: true });
  if (record?.replyStatus === undefined || record.replyBody === undefined) {
    throw new ConflictError(
      `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being handled. Retry in a moment for its reply.`,
      'idempotency_key_in_use',
    );
  }
  return new HttpResult(record.replyStatus, JSON.parse(record.replyBody), { 'idempotent-replayed': 'true' });
}

/** Runs the request once for its key: the first time for real, afterwards as its stored reply. */
export async function runOnce<Body>(
  request: AuthenticatedRequest<Body>,
  routeId: string,
  key: string,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const { userId } = request.caller;
  const requestId = request.event.requestContext.requestId;
  // The whole request: the same key on another item's path, or with another CSV, is another request.
  const { params, query, body, csv } = request;
  const hash = requestHash({ params, query, body, csv });
  const claim = await claimIdempotencyKey(userId, key, routeId, requestId, hash);
  if (!claim.fresh) return replay(userId, key);
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    await releaseIdempotencyKey(userId, key, requestId);
    throw error;
  }
  // A reply that is not a success, or too large to keep, is not replayed: the key is freed for a retry.
  if (!(await storeReply(userId, key, requestId, result)))
    await releaseIdempotencyKey(userId, key, requestId);
  return result;
}
