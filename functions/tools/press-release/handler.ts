import { createJobHandler } from '#functions/generation/create-job-handler';
import { pressReleaseTool } from './definition';

export const handler = createJobHandler(pressReleaseTool);
