import { isResourceId } from '#functions/clients/resource-id';
import { BadRequestError, NotFoundError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { getJob, publicJob } from '#functions/generation/job-store';

/**
 * GET /api/jobs/{jobId}: the job's owner only; anyone else gets the same 404 as for a missing job.
 * `?include=partial` adds `partial` ({attempt, seq, text}: the text pushed so far, or null), which a
 * browser that missed a progress push resyncs from; plain polls leave it out, so they stay small.
 */
export const handler = httpHandler({
  access: async ({ caller, params }) => {
    // Job ids are ULIDs like every other id; anything else cannot name a job (and must not reach the store).
    const jobId = params.jobId ?? '';
    const job = isResourceId(jobId) ? await getJob(jobId) : null;
    if (!job || job.userId !== caller.userId) throw new NotFoundError('Job not found');
    return job;
  },
  handle: async ({ access: job, query }) => {
    const include = query.include;
    if (include !== undefined && include !== 'partial') {
      throw new BadRequestError(`Unknown include "${include}": the only one is "partial".`);
    }
    return include === 'partial' ? { ...publicJob(job), partial: job.partial } : publicJob(job);
  },
});
