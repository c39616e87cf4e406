import type { Caller } from '#functions/commons/caller';
import { BadRequestError } from '#functions/commons/errors';
import type { ContentRecord } from '#functions/content/content-record';
import { CHANNEL_MESSAGES } from '#shared/channels';
import { type MediaLocation, mediaLocationsIn, mediaPath, parseMediaPath } from '#shared/media';

/**
 * Which images a post may carry (docs/decisions.md, "Publishing to social channels"): one of LBM
 * Studio's own media files, named by its `/api/media/…` path: a file of the caller's own generations, or
 * one the item itself holds. Anything else is a 400 naming the field, so a post never makes the server
 * fetch an address a caller chose.
 */
export function attachableImage(caller: Caller, content: ContentRecord, imageUrl: string): MediaLocation {
  const location = parseMediaPath(imageUrl);
  if (!location) throw new BadRequestError(CHANNEL_MESSAGES.imageNotMedia, 'validation_failed');
  const own = location.userId === caller.userId;
  const held = mediaLocationsIn(
    JSON.stringify([content.content, content.html_content, content.metadata]),
  ).some((found) => mediaPath(found) === mediaPath(location));
  if (!own && !held) throw new BadRequestError(CHANNEL_MESSAGES.imageNotMedia, 'validation_failed');
  return location;
}
