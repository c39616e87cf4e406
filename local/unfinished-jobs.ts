import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import { entities, isExpired } from '#functions/data/entities';
import { UNFINISHED } from '#functions/generation/job-store';

/**
 * The jobs a previous run left queued or running, which the local runtime puts back on the queue when
 * it starts (fauxqs forgets its messages). A Scan, so it lives here and not in the job store that every
 * job-starting Lambda bundles: in AWS, SQS keeps the messages and no function needs it.
 */
export async function unfinishedJobsForRecovery(): Promise<string[]> {
  const { table, job } = entities();
  const { Items = [] } = await table
    .build(ScanCommand)
    .entities(job)
    .options({ filters: { job: UNFINISHED }, maxPages: Number.POSITIVE_INFINITY })
    .send();
  return Items.filter((row) => !isExpired(row.expiresAt)).map((row) => row.jobId);
}

/**
 * Local runtime only: finished jobs whose accounting a crash interrupted (usage, budget, batch row), to
 * settle at start. In AWS the job's message comes back after the crash and settles it (run-job.ts).
 */
export async function unsettledJobsForRecovery(): Promise<string[]> {
  const { table, job } = entities();
  const { Items = [] } = await table
    .build(ScanCommand)
    .entities(job)
    .options({
      filters: {
        job: {
          and: [
            {
              or: [
                { attr: 'status', eq: 'succeeded' },
                { attr: 'status', eq: 'failed' },
              ],
            },
            { attr: 'estimateMicroUsd', exists: true },
            { attr: 'settledAt', exists: false },
          ],
        },
      },
      maxPages: Number.POSITIVE_INFINITY,
    })
    .send();
  return Items.filter((row) => !isExpired(row.expiresAt)).map((row) => row.jobId);
}
