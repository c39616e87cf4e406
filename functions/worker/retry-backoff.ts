/**
 * How long a job waits before its next delivery. The queue's visibility timeout is six times the
 * worker's timeout (30 min for text jobs), which is right for a message whose invocation may still be
 * running, but far too long for a job that failed on a provider blip: the worker shortens it to this
 * backoff before it reports the failure.
 */

/** The first retry waits this long; each further one twice as long. */
export const RETRY_BASE_SECONDS = 10;
/** No backoff step is longer than this, unless the provider asked for longer. */
export const RETRY_MAX_SECONDS = 60;
/** A provider's retry-after is honoured up to this (a "come back tomorrow" is not worth holding a job). */
export const RETRY_AFTER_CAP_SECONDS = 900;

/**
 * The wait after delivery `receiveCount` failed: 10 s, 20 s, 40 s, 60 s… with up to 20 % added at
 * random so that jobs that failed together do not come back together, and never shorter than the
 * provider's own retry-after.
 */
export function retryDelaySeconds(
  receiveCount: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const step = Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, receiveCount - 1));
  const jittered = Math.min(RETRY_MAX_SECONDS, Math.round(step * (1 + 0.2 * random())));
  const asked = retryAfterMs === undefined ? 0 : Math.ceil(retryAfterMs / 1000);
  return Math.max(jittered, Math.min(RETRY_AFTER_CAP_SECONDS, asked));
}
