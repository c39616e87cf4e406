import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { textToSpeechRequestSchema } from '#shared/tools/podcast';

/** POST /api/text-to-speech → 202 {jobId}; the media worker speaks the script. */
export const handler = createMediaJobHandler({
  name: 'text-to-speech',
  requestSchema: textToSpeechRequestSchema,
  clientId: () => null,
});
