import { logger } from '#functions/commons/logger';
import { type AttemptUsage, type StoredJob, saveAttemptUsage } from '#functions/generation/job-store';

/**
 * An attempt's usage while its provider call runs, for the text worker (run-job.ts) and the media
 * worker (functions/media/usage-meter.ts) alike: saved as an estimate of what the call consumes, and
 * replaced by the measured figure when the call returns. A worker that dies in between leaves the
 * estimate, marked as one, instead of the 0 it used to count (docs/decisions.md, "Usage: a crashed
 * attempt is estimated").
 */

/** An offline attempt (the composer, the renderer, the offline voices) costs nothing: nothing to estimate. */
export function recordsEstimate(provider: string): boolean {
  return provider !== 'offline';
}

/**
 * Saves `usage` as the attempt's, marked as an estimate. A save that fails is logged and the call goes
 * on: the estimate only stands in for a figure the call is about to measure.
 */
export async function saveUsageEstimate(
  job: StoredJob,
  usage: Omit<AttemptUsage, 'estimated'>,
): Promise<void> {
  if (!recordsEstimate(usage.provider)) return;
  await saveAttemptUsage(job, { ...usage, estimated: true }).catch((error: unknown) =>
    logger.warn('Could not save the usage estimate', { jobId: job.id, error }),
  );
}
