import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { withPreferWait } from '#functions/public-api/prefer-wait';
import { generateImageRequestSchema, hasPrompt, imageConfigsOf } from '#shared/tools/image-generation';
import { estimateImageJob } from '#shared/usage-estimate';

/** POST /api/generate-image → 202 {jobId, statusUrl} (200 under Prefer: wait); the media worker renders them. */
export const handler = withPreferWait(
  createMediaJobHandler({
    name: 'image-generation',
    requestSchema: generateImageRequestSchema,
    // The job is the chosen client's, saved or not: charged to it and held to its budget (docs/decisions.md, "Client budgets that tell the truth").
    clientId: (input) => input.clientId ?? null,
    // With the user's own key the images are billed to them, not the agency.
    estimateMicroUsd: (input) =>
      input.apiKey
        ? 0
        : estimateImageJob(input.model, [
            {
              count: imageConfigsOf(input).filter(hasPrompt).length * input.numberOfImages,
              size: input.size,
              quality: input.quality,
            },
          ]),
  }),
);
