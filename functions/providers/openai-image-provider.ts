import type { ImageGenerateParamsNonStreaming, ImagesResponse } from 'openai/resources/images';
import { decodeBase64, imageMimeType } from './media-bytes';
import {
  connectOpenAi,
  mapOpenAiError,
  type OpenAiCompatibleConfig,
  type OpenAiConnection,
} from './openai-client';
import type { GeneratedImage, ImageGenerationRequest, ImageProvider } from './ports';
import { badResponseError, type ErrorContext, refusedError } from './provider-errors';
import { callSettings, callWithRetries, DEFAULT_TIMEOUTS_MS } from './resilient-call';

/**
 * Image generation through `/images/generations`: gpt-image-1, DALL·E 2/3 and xAI's image model. Each
 * model takes a different subset of the parameters, so the body is built per model family.
 */
export function createOpenAiImageProvider(config: OpenAiCompatibleConfig): ImageProvider {
  const connection = connectOpenAi(config);
  const settings = callSettings(config.settings, DEFAULT_TIMEOUTS_MS.image);
  return {
    name: config.provider,
    generateImages: (request) => {
      const context = { ...connection.context, apiModelId: request.apiModelId };
      return callWithRetries(
        context,
        settings,
        (error) => mapOpenAiError(context, settings.timeoutMs, error),
        async (signal) => {
          const response = await connection.client.images.generate(imageBody(connection, request), {
            signal,
          });
          return decodeImages(context, response, signal);
        },
        request.signal,
      );
    },
  };
}

type ImageBody = ImageGenerateParamsNonStreaming & { aspect_ratio?: string };

const chosen = (value: string | undefined): string | undefined =>
  value === undefined || value === '' || value === 'auto' ? undefined : value;

/** xAI takes an aspect ratio instead of a size. */
const XAI_ASPECT_RATIOS: Readonly<Record<string, string>> = {
  '1024x1024': '1:1',
  '1792x1024': '16:9',
  '1024x1792': '9:16',
};

type Quality = NonNullable<ImageGenerateParamsNonStreaming['quality']>;
const QUALITIES: readonly string[] = ['standard', 'hd', 'low', 'medium', 'high', 'auto'];
const quality = (value: string | undefined): Quality | undefined =>
  value !== undefined && QUALITIES.includes(value) ? (value as Quality) : undefined;

export function imageBody(connection: OpenAiConnection, request: ImageGenerationRequest): ImageBody {
  const base = { model: request.apiModelId, prompt: request.prompt, n: request.count };
  const size = chosen(request.size);
  if (connection.context.provider === 'xai') {
    // xAI rejects size, quality and style ("Argument not supported").
    const aspectRatio = size === undefined ? undefined : XAI_ASPECT_RATIOS[size];
    return { ...base, response_format: 'b64_json', ...(aspectRatio ? { aspect_ratio: aspectRatio } : {}) };
  }
  if (request.apiModelId.startsWith('gpt-image')) {
    // gpt-image models always answer in base64 and reject response_format.
    const compressible = request.outputFormat !== 'png' && request.compression !== undefined;
    return {
      ...base,
      ...(size ? { size } : {}),
      ...(quality(chosen(request.quality)) ? { quality: quality(chosen(request.quality)) } : {}),
      output_format: request.outputFormat,
      ...(compressible ? { output_compression: request.compression } : {}),
    };
  }
  if (request.apiModelId === 'dall-e-3') {
    return {
      ...base,
      n: 1,
      response_format: 'b64_json',
      ...(size ? { size } : {}),
      ...(quality(chosen(request.quality)) ? { quality: quality(chosen(request.quality)) } : {}),
    };
  }
  // dall-e-2 and compatible servers: its only quality is 'standard', which is also its default.
  return { ...base, response_format: 'b64_json', ...(size ? { size } : {}) };
}

async function decodeImages(
  context: ErrorContext,
  response: ImagesResponse,
  signal: AbortSignal,
): Promise<readonly GeneratedImage[]> {
  const entries = Array.isArray(response?.data) ? response.data : [];
  if (entries.length === 0) throw refusedOrEmpty(context, response);
  const images: GeneratedImage[] = [];
  for (const entry of entries) {
    const data = entry.b64_json
      ? decodeBase64(entry.b64_json)
      : entry.url
        ? await download(context, entry.url, signal)
        : undefined;
    const mimeType = data ? imageMimeType(data) : undefined;
    if (!data || !mimeType) throw badResponseError(context, 'an image entry held no image');
    images.push({ data, mimeType });
  }
  return images;
}

/** xAI reports a moderation block as a 200 reply without images. */
function refusedOrEmpty(context: ErrorContext, response: ImagesResponse): Error {
  const reason = (response as { respect_moderation?: unknown; moderation_reason?: unknown } | undefined)
    ?.moderation_reason;
  return typeof reason === 'string' && reason !== ''
    ? refusedError(context, reason)
    : badResponseError(context, 'the reply held no images');
}

/** DALL·E and xAI may return a short-lived URL instead of the bytes. */
async function download(context: ErrorContext, url: string, signal: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw badResponseError(context, `the image URL answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
