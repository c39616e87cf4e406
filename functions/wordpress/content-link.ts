import type { ContentRecord } from '#functions/content/content-record';
import { nextTimestamp, toClientContent } from '#functions/content/content-record';
import { patchContent } from '#functions/content/content-store';
import type { ClientContent } from '#shared/content';
import { WORDPRESS_LINK_KEYS } from '#shared/wordpress';
import type { SavedPost } from './wordpress-site';

/**
 * The WordPress link in a content item's metadata (001 §3, §4): set after a publish or update, cleared
 * after a delete. Only the metadata changes; the item's text stays as it was saved.
 */

function withoutLink(metadata: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...metadata };
  for (const key of WORDPRESS_LINK_KEYS) delete rest[key];
  return rest;
}

async function writeMetadata(
  record: ContentRecord,
  metadata: Record<string, unknown>,
): Promise<ClientContent> {
  return toClientContent(
    await patchContent(record, { metadata, updatedAt: nextTimestamp(record.updatedAt) }),
  );
}

export function storeLink(record: ContentRecord, post: SavedPost): Promise<ClientContent> {
  const current = toClientContent(record).metadata;
  return writeMetadata(record, {
    ...withoutLink(current),
    wordpress_id: post.id,
    wordpress_url: post.link,
    wordpress_status: post.status,
    ...(post.status === 'future' && post.dateGmt ? { wordpress_date: post.dateGmt } : {}),
  });
}

export function clearLink(record: ContentRecord): Promise<ClientContent> {
  return writeMetadata(record, withoutLink(toClientContent(record).metadata));
}
