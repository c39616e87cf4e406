import { isResourceId } from '#functions/clients/resource-id';
import { NotFoundError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { getJob, publicJob } from '#functions/generation/job-store';

/** GET /api/jobs/{jobId}: the job's owner only; anyone else gets the same 404 as for a missing job. */
export const handler = httpHandler({
  handle: async ({ caller, params }) => {
    // Job ids are ULIDs like every other id; anything else cannot name a job (and must not reach the store).
    const jobId = params.jobId ?? '';
    const job = isResourceId(jobId) ? await getJob(jobId) : null;
    if (!job || job.userId !== caller.userId) throw new NotFoundError('Job not found');
    return publicJob(job);
  },
});
