import type { JobRequest } from '#functions/generation/create-job-handler';
import { type ClientContentRequest, clientContentRequestSchema } from '#shared/tools/client-content';
import { estimateClientContent } from '#shared/tools/job-estimates';

/**
 * What the HTTP route needs of the client-content tool. Its handler imports this rather than the definition,
 * whose prompts, result parser (the HTML sanitizer) and offline composer (compromise) only the worker runs.
 */
export const clientContentJobRequest: JobRequest<ClientContentRequest> = {
  name: 'client-content',
  requestSchema: clientContentRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateClientContent,
};
