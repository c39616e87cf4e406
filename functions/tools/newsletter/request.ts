import type { JobRequest } from '#functions/generation/create-job-handler';
import { estimateNewsletter } from '#shared/tools/job-estimates';
import { type NewsletterRequest, newsletterRequestSchema } from '#shared/tools/newsletter';

/**
 * What the HTTP route needs of the newsletter tool. Its handler imports this rather than the definition,
 * whose prompts, result parser (the HTML sanitizer) and offline composer (compromise) only the worker runs.
 */
export const newsletterJobRequest: JobRequest<NewsletterRequest> = {
  name: 'newsletter',
  requestSchema: newsletterRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateNewsletter,
};
