import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { findImageModel } from '#shared/models';
import { generateImageRequestSchema, hasPrompt, imageConfigsOf } from '#shared/tools/image-generation';
import { estimateImageJob } from '#shared/usage-estimate';

/** POST /api/generate-image → 202 {jobId, statusUrl} (200 under Prefer: wait); the media worker renders them. */
export const handler = createMediaJobHandler({
  name: 'image-generation',
  requestSchema: generateImageRequestSchema,
  // The job is the chosen client's, saved or not: charged to it and held to its budget (docs/decisions.md, "Client budgets that tell the truth").
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: (input) =>
    estimateImageJob(input.model, [
      {
        count: imageConfigsOf(input).filter(hasPrompt).length * input.numberOfImages,
        size: input.size,
        quality: input.quality,
      },
    ]),
  // With the user's own key (a model that takes one) the images are billed to them, not the agency.
  billedBy: (input) => {
    const model = findImageModel(input.model);
    return !model || (input.apiKey?.trim() && model.acceptsUserApiKey) ? null : model.provider;
  },
});
