import type { MediaToolDefinition } from '#functions/media/media-tool';
import { renderOfflineImage } from '#functions/providers/offline-image-renderer';
import { ProviderError } from '#functions/providers/ports';
import { loadProviderKeys } from '#functions/providers/provider-keys';
import { resolveImageProvider } from '#functions/providers/provider-resolver';
import type { ActivityAction } from '#shared/activity';
import { DEFAULT_IMAGE_MODEL_ID, PROVIDER_LABELS } from '#shared/models';
import { type ImageUsage, NO_USAGE } from '#shared/prices';
import type { SizedImageResult } from '#shared/tools/gbp-post';
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
      let data: Uint8Array;
      let servedBy: string;
      let notice: string | null = null;
      let billed: ImageUsage = { count: 1, size: 'auto', quality: 'auto' };
      try {
        const resolution = resolveImageProvider(DEFAULT_IMAGE_MODEL_ID, await loadProviderKeys());
        const modelSize = nearestModelSize(size.width, size.height);
        const [image] = await resolution.provider.generateImages({
          apiModelId: resolution.apiModelId,
          prompt: input.prompt.trim(),
          size: modelSize,
          outputFormat: 'png',
          count: 1,
        });
        if (!image) throw new ProviderError(resolution.servedBy, 'refused', 'No image was returned.');
        billed = { count: 1, size: image.size ?? modelSize, quality: image.quality ?? 'auto' };
        data = image.data;
        servedBy = resolution.servedBy;
      } catch (error) {
        if (!(error instanceof ProviderError) || error.kind !== 'not_configured') throw error;
        data = await renderOfflineImage(
          {
            prompt: input.prompt.trim(),
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
        servedBy = 'offline';
        notice = `No ${PROVIDER_LABELS.openai} API key is configured, so the offline renderer drew this image.`;
      }
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
        usage: { modelId: DEFAULT_IMAGE_MODEL_ID, measure: { ...NO_USAGE, images: [billed] } },
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
