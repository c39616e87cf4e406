import type { Caller } from '#functions/commons/caller';
import { mediaLocationsIn } from '#shared/media';

/**
 * Media a library item refers to outlives its job. Job media is tagged `job` when
 * written, and the bucket's lifecycle rule expires it with its job (infra/media-storage.ts); a save that
 * names a file (Save to Client of an image or a podcast, an edit that keeps one) tags it `saved`, which
 * no rule expires. Only the caller's own files: another user's media is theirs to keep (its access
 * rule, functions/media/media-access.ts, does not follow a path pasted into someone else's item).
 */

/** The content fields a media path may appear in. */
export interface SavedContentFields {
  readonly content?: string;
  readonly html_content?: string;
  readonly metadata?: Record<string, unknown>;
}

/**
 * Tags the caller's media that the content names as saved; returns how many files were tagged. Most saves
 * name no media, and the S3 client (a large part of the Content function's bundle:
 * docs/benchmarks.md, "lambda-bundle") loads only for those that do
 * (docs/decisions.md, "Bundles within budget").
 */
export async function keepSavedMedia(caller: Caller, fields: SavedContentFields): Promise<number> {
  const text = [fields.html_content ?? '', fields.content ?? '', JSON.stringify(fields.metadata ?? {})].join(
    '\n',
  );
  const own = mediaLocationsIn(text).filter((location) => location.userId === caller.userId);
  if (own.length === 0) return 0;
  const { tagSavedMedia } = await import('./saved-media-tags');
  return tagSavedMedia(own);
}
