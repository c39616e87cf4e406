import type { ContentRecord } from '#functions/content/content-record';
import { approvalsFromVersionOf, assertStorable, toClientContent } from '#functions/content/content-record';
import { type ContentUpdate, changeContent, patchContent } from '#functions/content/content-store';
import type { VersionAuthor } from '#functions/content/content-versions';
import type { ClientContent } from '#shared/content';
import { isApprovedForPublishing, isPublishingStatus, nextStatus, statusOf } from '#shared/content-status';
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

function publishedMetadata(record: ContentRecord, post: SavedPost, sent: PostFields) {
  return {
    ...withoutLink(toClientContent(record).metadata),
    wordpress_id: post.id,
    wordpress_url: post.link,
    wordpress_status: post.status,
    ...(post.status === 'future' && post.dateGmt ? { wordpress_date: post.dateGmt } : {}),
    ...(sent.categories && sent.categories.length > 0 ? { wordpress_categories: [...sent.categories] } : {}),
  };
}

/** The calendar's date of a post: when it goes live (scheduled) or went live (published); else none. */
function publishDateOf(post: SavedPost): string | null {
  if (post.status !== 'future' && post.status !== 'publish') return null;
  return post.dateGmt ?? new Date().toISOString();
}

/**
 * What a publish or an update writes back to the item (001 §7), worked out from the item as it is when
 * written: the words sent, the link, and the status WordPress now gives it. An item
 * that was approved keeps its approval on the words that went out, which the write-back records as a
 * new version when the Editor changed them on the way.
 */
function publishedChanges(
  current: ContentRecord,
  newVersionId: string | null,
  post: SavedPost,
  sent: PostFields,
): ContentUpdate {
  const approved = isApprovedForPublishing(toClientContent(current));
  // Changed words first take a review or an approval back to Draft, then WordPress has its say.
  const before = statusOf(current.status);
  const status =
    newVersionId === null
      ? before
      : (nextStatus(before, { type: 'new_version', keepReview: false }) ?? before);
  return {
    title: sent.title,
    content: htmlToText(sent.content),
    html_content: sent.content,
    metadata: publishedMetadata(current, post, sent),
    status: nextStatus(status, { type: 'wordpress', postStatus: post.status, approved }) ?? status,
    publishDate: publishDateOf(post),
    ...(approved && newVersionId !== null && isPublishingStatus(post.status)
      ? { approvedVersionId: newVersionId }
      : {}),
    // The approval steps' decisions follow the words that went out in the same way (docs/decisions.md 'Approval steps'):
    // those that stood for the words before stand for the published ones.
    ...(newVersionId !== null && isPublishingStatus(post.status)
      ? {
          approvalsCarried: {
            from: approvalsFromVersionOf(current) ?? current.currentVersionId ?? current.contentId,
            to: newVersionId,
          },
        }
      : {}),
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
  const { title, content, html_content, metadata } = publishedChanges(record, null, post, sent);
  assertStorable({ ...record, title, content, html_content, metadata, updatedAt: record.updatedAt });
}

/** Writes back a publish or an update; the words sent become a version when they differ. */
export async function storePublished(
  record: ContentRecord,
  post: SavedPost,
  sent: PostFields,
  author: VersionAuthor,
): Promise<ClientContent> {
  const { record: saved } = await changeContent(
    record,
    (current, newVersionId) => publishedChanges(current, newVersionId, post, sent),
    { author, source: 'wordpress' },
  );
  return toClientContent(saved);
}

/**
 * Records a post's new date on WordPress (the calendar's drag): the link's date and the calendar's; the
 * words are untouched, so no version.
 */
export async function storeRescheduled(record: ContentRecord, post: SavedPost): Promise<ClientContent> {
  const saved = await patchContent(record, (current) => ({
    metadata: {
      ...toClientContent(current).metadata,
      wordpress_status: post.status,
      ...(post.dateGmt ? { wordpress_date: post.dateGmt } : {}),
    },
    status:
      nextStatus(statusOf(current.status), {
        type: 'wordpress',
        postStatus: post.status,
        approved: isApprovedForPublishing(toClientContent(current)),
      }) ?? statusOf(current.status),
    publishDate: publishDateOf(post),
  }));
  return toClientContent(saved);
}

/** A deleted post: the link goes, and the item is no longer scheduled or published (001 §4). */
export async function clearLink(record: ContentRecord): Promise<ClientContent> {
  const saved = await patchContent(record, (current) => {
    const status = statusOf(current.status);
    return {
      metadata: withoutLink(toClientContent(current).metadata),
      status:
        nextStatus(status, {
          type: 'wordpress',
          postStatus: null,
          approved: isApprovedForPublishing(toClientContent(current)),
        }) ?? status,
      publishDate: null,
    };
  });
  return toClientContent(saved);
}
