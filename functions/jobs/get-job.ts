import { NotFoundError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { getJob, publicJob } from '#functions/generation/job-store';

/** GET /api/jobs/{jobId}: the job's owner only; anyone else gets the same 404 as for a missing job. */
export const handler = httpHandler({
  handle: async ({ caller, params }) => {
    const job = await getJob(params.jobId ?? '');
    if (!job || job.userId !== caller.userId) throw new NotFoundError('Job not found');
    return publicJob(job);
  },
});
