import type { JobRequest } from '#functions/generation/create-job-handler';
import {
  estimateSocialContent,
  type SocialContentRequest,
  socialContentRequestSchema,
} from '#shared/tools/social-content';

/**
 * What the HTTP route needs of the social-content tool. Its handler imports this rather than the definition,
 * whose prompts, result parser (the HTML sanitizer) and offline composer (compromise) only the worker runs.
 */
export const socialContentJobRequest: JobRequest<SocialContentRequest> = {
  name: 'social-content',
  requestSchema: socialContentRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateSocialContent,
};
