import { recordActivity } from '#functions/activities/activity-log';
import type { Caller } from '#functions/commons/caller';
import { BadRequestError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { logger } from '#functions/commons/logger';
import { imageMimeType } from '#functions/providers/media-bytes';
import { loadProviderKeys } from '#functions/providers/provider-keys';
import { DEFAULT_TIMEOUTS_MS } from '#functions/providers/resilient-call';
import { MAX_INLINE_IMAGE_CHARS } from '#shared/inline-upload';
import type { ImageSource } from '#shared/media-upload';
import type { ImageAnalysis } from '#shared/tool-results';
import { analyzeImageRequestSchema } from '#shared/tools/image-analysis';
import { IMAGE_MESSAGES } from '#shared/tools/image-generation';

/**
 * What the function keeps for itself after the vision call: the offline analysis it falls back to
 * (sharp, imported on first use) and the activity record, with room for a slow cold start.
 */
export const OFFLINE_FALLBACK_MARGIN_MS = 5_000;

/**
 * How long the vision call may take, all its attempts included: the function's remaining time less the
 * fallback's margin, never more than a vision call's own timeout; 0 when there is no time for it.
 */
export function visionBudgetMs(remainingMs: number): number {
  return Math.max(0, Math.min(DEFAULT_TIMEOUTS_MS.text, remainingMs - OFFLINE_FALLBACK_MARGIN_MS));
}

async function analyzeOffline(bytes: Uint8Array): Promise<ImageAnalysis> {
  const { analyzeImageOffline } = await import('#functions/providers/offline-image-analyzer');
  try {
    return await analyzeImageOffline(bytes);
  } catch {
    throw new BadRequestError(IMAGE_MESSAGES.invalidFile, 'invalid_image');
  }
}

/**
 * The vision model when an OpenAI key is configured and the function has time for it; null without a
 * key, without time, or when it fails or runs out of time (logged), so the offline analysis answers.
 */
async function analyzeWithVisionModel(bytes: Uint8Array, budgetMs: number): Promise<ImageAnalysis | null> {
  const credentials = (await loadProviderKeys()).openai;
  const mimeType = imageMimeType(bytes);
  if (!credentials || !mimeType || budgetMs <= 0) return null;
  try {
    const { analyzeImageWithOpenAi } = await import('#functions/providers/openai-image-analyzer');
    return await analyzeImageWithOpenAi(
      { provider: 'openai', ...credentials, settings: { timeoutMs: budgetMs } },
      { bytes, mimeType },
      AbortSignal.timeout(budgetMs),
    );
  } catch (error) {
    logger.warn('Vision analysis failed; measuring the image offline instead', { error, budgetMs });
    return null;
  }
}

/** The image inline, or uploaded (S3's client loads only for an upload: shared/media-upload.ts). */
async function imageBytes(body: ImageSource, caller: Caller): Promise<Uint8Array> {
  if (body.imageKey !== undefined) {
    const { uploadedImageBytes } = await import('#functions/media/uploaded-image');
    return uploadedImageBytes(caller, body.imageKey);
  }
  return new Uint8Array(Buffer.from((body.image ?? '').replace(/^data:[^,]*,/, ''), 'base64'));
}

/**
 * POST /api/analyze-image {image: base64 | imageKey: an upload's key, format: 'json'} → {description, entities, keywords, style,
 * raw_json}: an OpenAI vision model when its key is configured, else sharp's measurements. Both are
 * imported only when a request arrives (sharp is packaged next to this bundle). The vision call gets
 * the function's remaining time less a margin (docs/decisions.md, "Image analysis fits its route"), so a slow
 * provider still leaves the offline analysis time to answer within the route's timeout.
 */
export const handler = httpHandler({
  body: analyzeImageRequestSchema,
  maxBodyBytes: MAX_INLINE_IMAGE_CHARS + 1024,
  handle: async ({ body, caller, userAgent, remainingTimeMs }): Promise<ImageAnalysis> => {
    const bytes = await imageBytes(body, caller);
    if (!imageMimeType(bytes)) throw new BadRequestError(IMAGE_MESSAGES.invalidFile, 'invalid_image');
    const analysis =
      (await analyzeWithVisionModel(bytes, visionBudgetMs(remainingTimeMs()))) ??
      (await analyzeOffline(bytes));
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
