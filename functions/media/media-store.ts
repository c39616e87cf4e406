import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '#functions/commons/clients/s3';
import { requireEnv } from '#functions/commons/env';
import {
  MEDIA_RETENTION_TAG,
  type MediaLocation,
  type MediaRetention,
  mediaContentType,
  mediaKey,
  mediaPath,
} from '#shared/media';

/**
 * The media bucket as the media worker and the media routes see it. Objects are tagged with their
 * retention: the bucket's lifecycle rule expires `job` media (unsaved results) and keeps `saved` media
 * (written for a job that saves to a client), so a library item's images live as long as the item.
 */

/** A presigned S3 URL only has to outlive the redirect that hands it to the browser. */
export const PRESIGNED_URL_SECONDS = 300;

export async function putMedia(
  location: MediaLocation,
  bytes: Uint8Array,
  retention: MediaRetention,
): Promise<string> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: requireEnv('mediaBucket'),
      Key: mediaKey(location),
      Body: bytes,
      ContentType: mediaContentType(location.fileName),
      ContentDisposition: `inline; filename="${location.fileName}"`,
      CacheControl: 'private, max-age=3600',
      Tagging: `${MEDIA_RETENTION_TAG}=${retention}`,
    }),
  );
  return mediaPath(location);
}

/** A file name for a download: letters, digits, dots, hyphens and underscores, at most 150 + extension. */
export const DOWNLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,159}$/;

/** With `downloadName`, S3 answers as an attachment under that name (a cross-origin link still downloads). */
export function presignedMediaUrl(location: MediaLocation, downloadName?: string): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: requireEnv('mediaBucket'),
      Key: mediaKey(location),
      ...(downloadName ? { ResponseContentDisposition: `attachment; filename="${downloadName}"` } : {}),
    }),
    { expiresIn: PRESIGNED_URL_SECONDS },
  );
}

/** The object's bytes, or null when it does not exist (expired, or never written). */
export async function readMedia(location: MediaLocation): Promise<Uint8Array | null> {
  try {
    const reply = await s3Client().send(
      new GetObjectCommand({ Bucket: requireEnv('mediaBucket'), Key: mediaKey(location) }),
    );
    return reply.Body ? await reply.Body.transformToByteArray() : null;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return null;
    throw error;
  }
}
