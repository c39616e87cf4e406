import type { ImageAnalysis } from '#shared/tool-results';
import * as z from '#shared/validation/zod';
import { connectOpenAi, mapOpenAiError, type OpenAiCompatibleConfig } from './openai-client';
import { badResponseError } from './provider-errors';
import { callSettings, callWithRetries, DEFAULT_TIMEOUTS_MS } from './resilient-call';

/**
 * Image analysis by an OpenAI vision model: the picture goes in as a data URL, a JSON profile comes
 * back (`response_format: json_object`), checked with zod before it is used.
 */

export const VISION_MODEL = 'gpt-4o-mini';

const INSTRUCTION = `Describe this image for someone who will write a prompt to generate a similar one.
Answer with one JSON object: {"description": string (2-3 sentences), "entities": string[] (the main
subjects and objects), "keywords": string[] (mood, setting, colours), "style": string (one of: none,
photorealistic, hyperrealistic, cinematic, illustration, concept art, anime, surreal, minimalist, retro,
3D render)}.`;

const profileSchema = z.object({
  description: z.string().check(z.minLength(1)),
  entities: z._default(z.array(z.string()), []),
  keywords: z._default(z.array(z.string()), []),
  style: z._default(z.string(), 'none'),
});

/**
 * `signal` ends the whole call, retries and their waits included (the caller's deadline); the caller's
 * abort is rethrown as it is.
 */
export async function analyzeImageWithOpenAi(
  config: OpenAiCompatibleConfig,
  image: { readonly bytes: Uint8Array; readonly mimeType: string },
  signal?: AbortSignal,
): Promise<ImageAnalysis> {
  const connection = connectOpenAi(config);
  const context = { ...connection.context, apiModelId: VISION_MODEL };
  const settings = callSettings(config.settings, DEFAULT_TIMEOUTS_MS.text);
  const dataUrl = `data:${image.mimeType};base64,${Buffer.from(image.bytes).toString('base64')}`;
  const text = await callWithRetries(
    context,
    settings,
    (error) => mapOpenAiError(context, settings.timeoutMs, error),
    async (signal) => {
      const reply = await connection.client.chat.completions.create(
        {
          model: VISION_MODEL,
          response_format: { type: 'json_object' },
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: INSTRUCTION },
                { type: 'image_url', image_url: { url: dataUrl } },
              ],
            },
          ],
        },
        { signal },
      );
      return reply.choices[0]?.message.content ?? '';
    },
    signal,
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badResponseError(context, 'the analysis was not JSON');
  }
  const profile = profileSchema.safeParse(parsed);
  if (!profile.success) throw badResponseError(context, 'the analysis lacked a description');
  return { ...profile.data, raw_json: { analyzer: 'openai', model: VISION_MODEL, ...(parsed as object) } };
}
