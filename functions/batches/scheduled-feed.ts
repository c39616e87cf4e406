import { logger } from '#functions/commons/logger';
import { feedBatch } from './batch-feeder';
import { clearBatchWait, waitingBatches } from './batch-waits';

/**
 * The scheduled feeder
 * (docs/decisions.md, "Hardening: topic policy, least privilege, regions, ports, the scheduled feeder":
 * infra/rate-schedule.ts runs it every minute, and so does the local runtime): feeds again each batch whose
 * feed stopped because the user's job slots were full. Slots freed by the user's other jobs feed nobody else,
 * so without this such a batch waited until someone read it (GET /api/batches/{id} repairs a stalled batch).
 *
 * Idempotent, like every feed: a row moves to queued once and its job id is derived from the batch and
 * the row (batch-feeder.ts), so two runs at once, or a run beside a row's settle, start nothing twice. A
 * batch fed to its end (or cancelled) stops waiting; one that met full slots again was marked anew by
 * its feed, and the conditional clear leaves that mark in place. One batch's failure does not stop the
 * others; the next run tries it again.
 */
export const handler = async (): Promise<{ fed: number; waiting: number; failed: number }> => {
  const counts = { fed: 0, waiting: 0, failed: 0 };
  for (const wait of await waitingBatches()) {
    try {
      if ((await feedBatch(wait.batchId)) === 'waiting') {
        counts.waiting += 1;
      } else {
        await clearBatchWait(wait);
        counts.fed += 1;
      }
    } catch (error) {
      counts.failed += 1;
      logger.error('Could not feed a waiting batch; the next run tries again', {
        batchId: wait.batchId,
        error,
      });
    }
  }
  return counts;
};
