import { createJobHandler } from '#functions/generation/create-job-handler';
import { socialContentJob } from '#shared/tools/social-content';

/** POST /api/generate-social-content → 202 {jobId}; one job writes every requested platform's post. */
export const handler = createJobHandler(socialContentJob);
