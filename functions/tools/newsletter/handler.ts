import { createJobHandler } from '#functions/generation/create-job-handler';
import { newsletterJob } from '#shared/tools/newsletter';

export const handler = createJobHandler(newsletterJob);
