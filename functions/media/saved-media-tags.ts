import { PutObjectTaggingCommand } from '@aws-sdk/client-s3';
import { s3Client } from '#functions/commons/clients/s3';
import { requireEnv } from '#functions/commons/env';
import { MEDIA_RETENTION_TAG, type MediaLocation, type MediaRetention, mediaKey } from '#shared/media';

const SAVED: MediaRetention = 'saved';

/**
 * Tags the files as saved; returns how many were tagged. Loaded by functions/media/saved-media.ts only
 * when a save names the caller's media, so the S3 client is not in the cold start of every save.
 */
export async function tagSavedMedia(locations: readonly MediaLocation[]): Promise<number> {
  let tagged = 0;
  for (const location of locations) {
    try {
      await s3Client().send(
        new PutObjectTaggingCommand({
          Bucket: requireEnv('mediaBucket'),
          Key: mediaKey(location),
          Tagging: { TagSet: [{ Key: MEDIA_RETENTION_TAG, Value: SAVED }] },
        }),
      );
      tagged += 1;
    } catch (error) {
      // Expired already (or never written): there is nothing left to keep.
      if ((error as { name?: string }).name !== 'NoSuchKey') throw error;
    }
  }
  return tagged;
}
