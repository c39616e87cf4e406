import type { GoogleGenAI } from '@google/genai';
import { connectGoogle, GOOGLE_CONTEXT, type GoogleConfig, mapGoogleError } from './google-client';
import { GOOGLE_REFUSAL_REASONS } from './google-text-provider';
import { decodeBase64, imageMimeType } from './media-bytes';
import type { GeneratedImage, ImageGenerationRequest, ImageProvider } from './ports';
import { badResponseError, type ErrorContext, refusedError } from './provider-errors';
import { callSettings, callWithRetries, DEFAULT_TIMEOUTS_MS } from './resilient-call';

/**
 * Google images through `:generateContent` with an image response: Gemini image models answer one image
 * per call, so the count is reached by calling again. (Imagen's `:predict` is gone: Google shut Imagen
 * down in 2026 and the SDK no longer offers it on the Gemini API.)
 */
export function createGoogleImageProvider(config: GoogleConfig): ImageProvider {
  const settings = callSettings(config.settings, DEFAULT_TIMEOUTS_MS.image);
  return {
    name: 'google',
    generateImages: async (request) => {
      const context = { ...GOOGLE_CONTEXT, apiModelId: request.apiModelId };
      const attempt = (generate: (client: GoogleGenAI, signal: AbortSignal) => Promise<GeneratedImage[]>) =>
        callWithRetries(
          context,
          settings,
          (error) => mapGoogleError(context, error),
          (signal) => generate(connectGoogle(config, context), signal),
          request.signal,
        );
      const images: GeneratedImage[] = [];
      for (let index = 0; index < request.count; index += 1) {
        images.push(...(await attempt((client, signal) => geminiImage(client, context, request, signal))));
      }
      return images;
    },
  };
}

const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'] as const;

/** The spec's sizes for Google models are aspect ratios, plus pixel sizes such as 800x600 (4:3). */
export function aspectRatioFor(size: string | undefined): string | undefined {
  if (size === undefined || size === '' || size === 'auto') return undefined;
  if ((ASPECT_RATIOS as readonly string[]).includes(size)) return size;
  const match = /^(\d+)x(\d+)$/.exec(size);
  if (!match) return undefined;
  const wanted = Number(match[1]) / Number(match[2]);
  const ratio = (value: string) => {
    const [width, height] = value.split(':').map(Number);
    return (width ?? 1) / (height ?? 1);
  };
  return [...ASPECT_RATIOS].sort((a, b) => Math.abs(ratio(a) - wanted) - Math.abs(ratio(b) - wanted))[0];
}

async function geminiImage(
  client: GoogleGenAI,
  context: ErrorContext,
  request: ImageGenerationRequest,
  signal: AbortSignal,
): Promise<GeneratedImage[]> {
  const aspectRatio = aspectRatioFor(request.size);
  const response = await client.models.generateContent({
    model: request.apiModelId,
    contents: request.prompt,
    config: {
      responseModalities: ['IMAGE'],
      imageConfig: {
        ...(aspectRatio ? { aspectRatio } : {}),
        // The only quality knob is the resolution: 'high' asks for 2K instead of the default 1K.
        ...(request.quality === 'high' ? { imageSize: '2K' } : {}),
      },
      abortSignal: signal,
    },
  });
  const blocked = response.promptFeedback?.blockReason;
  if (blocked) throw refusedError(context, `the prompt was blocked: ${blocked}`);
  const candidate = response.candidates?.[0];
  const images = (candidate?.content?.parts ?? []).flatMap((part) =>
    part.inlineData?.data ? [decoded(context, part.inlineData.data)] : [],
  );
  if (images.length > 0) return images;
  if (candidate?.finishReason && GOOGLE_REFUSAL_REASONS.has(candidate.finishReason)) {
    throw refusedError(context, `stopped by its safety filters: ${candidate.finishReason}`);
  }
  const said = (candidate?.content?.parts ?? [])
    .map((part) => part.text ?? '')
    .join(' ')
    .trim();
  if (said) throw refusedError(context, said.slice(0, 200));
  throw badResponseError(context, 'the reply held no image');
}

function decoded(context: ErrorContext, base64: string): GeneratedImage {
  const data = decodeBase64(base64);
  const mimeType = imageMimeType(data);
  if (!mimeType) throw badResponseError(context, 'an image entry held no image');
  return { data, mimeType };
}
