import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { estimateSizedImage, sizedImageBilledBy } from '#functions/tools/resize-image/sized-image-estimate';
import { gbpImageRequestSchema } from '#shared/tools/gbp-post';

/** POST /api/generate-gbp-image {prompt, dimensions} → 202 {jobId}; the job's result carries {imageUrl}. */
export const handler = createMediaJobHandler({
  name: 'gbp-image',
  requestSchema: gbpImageRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateSizedImage,
  billedBy: sizedImageBilledBy,
});
