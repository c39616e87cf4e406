import { recordActivity } from '#functions/activities/activity-log';
import { BadRequestError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { logger } from '#functions/commons/logger';
import { imageMimeType } from '#functions/providers/media-bytes';
import { loadProviderKeys } from '#functions/providers/provider-keys';
import {
  analyzeImageRequestSchema,
  type ImageAnalysis,
  MAX_UPLOAD_BASE64_CHARS,
} from '#shared/tools/image-analysis';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from '#shared/tools/image-generation';

async function analyzeOffline(bytes: Uint8Array): Promise<ImageAnalysis> {
  const { analyzeImageOffline } = await import('#functions/providers/offline-image-analyzer');
  try {
    return await analyzeImageOffline(bytes);
  } catch {
    throw new BadRequestError(IMAGE_MESSAGES.invalidFile, 'invalid_image');
  }
}

/** The vision model when an OpenAI key is configured; null without a key or when it fails (logged). */
async function analyzeWithVisionModel(bytes: Uint8Array): Promise<ImageAnalysis | null> {
  const credentials = (await loadProviderKeys()).openai;
  const mimeType = imageMimeType(bytes);
  if (!credentials || !mimeType) return null;
  try {
    const { analyzeImageWithOpenAi } = await import('#functions/providers/openai-image-analyzer');
    return await analyzeImageWithOpenAi({ provider: 'openai', ...credentials }, { bytes, mimeType });
  } catch (error) {
    logger.warn('Vision analysis failed; measuring the image offline instead', { error });
    return null;
  }
}

/**
 * POST /api/analyze-image {image: base64, format: 'json'} → {description, entities, keywords, style,
 * raw_json}: an OpenAI vision model when its key is configured, else sharp's measurements. Both are
 * imported only when a request arrives (sharp is packaged next to this bundle).
 */
export const handler = httpHandler({
  body: analyzeImageRequestSchema,
  maxBodyBytes: MAX_UPLOAD_BASE64_CHARS + 1024,
  handle: async ({ body, caller, userAgent }): Promise<ImageAnalysis> => {
    const bytes = new Uint8Array(Buffer.from(body.image.replace(/^data:[^,]*,/, ''), 'base64'));
    if (bytes.byteLength >= MAX_UPLOAD_BYTES)
      throw new BadRequestError(IMAGE_MESSAGES.fileTooLarge, 'too_large');
    if (!imageMimeType(bytes)) throw new BadRequestError(IMAGE_MESSAGES.invalidFile, 'invalid_image');
    const analysis = (await analyzeWithVisionModel(bytes)) ?? (await analyzeOffline(bytes));
    await recordActivity(caller, {
      action: 'image_analysis',
      resourceType: 'image',
      details: {
        style: analysis.style,
        keywords: analysis.keywords.slice(0, 8),
        analyzer: analysis.raw_json.analyzer,
      },
      userAgent,
    });
    return analysis;
  },
});
