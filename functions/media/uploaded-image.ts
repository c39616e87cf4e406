import type { Caller } from '#functions/commons/caller';
import { BadRequestError, NotFoundError } from '#functions/commons/errors';
import { parseUploadKey, UPLOAD_NOT_FOUND } from '#shared/media-upload';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from '#shared/tools/image-generation';
import { readMedia } from './media-store';

/**
 * The bytes of an image the caller uploaded through POST /api/media/uploads, by the key it answered.
 * Another user's upload answers 404 like a missing one. The upload's policy already held it under 5 MB
 * in S3; the bound is checked again here, as it is for an inline image, so no route depends on the
 * bucket alone for it.
 */
export async function uploadedImageBytes(caller: Caller, imageKey: string): Promise<Uint8Array> {
  const location = parseUploadKey(imageKey);
  if (!location || location.userId !== caller.userId) throw new NotFoundError(UPLOAD_NOT_FOUND);
  const bytes = await readMedia(location);
  if (!bytes) throw new NotFoundError(UPLOAD_NOT_FOUND);
  if (bytes.length >= MAX_UPLOAD_BYTES)
    throw new BadRequestError(IMAGE_MESSAGES.fileTooLarge, 'file_too_large');
  return bytes;
}
