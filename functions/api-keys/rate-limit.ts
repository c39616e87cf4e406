import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { readEnv } from '#functions/commons/env';
import { HttpError } from '#functions/commons/errors';
import { windowOf } from '#functions/commons/rate-window';
import { isConditionFailure } from '#functions/data/item-keys';
import { DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE } from '#shared/api-keys';
import { apiKeyEntities } from './api-key-entities';

/**
 * Per-key budget: N requests in each fixed window (N = API_KEY_RATE_LIMIT, default 60; the window is
 * API_KEY_RATE_WINDOW_SECONDS, default 60). The count is one conditional ADD on the window's item: it
 * creates the item on the first request and refuses to go past N, so concurrent requests can never
 * overspend and nothing is read first.
 */

const DEFAULT_WINDOW_SECONDS = 60;

export interface RateLimitSettings {
  readonly limit: number;
  readonly windowSeconds: number;
}

export class RateLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', `Too many requests for this API key. Try again in ${retryAfterSeconds} s.`, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function rateLimitSettings(): RateLimitSettings {
  return {
    limit: positiveInteger(readEnv('apiKeyRateLimit'), DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE),
    windowSeconds: positiveInteger(readEnv('apiKeyRateWindow'), DEFAULT_WINDOW_SECONDS),
  };
}

/** Counts one request against the key's budget; throws RateLimitedError (429) past it. */
export async function consumeApiKeyRequest(
  keyId: string,
  now = new Date(),
  settings: RateLimitSettings = rateLimitSettings(),
): Promise<void> {
  const window = windowOf(now, settings.windowSeconds);
  try {
    await apiKeyEntities()
      .rateWindow.build(UpdateItemCommand)
      .item({
        keyId,
        windowStart: String(window.start),
        requests: $add(1),
        expiresAt: window.start + 2 * settings.windowSeconds,
      })
      .options({
        condition: {
          or: [
            { attr: 'requests', exists: false },
            { attr: 'requests', lt: settings.limit },
          ],
        },
      })
      .send();
  } catch (error) {
    if (isConditionFailure(error)) throw new RateLimitedError(window.retryAfterSeconds);
    throw error;
  }
}
