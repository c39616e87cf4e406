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
  // The run's children count their own estimates as the worker starts them (definition.ts); the run is
  // admitted, or refused at 100 % of the budget, like any other job.
  estimateMicroUsd: () => 0,
  billedBy: () => null,
  // Only its blog rewrite reads a page.
  sourceUrls: (input) =>
    input.types.includes('blog-rewrite') && input.blogUrl !== '' ? [input.blogUrl] : [],
});
