import type { MediaToolDefinition } from '#functions/media/media-tool';
import { renderOfflineImage } from '#functions/providers/offline-image-renderer';
import { ProviderError } from '#functions/providers/ports';
import { loadProviderKeys } from '#functions/providers/provider-keys';
import { type ImageResolution, resolveImageProvider } from '#functions/providers/provider-resolver';
import type { ActivityAction } from '#shared/activity';
import { DEFAULT_IMAGE_MODEL_ID, PROVIDER_LABELS } from '#shared/models';
import { type ImageUsage, NO_USAGE } from '#shared/prices';
import type { SizedImageResult } from '#shared/tool-results';

import { parseDimensions } from '#shared/tools/social-content';

/**
 * One image at a named size, for the GBP Post Creator and the Social Content Generator (001 §7: they
 * send prompt and dimensions to the image function and read `imageUrl`). The image model draws it when
 * its key is configured, at the model's size nearest in shape (the screens say the model may not follow
 * exact dimensions and offer Resize); the offline renderer draws the exact size otherwise.
 */

interface SizedImageRequest {
  readonly prompt: string;
  readonly dimensions: string;
  readonly clientId?: string | undefined;
}

const MODEL_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

/** The gpt-image-1 size whose shape is nearest the requested one. */
export function nearestModelSize(width: number, height: number): string {
  const ratio = width / height;
  let best: string = MODEL_SIZES[0];
  for (const size of MODEL_SIZES) {
    const parsed = parseDimensions(size);
    const bestParsed = parseDimensions(best);
    if (!parsed || !bestParsed) continue;
    const distance = Math.abs(Math.log(parsed.width / parsed.height / ratio));
    if (distance < Math.abs(Math.log(bestParsed.width / bestParsed.height / ratio))) best = size;
  }
  return best;
}

/** The default image model's provider, or null when its key is not configured (the offline renderer draws). */
async function defaultImageResolution(): Promise<ImageResolution | null> {
  try {
    return resolveImageProvider(DEFAULT_IMAGE_MODEL_ID, await loadProviderKeys());
  } catch (error) {
    if (!(error instanceof ProviderError) || error.kind !== 'not_configured') throw error;
    return null;
  }
}

interface DrawnImage {
  readonly data: Uint8Array;
  readonly billed: ImageUsage;
}

async function drawWithProvider(
  resolution: ImageResolution,
  prompt: string,
  modelSize: string,
): Promise<DrawnImage> {
  const [image] = await resolution.provider.generateImages({
    apiModelId: resolution.apiModelId,
    prompt: prompt.trim(),
    size: modelSize,
    outputFormat: 'png',
    count: 1,
  });
  if (!image) throw new ProviderError(resolution.servedBy, 'refused', 'No image was returned.');
  return {
    data: image.data,
    billed: { count: 1, size: image.size ?? modelSize, quality: image.quality ?? 'auto' },
  };
}

async function drawOffline(prompt: string, size: { width: number; height: number }): Promise<DrawnImage> {
  const data = await renderOfflineImage(
    {
      prompt: prompt.trim(),
      entities: [],
      keywords: [],
      style: 'none',
      lighting: 'default',
      colorStyle: 'default',
      texture: 'default',
      perspective: 'default',
      detailLevel: 'default',
    },
    { width: size.width, height: size.height, format: 'png', variant: 1 },
  );
  return { data, billed: { count: 1, size: 'auto', quality: 'auto' } };
}

export function sizedImageTool<Input extends SizedImageRequest>(options: {
  readonly name: string;
  readonly requestSchema: MediaToolDefinition<Input, SizedImageResult>['requestSchema'];
  readonly activity: { readonly action: ActivityAction; readonly resourceType: string };
}): MediaToolDefinition<Input, SizedImageResult> {
  return {
    name: options.name,
    requestSchema: options.requestSchema,
    // The client is read only to check access; the image is not saved to its library by these screens.
    clientId: (input) => input.clientId ?? null,
    savesToClient: () => false,

    async run(input, context) {
      const size = parseDimensions(input.dimensions) ?? { width: 1024, height: 1024 };
      await context.progress(0, 1, 'Generating image...');
      const resolution = await defaultImageResolution();
      const servedBy = resolution?.servedBy ?? 'offline';
      const modelSize = nearestModelSize(size.width, size.height);
      const meter = context.meter({ provider: servedBy, modelId: DEFAULT_IMAGE_MODEL_ID, ownKey: false });
      const drawn = await meter.call(
        // No quality is asked for: the model picks it, priced at the size's dearest until it says.
        { ...NO_USAGE, images: [{ count: 1, size: modelSize, quality: 'auto' }] },
        () =>
          resolution
            ? drawWithProvider(resolution, input.prompt, modelSize)
            : drawOffline(input.prompt, size),
        (image) => ({ ...NO_USAGE, images: [image.billed] }),
      );
      const data = drawn.data;
      const notice = resolution
        ? null
        : `No ${PROVIDER_LABELS.openai} API key is configured, so the offline renderer drew this image.`;
      const { default: sharp } = await import('sharp');
      const meta = await sharp(data).metadata();
      const imageUrl = await context.store('image.png', data);
      return {
        result: {
          imageUrl,
          width: meta.width ?? size.width,
          height: meta.height ?? size.height,
          provider: servedBy,
          notice,
        },
        servedBy,
        usage: meter.usage(),
      };
    },
    contentToSave: () => null,
    activity: (input, result) => ({
      action: options.activity.action,
      resourceType: options.activity.resourceType,
      details: {
        dimensions: input.dimensions,
        width: result.width,
        height: result.height,
        prompt: input.prompt.slice(0, 200),
      },
    }),
  };
}
