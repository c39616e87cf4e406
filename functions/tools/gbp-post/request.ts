import type { JobRequest } from '#functions/generation/create-job-handler';
import { type GbpPostRequest, gbpPostRequestSchema } from '#shared/tools/gbp-post';
import { estimateGbpPost } from '#shared/tools/job-estimates';

/**
 * What the HTTP route needs of the gbp-post tool. Its handler imports this rather than the definition,
 * whose prompts, result parser (the HTML sanitizer) and offline composer (compromise) only the worker runs.
 */
export const gbpPostJobRequest: JobRequest<GbpPostRequest> = {
  name: 'gbp-post',
  requestSchema: gbpPostRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateGbpPost,
};
