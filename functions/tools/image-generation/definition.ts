import type { MediaToolDefinition } from '#functions/media/media-tool';
import { imageMimeType } from '#functions/providers/media-bytes';
import { offlineImageSize, renderOfflineImage } from '#functions/providers/offline-image-renderer';
import { ProviderError } from '#functions/providers/ports';
import { loadProviderKeys } from '#functions/providers/provider-keys';
import { type ImageResolution, resolveImageProvider } from '#functions/providers/provider-resolver';
import { findImageModel, PROVIDER_LABELS } from '#shared/models';
import { type ImageUsage, NO_USAGE, type UsageMeasure } from '#shared/prices';
import { savedTitle } from '#shared/saved-title';
import {
  assembleImagePrompt,
  effectiveCompression,
  effectiveSetting,
  type GeneratedImageResult,
  type GenerateImageRequest,
  type GenerateImageResult,
  generateImageRequestSchema,
  hasPrompt,
  IMAGE_MESSAGES,
  type ImageConfig,
  type ImageFailure,
  imageConfigsOf,
  splitList,
} from '#shared/tools/image-generation';

/**
 * AI Image Generator as a media job: the configurations one by one ('Generating image N of M'); a
 * failed configuration becomes an item of `failures` and the loop goes on (001 §4). The images and
 * failures so far are pushed after each configuration, so the page shows them as they arrive. The
 * model's provider draws when a key is configured (or the user gave one for imagen/gemini); else the
 * offline renderer.
 */

type Draw = (
  config: ImageConfig,
  prompt: string,
  variant: number,
) => Promise<{ data: Uint8Array; width: number; height: number; billed: ImageUsage }[]>;

async function imageDimensions(data: Uint8Array): Promise<{ width: number; height: number }> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(data).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

function offlineDraw(input: GenerateImageRequest): Draw {
  const { width, height } = offlineImageSize(effectiveSetting(input.size));
  return async (config, prompt) => {
    const images = [];
    for (let variant = 1; variant <= input.numberOfImages; variant += 1) {
      const data = await renderOfflineImage(
        {
          prompt,
          entities: splitList(config.entities),
          keywords: splitList(config.keywords),
          style: config.style,
          lighting: config.lighting,
          colorStyle: config.colorStyle,
          texture: config.texture,
          perspective: config.perspective,
          detailLevel: config.detailLevel,
        },
        { width, height, format: input.outputFormat, quality: input.compression, variant },
      );
      images.push({ data, width, height, billed: { count: 1, size: input.size, quality: input.quality } });
    }
    return images;
  };
}

function providerDraw(input: GenerateImageRequest, resolution: ImageResolution): Draw {
  return async (_config, prompt) => {
    const images = await resolution.provider.generateImages({
      apiModelId: resolution.apiModelId,
      prompt,
      size: effectiveSetting(input.size),
      quality: effectiveSetting(input.quality),
      outputFormat: input.outputFormat,
      compression: effectiveCompression(input),
      count: input.numberOfImages,
    });
    return Promise.all(
      images.map(async (image) => ({
        data: image.data,
        ...(await imageDimensions(image.data)),
        // What the provider says it made, else what was asked: `auto` is priced at the dearest figure.
        billed: { count: 1, size: image.size ?? input.size, quality: image.quality ?? input.quality },
      })),
    );
  };
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

export const imageGenerationTool: MediaToolDefinition<GenerateImageRequest, GenerateImageResult> = {
  name: 'image-generation',
  requestSchema: generateImageRequestSchema,
  // The chosen client's job whether or not it is saved (docs/decisions.md, "Client budgets that tell the truth"); contentToSave asks saveToClient.
  clientId: (input) => input.clientId ?? null,
  savesToClient: (input) => input.saveToClient,

  async run(input, context) {
    const model = findImageModel(input.model);
    let draw: Draw;
    let servedBy: string;
    let notice: string | null = null;
    let ownKey = false;
    try {
      const keys = await loadProviderKeys();
      const resolution = resolveImageProvider(input.model, keys, { userApiKey: context.userApiKey });
      draw = providerDraw(input, resolution);
      servedBy = resolution.servedBy;
      ownKey = resolution.usesUserKey;
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'not_configured') throw error;
      draw = offlineDraw(input);
      servedBy = 'offline';
      notice = `No ${model ? PROVIDER_LABELS[model.provider] : ''} API key is configured, so the offline renderer drew these images.`;
    }

    const meter = context.meter({ provider: servedBy, modelId: input.model, ownKey });
    // What one configuration's call should bill, priced as the job's estimate is (`auto` at its dearest).
    const callEstimate: UsageMeasure = {
      ...NO_USAGE,
      images: [{ count: input.numberOfImages, size: input.size, quality: input.quality }],
    };
    const configs = imageConfigsOf(input).filter(hasPrompt);
    const images: GeneratedImageResult[] = [];
    const failures: ImageFailure[] = [];
    await context.progress(0, configs.length, IMAGE_MESSAGES.progress(1, configs.length));
    for (const [index, config] of configs.entries()) {
      const prompt = assembleImagePrompt(config);
      try {
        const drawn = await meter.call(
          callEstimate,
          () => draw(config, prompt, index + 1),
          (made) => ({ ...NO_USAGE, images: made.map((image) => image.billed) }),
        );
        for (const [imageIndex, image] of drawn.entries()) {
          const mime = imageMimeType(image.data) ?? 'image/png';
          const url = await context.store(
            `image-${index + 1}-${imageIndex + 1}.${EXTENSIONS[mime] ?? 'png'}`,
            image.data,
          );
          images.push({
            url,
            prompt,
            configId: config.id,
            entities: splitList(config.entities),
            keywords: splitList(config.keywords),
            width: image.width,
            height: image.height,
          });
        }
      } catch (error) {
        // One configuration's failure is an item of the result; the loop goes on (001 §4).
        if (!(error instanceof ProviderError)) throw error;
        failures.push({ configId: config.id, prompt, error: error.message });
      }
      // Each configuration's images (or its failure) reach the page as soon as it is done (001 §4).
      const done = index + 1;
      await context.progress(
        done,
        configs.length,
        IMAGE_MESSAGES.progress(Math.min(done + 1, configs.length), configs.length),
        { images, failures },
      );
    }
    if (images.length === 0) {
      const reasons = failures.map((failure) =>
        IMAGE_MESSAGES.perImageFailure(failure.prompt, failure.error),
      );
      throw new ProviderError('offline', 'refused', [IMAGE_MESSAGES.noImages, ...reasons].join(' '));
    }
    return {
      result: { images, failures, provider: servedBy, model: input.model, notice },
      servedBy,
      usage: meter.usage(),
    };
  },

  contentToSave(input, result, context) {
    if (!input.saveToClient) return null;
    const first = result.images[0]?.prompt ?? '';
    return {
      // 001 §9 and docs/decisions.md, "Media tools": generated images save as client_content, with the §3
      // image metadata.
      contentType: 'client_content',
      title: savedTitle('image', { date: context.now, timeZone: input.timeZone }),
      content: result.images.map((image) => image.prompt).join('\n\n') || first,
      htmlContent: result.images
        .map(
          (image) =>
            `<figure><img src="${image.url}" alt="${escapeAttribute(image.prompt)}"><figcaption>${escapeText(image.prompt)}</figcaption></figure>`,
        )
        .join('\n'),
      metadata: {
        images: result.images.map((image) => ({
          prompt: image.prompt,
          url: image.url,
          entities: image.entities,
          keywords: image.keywords,
        })),
        model: input.model,
        size: input.size,
        quality: input.quality,
        imageCount: result.images.length,
      },
    };
  },

  activity: (input, result) => ({
    action: 'image_generation',
    resourceType: 'image',
    details: {
      model: input.model,
      size: input.size,
      quality: input.quality,
      imageCount: result.images.length,
      failedCount: result.failures.length,
    },
  }),
};

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
