import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { generateImageRequestSchema } from '#shared/tools/image-generation';

/** POST /api/generate-image → 202 {jobId}; the media worker renders the images. */
export const handler = createMediaJobHandler({
  name: 'image-generation',
  requestSchema: generateImageRequestSchema,
  clientId: (input) => (input.saveToClient ? (input.clientId ?? null) : null),
});
