import type { JobRequest } from '#functions/generation/create-job-handler';
import { estimatePressRelease } from '#shared/tools/job-estimates';
import { type PressReleaseRequest, pressReleaseRequestSchema } from '#shared/tools/press-release';

/**
 * What the HTTP route needs of the press-release tool. Its handler imports this rather than the definition,
 * whose prompts, result parser (the HTML sanitizer) and offline composer (compromise) only the worker runs.
 */
export const pressReleaseJobRequest: JobRequest<PressReleaseRequest> = {
  name: 'press-release',
  requestSchema: pressReleaseRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimatePressRelease,
};
