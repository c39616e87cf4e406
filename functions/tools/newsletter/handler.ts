import { createJobHandler } from '#functions/generation/create-job-handler';
import { newsletterTool } from './definition';

export const handler = createJobHandler(newsletterTool);
