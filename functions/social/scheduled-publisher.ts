import type { Context } from 'aws-lambda';
import { logger } from '#functions/commons/logger';
import { duePublications } from './publication-store';
import { runPublication } from './publish-attempt';

/**
 * Every minute (infra/rate-schedule.ts; locally local/schedule.ts): sends the publications whose time has
 * come, retries those a 429 or 5xx put off, and looks at attempts that stalled (docs/architecture.md,
 * "Publishing channels"). Each is claimed before it is sent (publish-attempt.ts), so two overlapping
 * runs, or a run and a user's Retry, never send one post twice.
 */

/** Posts one run takes on; the rest wait for the next run. */
const BATCH = 25;
/** Time left for the last answers to be recorded after the sending stops. */
const MARGIN_MS = 10_000;
/** Posts sent side by side. */
const PARALLEL = 5;

export async function handler(
  _event: unknown,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<{ ran: number }> {
  const remaining = context?.getRemainingTimeInMillis?.() ?? 60_000;
  const deadline = Date.now() + Math.max(remaining - MARGIN_MS, 0);
  const due = await duePublications(new Date(), BATCH);
  let ran = 0;
  const queue = [...due];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (Date.now() >= deadline) return;
      try {
        await runPublication(next, { deadline });
        ran += 1;
      } catch (error) {
        // One post's fault must not stop the others; it stays due and is looked at next run.
        logger.error('Scheduled publish failed', { publicationId: next.publicationId, error });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { ran };
}
