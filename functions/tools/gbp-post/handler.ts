import { createJobHandler } from '#functions/generation/create-job-handler';
import { gbpPostJob } from '#shared/tools/gbp-post';

/** POST /api/generate-gbp-post → 202 {jobId}; the job's result is {generatedPost, title}. */
export const handler = createJobHandler(gbpPostJob);
