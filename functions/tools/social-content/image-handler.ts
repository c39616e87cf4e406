import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { estimateSizedImage, sizedImageBilledBy } from '#functions/tools/resize-image/sized-image-estimate';
import { socialImageRequestSchema } from '#shared/tools/social-content';

/** POST /api/generate-social-image {prompt, dimensions} → 202 {jobId}; the job's result carries {imageUrl}. */
export const handler = createMediaJobHandler({
  name: 'social-image',
  requestSchema: socialImageRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateSizedImage,
  billedBy: sizedImageBilledBy,
});
