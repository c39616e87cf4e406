import { createJobHandler } from '#functions/generation/create-job-handler';
import { clientContentTool } from './definition';

export const handler = createJobHandler(clientContentTool);
