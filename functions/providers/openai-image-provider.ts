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
 * Image generation through `/images/generations`: OpenAI's gpt-image models, xAI's image model, and
 * DALL·E on OpenAI-compatible servers. Each family takes a different subset of the parameters, so the
 * body is built per family; the spec's DALL·E sizes and qualities are translated for gpt-image.
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

/** gpt-image models take three sizes; DALL·E-era sizes map to the one with the nearest shape. */
const GPT_IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

function gptImageSize(size: string): string | undefined {
  if ((GPT_IMAGE_SIZES as readonly string[]).includes(size)) return size;
  const match = /^(\d+)x(\d+)$/.exec(size);
  if (!match) return undefined;
  const shape = (value: string) => {
    const [width, height] = value.split('x').map(Number);
    return Math.log((width ?? 1) / (height ?? 1));
  };
  const wanted = shape(size);
  return [...GPT_IMAGE_SIZES].sort((a, b) => Math.abs(shape(a) - wanted) - Math.abs(shape(b) - wanted))[0];
}

/** gpt-image qualities are low/medium/high; DALL·E 3's 'hd' and 'standard' map onto them. */
const GPT_IMAGE_QUALITIES: Readonly<Record<string, Quality>> = {
  low: 'low',
  medium: 'medium',
  high: 'high',
  hd: 'high',
  standard: 'medium',
};

const DALL_E_QUALITIES: Readonly<Record<string, Quality>> = { hd: 'hd', standard: 'standard' };

export function imageBody(connection: OpenAiConnection, request: ImageGenerationRequest): ImageBody {
  const base = { model: request.apiModelId, prompt: request.prompt, n: request.count };
  const size = chosen(request.size);
  const quality = chosen(request.quality);
  if (connection.context.provider === 'xai') {
    // xAI rejects size, quality and style ("Argument not supported").
    const aspectRatio = size === undefined ? undefined : XAI_ASPECT_RATIOS[size];
    return { ...base, response_format: 'b64_json', ...(aspectRatio ? { aspect_ratio: aspectRatio } : {}) };
  }
  if (request.apiModelId.startsWith('gpt-image')) {
    // gpt-image models always answer in base64 and reject response_format.
    const gptSize = size === undefined ? undefined : gptImageSize(size);
    const gptQuality = quality === undefined ? undefined : GPT_IMAGE_QUALITIES[quality];
    const compressible = request.outputFormat !== 'png' && request.compression !== undefined;
    return {
      ...base,
      ...(gptSize ? { size: gptSize } : {}),
      ...(gptQuality ? { quality: gptQuality } : {}),
      output_format: request.outputFormat,
      ...(compressible ? { output_compression: request.compression } : {}),
    };
  }
  if (request.apiModelId === 'dall-e-3') {
    const dallEQuality = quality === undefined ? undefined : DALL_E_QUALITIES[quality];
    return {
      ...base,
      n: 1,
      response_format: 'b64_json',
      ...(size ? { size } : {}),
      ...(dallEQuality ? { quality: dallEQuality } : {}),
    };
  }
  // dall-e-2 on OpenAI-compatible servers: its only quality is 'standard', which is also its default.
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
    // gpt-image replies say which size and quality `auto` chose; the usage record prices those.
    images.push({
      data,
      mimeType,
      ...(response.size ? { size: response.size } : {}),
      ...(response.quality ? { quality: response.quality } : {}),
    });
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
