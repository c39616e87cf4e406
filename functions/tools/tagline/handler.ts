import { createJobHandler } from '#functions/generation/create-job-handler';
import { taglineJob } from '#shared/tools/tagline';

export const handler = createJobHandler(taglineJob);
