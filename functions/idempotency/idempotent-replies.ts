import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { ConflictError } from '#functions/commons/errors';
import { type AuthenticatedRequest, HttpResult } from '#functions/commons/http-handler';
import { logger } from '#functions/commons/logger';
import { entities } from '#functions/data/entities';
import { findItem } from '#functions/data/item-commands';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
} from '#functions/generation/idempotency-keys';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/generation-jobs';

/** A creating route's replies, kept by Idempotency-Key (idempotent-handler.ts says how they are used). */

/** How a route's reply is kept: as it is, or sealed (sealed-replies.ts); the most of it that is kept. */
export interface ReplyKeeper {
  readonly maxBytes: number;
  seal(text: string): Promise<string>;
  open(kept: string): Promise<string>;
}

/** Replies kept as they are: at most 64 KB, far under an item's 400 KB. */
export const PLAIN_REPLIES: ReplyKeeper = {
  maxBytes: 64 * 1024,
  seal: async (text) => text,
  open: async (kept) => kept,
};

function replyOf(result: unknown): { status: number; body: unknown } {
  return result instanceof HttpResult
    ? { status: result.statusCode, body: result.body }
    : { status: 200, body: result };
}

async function storeReply(
  userId: string,
  key: string,
  requestId: string,
  keeper: ReplyKeeper,
  result: unknown,
): Promise<boolean> {
  const { status, body } = replyOf(result);
  const text = JSON.stringify(body ?? null);
  if (status >= 300 || Buffer.byteLength(text) > keeper.maxBytes) return false;
  const replyBody = await keeper.seal(text);
  await entities()
    .idempotencyKey.build(UpdateItemCommand)
    .item({ userId, key, replyStatus: status, replyBody })
    .options({ condition: { attr: 'jobId', eq: requestId } })
    .send();
  return true;
}

async function replayOf(userId: string, key: string, keeper: ReplyKeeper): Promise<HttpResult> {
  const record = await findItem(entities().idempotencyKey, { userId, key }, { consistent: true });
  if (record?.replyStatus === undefined || record.replyBody === undefined) {
    throw new ConflictError(
      `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being handled. Retry in a moment for its reply.`,
      'idempotency_key_in_use',
    );
  }
  const text = await keeper.open(record.replyBody);
  return new HttpResult(record.replyStatus, JSON.parse(text), { 'idempotent-replayed': 'true' });
}

/** Runs the request once for its key: the first time for real, afterwards as its stored reply. */
export async function runOnce<Body>(
  request: AuthenticatedRequest<Body>,
  routeId: string,
  key: string,
  run: () => Promise<unknown>,
  keeper: ReplyKeeper = PLAIN_REPLIES,
): Promise<unknown> {
  const { userId } = request.caller;
  const requestId = request.event.requestContext.requestId;
  // The whole request: the same key on another item's path, or with another CSV, is another request.
  const { params, query, body, csv } = request;
  const hash = requestHash({ params, query, body, csv });
  const claim = await claimIdempotencyKey(userId, key, routeId, requestId, hash);
  if (!claim.fresh) return replayOf(userId, key, keeper);
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    await releaseIdempotencyKey(userId, key, requestId);
    throw error;
  }
  // A reply that is not a success, or too large to keep, is not replayed: the key is freed for a retry.
  // What was made stands whatever becomes of its reply's keeping: a reply that could not be kept (the
  // table or KMS failing) is still answered, and its key freed if it can be, rather than answering 500
  // for a create that happened.
  let kept = false;
  try {
    kept = await storeReply(userId, key, requestId, keeper, result);
  } catch (error) {
    logger.warn('Could not keep a reply for its Idempotency-Key', { routeId, error });
  }
  if (!kept) {
    await releaseIdempotencyKey(userId, key, requestId).catch((error: unknown) =>
      logger.warn('Could not free an Idempotency-Key', { routeId, error }),
    );
  }
  return result;
}
