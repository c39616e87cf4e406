import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { withPreferWait } from '#functions/public-api/prefer-wait';
import { textToSpeechRequestSchema } from '#shared/tools/podcast';

/** POST /api/text-to-speech → 202 {jobId, statusUrl} (200 under Prefer: wait); the media worker speaks it. */
export const handler = withPreferWait(
  createMediaJobHandler({
    name: 'text-to-speech',
    requestSchema: textToSpeechRequestSchema,
    clientId: () => null,
  }),
);
