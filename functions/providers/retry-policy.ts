import { setTimeout as delay } from 'node:timers/promises';

/**
 * When and how long to wait before trying a failed provider call again. The SDKs' own retries are
 * switched off (maxRetries: 0) so that every adapter behaves the same and the contract tests can prove it.
 */

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  readonly maxAttempts: number;
  /** First backoff step; doubles each attempt. Tests set it to a few milliseconds. */
  readonly baseDelayMs: number;
  /** Cap of one backoff step (a provider's own retry-after may ask for longer, within the total). */
  readonly maxDelayMs: number;
  /** Total waiting across all retries of one call; a retry that would exceed it is not made. */
  readonly maxTotalWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 10_000,
  maxTotalWaitMs: 30_000,
};

export type Sleep = (milliseconds: number, signal?: AbortSignal) => Promise<void>;

/** Waits, or rejects with the signal's own reason as soon as it aborts. */
export const realSleep: Sleep = async (milliseconds, signal) => {
  try {
    await delay(milliseconds, undefined, signal ? { signal } : undefined);
  } catch (error) {
    signal?.throwIfAborted();
    throw error;
  }
};

/**
 * The wait before attempt `attempt + 1`. A provider's retry-after is honoured as given; otherwise the
 * exponential step is jittered ("equal jitter": half fixed, half random) so that many workers that
 * failed together do not retry together.
 */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.ceil(retryAfterMs);
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}
