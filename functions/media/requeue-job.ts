import { enqueueJob } from '#functions/generation/job-queue';
import { getJob } from '#functions/generation/job-store';
import { enqueueMediaJob } from './media-queue';
import { isMediaToolName } from './media-tools';

/** Local recovery (fauxqs forgets messages on restart): each unfinished job back on its own queue. */
export async function requeueJob(jobId: string): Promise<void> {
  const job = await getJob(jobId);
  if (job && isMediaToolName(job.tool)) await enqueueMediaJob({ jobId });
  else await enqueueJob(jobId);
}
