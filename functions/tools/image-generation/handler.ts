import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { withPreferWait } from '#functions/public-api/prefer-wait';
import { generateImageRequestSchema } from '#shared/tools/image-generation';

/** POST /api/generate-image → 202 {jobId, statusUrl} (200 under Prefer: wait); the media worker renders them. */
export const handler = withPreferWait(
  createMediaJobHandler({
    name: 'image-generation',
    requestSchema: generateImageRequestSchema,
    clientId: (input) => (input.saveToClient ? (input.clientId ?? null) : null),
  }),
);
