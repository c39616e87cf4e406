import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { multiPlatformRequestSchema } from '#shared/tools/multi-platform';

/**
 * POST /api/generate-multi-platform → 202 {jobId}: one run whose worker starts every selected type as a
 * child job of its existing tool, at once; the result is {items}.
 */
export const handler = createMediaJobHandler({
  name: 'multi-platform',
  requestSchema: multiPlatformRequestSchema,
  clientId: (input) => input.clientId ?? null,
});
