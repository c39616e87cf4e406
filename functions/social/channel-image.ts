import { imageSize } from 'image-size';
import { BadRequestError } from '#functions/commons/errors';
import { presignedMediaUrl, readMedia } from '#functions/media/media-store';
import { CHANNEL_MESSAGES } from '#shared/channels';
import { mediaContentType, parseMediaPath } from '#shared/media';
import type { ChannelImage } from './channel-port';

/**
 * The image of a post (docs/architecture.md, "Publishing channels"): one of LBM Studio's own media files
 * (a generated image, or one the item holds), named by its `/api/media/…` path. The platforms that fetch
 * an image themselves get a presigned URL of it; the others get its bytes. Loaded only for a post with an
 * image: S3, its presigner and the image sizer stay out of the Channels function's cold start.
 */

export interface LoadedImage extends ChannelImage {
  readonly width: number;
  readonly height: number;
}

export async function loadImage(imageUrl: string): Promise<LoadedImage> {
  const location = parseMediaPath(imageUrl);
  const bytes = location ? await readMedia(location) : null;
  if (!location || !bytes) throw new BadRequestError(CHANNEL_MESSAGES.imageGone, 'validation_failed');
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new BadRequestError(CHANNEL_MESSAGES.imageNotMedia, 'validation_failed');
  }
  return {
    url: await presignedMediaUrl(location),
    bytes,
    contentType: mediaContentType(location.fileName),
    width: size.width ?? 0,
    height: size.height ?? 0,
  };
}
