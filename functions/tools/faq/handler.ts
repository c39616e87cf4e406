import { createJobHandler } from '#functions/generation/create-job-handler';
import { faqJobRequest } from './request';

export const handler = createJobHandler(faqJobRequest);
