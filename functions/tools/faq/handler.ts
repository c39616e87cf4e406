import { createJobHandler } from '#functions/generation/create-job-handler';
import { faqTool } from './definition';

export const handler = createJobHandler(faqTool);
