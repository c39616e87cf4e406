import type { ContentRecord } from '#functions/content/content-record';
import { assertStorable, nextTimestamp, toClientContent } from '#functions/content/content-record';
import { patchContent } from '#functions/content/content-store';
import type { ClientContent } from '#shared/content';
import { htmlToText } from '#shared/text';
import { WORDPRESS_LINK_KEYS } from '#shared/wordpress';
import type { PostFields, SavedPost } from './wordpress-site';

/**
 * The WordPress link in a content item (001 §3, §4, §7). A publish or an update writes back what was
 * sent: the title, the HTML as published (uploaded images by their media URLs), its text, and the
 * link, status and category in the metadata; so the library holds what the site shows, and the next
 * Edit starts from it. A delete clears the link and leaves the text as it is.
 */

function withoutLink(metadata: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...metadata };
  for (const key of WORDPRESS_LINK_KEYS) delete rest[key];
  return rest;
}

function publishedChanges(record: ContentRecord, post: SavedPost, sent: PostFields) {
  const metadata = {
    ...withoutLink(toClientContent(record).metadata),
    wordpress_id: post.id,
    wordpress_url: post.link,
    wordpress_status: post.status,
    ...(post.status === 'future' && post.dateGmt ? { wordpress_date: post.dateGmt } : {}),
    ...(sent.categories && sent.categories.length > 0 ? { wordpress_categories: [...sent.categories] } : {}),
  };
  return {
    title: sent.title,
    content: htmlToText(sent.content),
    html_content: sent.content,
    metadata,
    updatedAt: nextTimestamp(record.updatedAt),
  };
}

/** A link longer than WordPress makes them, so the check before a publish holds for the real one. */
const LONGEST_LINK = 'x'.repeat(2000);

/**
 * Throws the item's "too large" error before anything is sent to WordPress: a post the library cannot
 * record would be published again, twice, by the next click.
 */
export function assertPublishedFits(record: ContentRecord, sent: PostFields): void {
  const post: SavedPost = {
    id: Number.MAX_SAFE_INTEGER,
    link: LONGEST_LINK,
    status: sent.status,
    dateGmt: null,
  };
  assertStorable({ ...record, ...publishedChanges(record, post, sent) });
}

export async function storePublished(
  record: ContentRecord,
  post: SavedPost,
  sent: PostFields,
): Promise<ClientContent> {
  const changes = publishedChanges(record, post, sent);
  assertStorable({ ...record, ...changes });
  return toClientContent(await patchContent(record, changes));
}

export async function clearLink(record: ContentRecord): Promise<ClientContent> {
  return toClientContent(
    await patchContent(record, {
      metadata: withoutLink(toClientContent(record).metadata),
      updatedAt: nextTimestamp(record.updatedAt),
    }),
  );
}
