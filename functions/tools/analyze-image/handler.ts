import { recordActivity } from '#functions/activities/activity-log';
import { BadRequestError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { imageMimeType } from '#functions/providers/media-bytes';
import {
  analyzeImageRequestSchema,
  type ImageAnalysis,
  MAX_UPLOAD_BASE64_CHARS,
} from '#shared/tools/image-analysis';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from '#shared/tools/image-generation';

/**
 * POST /api/analyze-image {image: base64, format: 'json'} → {description, entities, keywords, style,
 * raw_json}. sharp is imported only when a request arrives (it is packaged next to this bundle).
 */
export const handler = httpHandler({
  body: analyzeImageRequestSchema,
  maxBodyBytes: MAX_UPLOAD_BASE64_CHARS + 1024,
  handle: async ({ body, caller, userAgent }): Promise<ImageAnalysis> => {
    const bytes = new Uint8Array(Buffer.from(body.image.replace(/^data:[^,]*,/, ''), 'base64'));
    if (bytes.byteLength >= MAX_UPLOAD_BYTES)
      throw new BadRequestError(IMAGE_MESSAGES.fileTooLarge, 'too_large');
    if (!imageMimeType(bytes)) throw new BadRequestError(IMAGE_MESSAGES.invalidFile, 'invalid_image');
    const { analyzeImageOffline } = await import('#functions/providers/offline-image-analyzer');
    let analysis: ImageAnalysis;
    try {
      analysis = await analyzeImageOffline(bytes);
    } catch {
      throw new BadRequestError(IMAGE_MESSAGES.invalidFile, 'invalid_image');
    }
    await recordActivity(caller, {
      action: 'image_analysis',
      resourceType: 'image',
      details: { style: analysis.style, keywords: analysis.keywords.slice(0, 8), analyzer: 'offline' },
      userAgent,
    });
    return analysis;
  },
});
