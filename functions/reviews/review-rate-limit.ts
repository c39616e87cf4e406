import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { HttpError } from '#functions/commons/errors';
import { windowOf } from '#functions/commons/rate-window';
import { entities } from '#functions/data/entities';
import { isConditionFailure } from '#functions/data/item-keys';
import { REVIEW_RATE_LIMITS, type ReviewRateLimits } from '#shared/review-rate-limits';

/**
 * The public review routes answer anyone holding a link, so each request counts against two budgets
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"): its token's and its
 * address's, each one conditional ADD on a fixed window's item, as the API keys' limit counts
 * (functions/api-keys/rate-limit.ts). Guessing tokens is hopeless at 256 bits; the budgets keep a leaked link
 * or a noisy client from costing the agency.
 */

export class ReviewRateLimitedError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, 'rate_limited', `Too many requests. Try again in ${retryAfterSeconds} s.`, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

async function consume(bucket: string, limit: number, windowSeconds: number, now: Date): Promise<void> {
  const window = windowOf(now, windowSeconds);
  try {
    await entities()
      .reviewRateWindow.build(UpdateItemCommand)
      .item({
        bucket,
        windowStart: String(window.start),
        requests: $add(1),
        expiresAt: window.start + 2 * windowSeconds,
      })
      .options({
        condition: {
          or: [
            { attr: 'requests', exists: false },
            { attr: 'requests', lt: limit },
          ],
        },
      })
      .send();
  } catch (error) {
    if (isConditionFailure(error)) throw new ReviewRateLimitedError(window.retryAfterSeconds);
    throw error;
  }
}

/** Counts one request of `address` with the token whose hash is `tokenHash`; 429 past either budget. */
export async function consumeReviewRequest(
  tokenHash: string,
  address: string,
  now = new Date(),
  limits: ReviewRateLimits = REVIEW_RATE_LIMITS,
): Promise<void> {
  await consume(`address#${address}`, limits.perAddress, limits.windowSeconds, now);
  await consume(`token#${tokenHash}`, limits.perToken, limits.windowSeconds, now);
}
