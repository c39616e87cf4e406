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

/** Where a key stands in its window, after this request. */
export interface KeyQuota {
  readonly limit: number;
  readonly windowSeconds: number;
  readonly remaining: number;
  /** Seconds until the window ends and the budget refills. */
  readonly resetSeconds: number;
}

export class RateLimitedError extends HttpError {
  constructor(readonly quota: KeyQuota) {
    super(429, 'rate_limited', `Too many requests for this API key. Try again in ${quota.resetSeconds} s.`, {
      'retry-after': String(quota.resetSeconds),
    });
  }

  get retryAfterSeconds(): number {
    return this.quota.resetSeconds;
  }
}

/** The policy name both fields use: the one quota each key has. */
const POLICY = '"key"';

/**
 * The IETF httpapi draft's fields (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` states the
 * quota (q requests in w seconds), `RateLimit` what is left of it (r) and when it refills (t seconds).
 */
export function rateLimitHeaders(quota: KeyQuota): Record<string, string> {
  return {
    'ratelimit-policy': `${POLICY};q=${quota.limit};w=${quota.windowSeconds}`,
    ratelimit: `${POLICY};r=${quota.remaining};t=${quota.resetSeconds}`,
  };
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
): Promise<KeyQuota> {
  const window = windowOf(now, settings.windowSeconds);
  const quota = (remaining: number): KeyQuota => ({
    limit: settings.limit,
    windowSeconds: settings.windowSeconds,
    remaining: Math.max(0, remaining),
    resetSeconds: window.retryAfterSeconds,
  });
  try {
    const { Attributes } = await apiKeyEntities()
      .rateWindow.build(UpdateItemCommand)
      .item({
        keyId,
        windowStart: String(window.start),
        requests: $add(1),
        expiresAt: window.start + 2 * settings.windowSeconds,
      })
      .options({
        returnValues: 'UPDATED_NEW',
        condition: {
          or: [
            { attr: 'requests', exists: false },
            { attr: 'requests', lt: settings.limit },
          ],
        },
      })
      .send();
    return quota(settings.limit - (Attributes?.requests ?? settings.limit));
  } catch (error) {
    if (isConditionFailure(error)) throw new RateLimitedError(quota(0));
    throw error;
  }
}
