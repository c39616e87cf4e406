import { createJobHandler } from '#functions/generation/create-job-handler';
import { faqJob } from '#shared/tools/faq';

export const handler = createJobHandler(faqJob);
