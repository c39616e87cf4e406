import { createMediaJobHandler } from '#functions/media/create-media-job-handler';
import { SPEECH_MODEL } from '#shared/models';
import { textToSpeechRequestSchema } from '#shared/tools/podcast';
import { estimateSpeechJob } from '#shared/usage-estimate';

/** POST /api/text-to-speech → 202 {jobId, statusUrl} (200 under Prefer: wait); the media worker speaks it. */
export const handler = createMediaJobHandler({
  name: 'text-to-speech',
  requestSchema: textToSpeechRequestSchema,
  // A script for a client is that client's job: charged to it and held to its budget (docs/decisions.md, "Client budgets that tell the truth").
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: (input) => estimateSpeechJob(SPEECH_MODEL.id, input.text.length),
  billedBy: () => SPEECH_MODEL.provider,
});
