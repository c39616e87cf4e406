import type { JobRequest } from '#functions/generation/create-job-handler';
import { type BlogRewriteRequest, blogRewriteRequestSchema } from '#shared/tools/blog-rewrite';
import { estimateBlogRewrite } from '#shared/tools/job-estimates';

/**
 * What the HTTP route needs of the blog-rewrite tool. Its handler imports this rather than the definition,
 * whose prompts, result parser (the HTML sanitizer) and offline composer (compromise) only the worker runs.
 */
export const blogRewriteJobRequest: JobRequest<BlogRewriteRequest> = {
  name: 'blog-rewrite',
  requestSchema: blogRewriteRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateBlogRewrite,
};
