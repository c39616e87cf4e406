import { createJobHandler } from '#functions/generation/create-job-handler';
import { blogRewriteJob } from '#shared/tools/blog-rewrite';

export const handler = createJobHandler(blogRewriteJob);
