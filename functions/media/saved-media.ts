import { PutObjectTaggingCommand } from '@aws-sdk/client-s3';
import type { Caller } from '#functions/commons/caller';
import { s3Client } from '#functions/commons/clients/s3';
import { requireEnv } from '#functions/commons/env';
import { MEDIA_RETENTION_TAG, type MediaRetention, mediaKey, mediaLocationsIn } from '#shared/media';

/**
 * Media a library item refers to outlives its job (issue 29 item 4). Job media is tagged `job` when
 * written, and the bucket's lifecycle rule expires it with its job (infra/media-storage.ts); a save that
 * names a file (Save to Client of an image or a podcast, an edit that keeps one) tags it `saved`, which
 * no rule expires. Only the caller's own files: another user's media is theirs to keep (its access
 * rule, functions/media/media-access.ts, does not follow a path pasted into someone else's item).
 */

const SAVED: MediaRetention = 'saved';

/** The content fields a media path may appear in. */
export interface SavedContentFields {
  readonly content?: string;
  readonly html_content?: string;
  readonly metadata?: Record<string, unknown>;
}

/** Tags the caller's media that the content names as saved; returns how many files were tagged. */
export async function keepSavedMedia(caller: Caller, fields: SavedContentFields): Promise<number> {
  const text = [fields.html_content ?? '', fields.content ?? '', JSON.stringify(fields.metadata ?? {})].join(
    '\n',
  );
  const own = mediaLocationsIn(text).filter((location) => location.userId === caller.userId);
  let tagged = 0;
  for (const location of own) {
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
