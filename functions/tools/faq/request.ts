import type { JobRequest } from '#functions/generation/create-job-handler';
import { type FaqRequest, faqRequestSchema } from '#shared/tools/faq';
import { estimateFaq } from '#shared/tools/job-estimates';

/**
 * What the HTTP route needs of the faq tool. Its handler imports this rather than the definition,
 * whose prompts, result parser (the HTML sanitizer) and offline composer (compromise) only the worker runs.
 */
export const faqJobRequest: JobRequest<FaqRequest> = {
  name: 'faq',
  requestSchema: faqRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateFaq,
};
