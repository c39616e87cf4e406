import { createJobHandler } from '#functions/generation/create-job-handler';
import { blogRewriteTool } from './definition';

export const handler = createJobHandler(blogRewriteTool);
