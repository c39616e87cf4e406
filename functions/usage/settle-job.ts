import { logger } from '#functions/commons/logger';
import { settleJobWith } from './job-settlement';

/**
 * Settles a finished job, its bulk row included (the feeder loaded when the job belongs to a batch).
 */
export function settleJob(jobId: string): Promise<void> {
  return settleJobWith(jobId, async (job, record, costMicroUsd) => {
    const { settleBatchRow } = await import('#functions/batches/batch-feeder');
    await settleBatchRow(job, record, costMicroUsd);
  });
}

/**
 * Settles after a delivery that finished its job; when settling fails, the message is to come back
 * (its job is finished by then, so the next delivery only settles it).
 */
export async function settleAfterRun<Outcome>(
  jobId: string,
  outcome: Outcome,
  retry: Outcome,
): Promise<Outcome> {
  try {
    await settleJob(jobId);
    return outcome;
  } catch (error) {
    logger.error('Could not settle a finished job; its message comes back to settle it', { jobId, error });
    return retry;
  }
}
