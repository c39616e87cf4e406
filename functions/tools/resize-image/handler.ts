import { ulid } from 'ulid';
import { BadRequestError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { requireMediaAccess } from '#functions/media/media-access';
import { putMedia, readMedia } from '#functions/media/media-store';
import { uploadedImageBytes } from '#functions/media/uploaded-image';
import { imageMimeType } from '#functions/providers/media-bytes';
import { MAX_INLINE_IMAGE_CHARS } from '#shared/inline-upload';
import { parseMediaPath } from '#shared/media';
import type { ImageSource } from '#shared/media-upload';
import type { ResizeImageResult } from '#shared/tool-results';
import { resizeImageRequestSchema, SOCIAL_MESSAGES } from '#shared/tools/social-content';
import { resizeToExact } from './resize';

/**
 * POST /api/resize-image {image | imageKey, width, height, mode} → {imageUrl, width, height}: the image (base64, or
 * an /api/media path this app returned to the caller, or an upload's key) resized to exactly width x height as PNG and
 * stored in the media bucket like a job's image. sharp is packaged next to this bundle only.
 */

async function sourceBytes(
  body: ImageSource,
  caller: Parameters<typeof requireMediaAccess>[0],
): Promise<Uint8Array> {
  if (body.imageKey !== undefined) return uploadedImageBytes(caller, body.imageKey);
  const image = body.image ?? '';
  const location = image.startsWith('data:') ? null : parseMediaPath(image);
  if (location) {
    await requireMediaAccess(caller, location, undefined);
    const bytes = await readMedia(location);
    if (!bytes) throw new BadRequestError(SOCIAL_MESSAGES.resizeFailed, 'image_not_found');
    return bytes;
  }
  const base64 = image.replace(/^data:[^,]*,/u, '');
  if (!/^[A-Za-z0-9+/=\s]+$/u.test(base64))
    throw new BadRequestError(SOCIAL_MESSAGES.resizeFailed, 'invalid_image');
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

export const handler = httpHandler({
  body: resizeImageRequestSchema,
  maxBodyBytes: MAX_INLINE_IMAGE_CHARS + 1024,
  handle: async ({ body, caller }): Promise<ResizeImageResult> => {
    const bytes = await sourceBytes(body, caller);
    if (!imageMimeType(bytes)) throw new BadRequestError(SOCIAL_MESSAGES.resizeFailed, 'invalid_image');
    let resized: Uint8Array;
    try {
      resized = await resizeToExact(bytes, body.width, body.height, body.mode);
    } catch {
      throw new BadRequestError(SOCIAL_MESSAGES.resizeFailed, 'invalid_image');
    }
    const fileName = `resized-${body.width}x${body.height}.png`;
    const imageUrl = await putMedia({ userId: caller.userId, jobId: ulid(), fileName }, resized, 'job');
    return { imageUrl, width: body.width, height: body.height };
  },
});
