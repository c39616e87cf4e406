import { recordActivity } from '#functions/activities/activity-log';
import {
  type ApprovalOverride,
  OVERRIDE_ADMINS_ONLY,
  overrideDetails,
  passPublishingGate,
  publishingRulesOf,
} from '#functions/approvals/publishing-gate';
import type { ClientRecord } from '#functions/clients/client-record';
import type { Caller } from '#functions/commons/caller';
import { BadRequestError, ConflictError, ForbiddenError } from '#functions/commons/errors';
import { sanitizeHtml } from '#functions/commons/sanitize-html';
import type { ContentRecord } from '#functions/content/content-record';
import { toClientContent } from '#functions/content/content-record';
import { emitWebhookEvent } from '#functions/webhooks/emit-webhook-event';
import type { PublishingRules } from '#shared/approvals';
import { CALENDAR_MESSAGES } from '#shared/calendar';
import type { ClientContent } from '#shared/content';
import { isPublishingStatus, statusOf } from '#shared/content-status';
import {
  WORDPRESS_MESSAGES,
  type WordPressPostInput,
  type WordPressPublishResult,
  wordpressLinkOf,
} from '#shared/wordpress';
import { assertPublishedFits, clearLink, storePublished, storeRescheduled } from './content-link';
import type { PostFields, SavedPost, WordPressSite } from './wordpress-site';

/**
 * Publishing a library item to its client's WordPress site (001 §4 content publish state): create, update
 * and delete the post, write what was published back to the item (001 §7), and record each as an
 * activity.
 */

export interface PublishingContext {
  readonly caller: Caller;
  readonly clientName: string;
  /** The client's 'Require approval before publishing' and approval steps. */
  readonly rules: PublishingRules;
  readonly site: WordPressSite;
  readonly userAgent: string | null;
}

/** The context of a publishing call for a client the caller may see. */
export function publishingContext(
  caller: Caller,
  client: Pick<ClientRecord, 'name' | 'requireApproval' | 'approvalSteps'>,
  site: WordPressSite,
  userAgent: string | null,
): PublishingContext {
  return {
    caller,
    clientName: client.name,
    rules: publishingRulesOf(client),
    site,
    userAgent,
  };
}

/**
 * The client's approval rule for a WordPress post (functions/approvals/publishing-gate.ts): drafts,
 * pending and private posts are not publishing, so they need no approval.
 */
export function checkApproval(
  context: Pick<PublishingContext, 'caller' | 'rules'>,
  content: ContentRecord,
  input: Pick<WordPressPostInput, 'status' | 'overrideApproval'>,
): ApprovalOverride | null {
  if (!isPublishingStatus(input.status)) {
    if (input.overrideApproval === true && !context.caller.isAdmin)
      throw new ForbiddenError(OVERRIDE_ADMINS_ONLY);
    return null;
  }
  return passPublishingGate(context.caller, context.rules, content, input.overrideApproval);
}

/** Same tolerance as a clock that runs a little behind: a date in the past cannot be scheduled. */
const SCHEDULE_SKEW_MS = 60_000;
const MAX_INLINE_IMAGES = 20;
const INLINE_IMAGE = /(<img\b[^>]*?\bsrc=")(data:(image\/(?:png|jpeg|gif|webp));base64,([a-z0-9+/=]+))(")/gi;

function extensionOf(mimeType: string): string {
  return mimeType === 'image/jpeg' ? 'jpg' : (mimeType.split('/')[1] ?? 'img');
}

/**
 * The HTML that goes to WordPress: sanitized with the library's rules, and every data-URL image uploaded
 * to the site's media library and replaced by its URL, so no image is ever published inline.
 */
export async function preparePostHtml(
  html: string,
  site: Pick<WordPressSite, 'uploadMedia'>,
  baseName: string,
): Promise<string> {
  const clean = sanitizeHtml(html);
  const found = [...clean.matchAll(INLINE_IMAGE)];
  if (found.length === 0) return clean;
  const unique = [...new Set(found.map((match) => match[2] ?? ''))];
  if (unique.length > MAX_INLINE_IMAGES) {
    throw new BadRequestError(
      `The post holds ${unique.length} embedded images; at most ${MAX_INLINE_IMAGES} can be uploaded with one publish.`,
    );
  }
  const uploaded = new Map<string, string>();
  for (const [index, dataUrl] of unique.entries()) {
    const match = /^data:(image\/[a-z]+);base64,(.+)$/i.exec(dataUrl);
    if (!match?.[1] || !match[2]) continue;
    const mimeType = match[1].toLowerCase();
    const media = await site.uploadMedia({
      bytes: Buffer.from(match[2], 'base64'),
      filename: `${baseName}-image-${index + 1}.${extensionOf(mimeType)}`,
      mimeType,
    });
    uploaded.set(dataUrl, media.sourceUrl);
  }
  return clean.replace(
    INLINE_IMAGE,
    (whole, before: string, dataUrl: string, _type, _data, after: string) => {
      const url = uploaded.get(dataUrl);
      return url === undefined ? whole : `${before}${url}${after}`;
    },
  );
}

function slugOf(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug === '' ? 'post' : slug;
}

/** A scheduled post's moment, checked to be in the future; other statuses carry no date. */
export function scheduledDate(
  input: Pick<WordPressPostInput, 'status' | 'date'>,
  now = new Date(),
): Date | undefined {
  if (input.status !== 'future') return undefined;
  const date = input.date === undefined ? Number.NaN : Date.parse(input.date);
  if (Number.isNaN(date) || date < now.getTime() - SCHEDULE_SKEW_MS) {
    throw new BadRequestError(WORDPRESS_MESSAGES.scheduleInFuture, 'validation_failed');
  }
  return new Date(date);
}

async function postFields(input: WordPressPostInput, site: WordPressSite): Promise<PostFields> {
  return {
    title: input.title,
    content: await preparePostHtml(input.content, site, slugOf(input.title)),
    status: input.status,
    categories: input.categories,
    dateGmt: scheduledDate(input),
  };
}

function result(post: SavedPost): WordPressPublishResult {
  return {
    id: post.id,
    link: post.link,
    status: post.status,
    date: post.status === 'future' ? post.dateGmt : null,
  };
}

function details(
  context: PublishingContext,
  content: ContentRecord,
  post: SavedPost,
  title: string,
  approvalOverride: ApprovalOverride | null,
): Record<string, unknown> {
  return {
    client_id: content.clientId,
    client_name: context.clientName,
    content_id: content.contentId,
    title,
    wordpress_id: post.id,
    wordpress_url: post.link,
    wordpress_status: post.status,
    ...overrideDetails(approvalOverride),
  };
}

export async function publishContent(
  context: PublishingContext,
  content: ContentRecord,
  input: WordPressPostInput,
): Promise<WordPressPublishResult & { content: ClientContent }> {
  scheduledDate(input);
  const link = wordpressLinkOf(toClientContent(content).metadata);
  if (link) {
    throw new ConflictError(
      `This content is already published as WordPress post ${link.id}: update that post instead.`,
      'wordpress_already_published',
    );
  }
  const overridden = checkApproval(context, content, input);
  const fields = await postFields(input, context.site);
  assertPublishedFits(content, fields);
  const post = await context.site.createPost(fields);
  const saved = await storePublished(content, post, fields, authorOf(context.caller));
  await recordActivity(context.caller, {
    // A post WordPress holds for later is scheduled, not published.
    action: post.status === 'future' ? 'wordpress_post_scheduled' : 'wordpress_post_published',
    resourceType: 'client_content',
    resourceId: content.contentId,
    details: details(context, content, post, fields.title, overridden),
    userAgent: context.userAgent,
  });
  // A draft or a post WordPress holds for later is not published yet (docs/architecture.md, "Webhooks").
  if (post.status === 'publish') {
    await emitWebhookEvent(context.caller.userId, 'content.published', {
      clientId: content.clientId,
      contentId: content.contentId,
      destination: 'wordpress',
      url: post.link,
      publishedAt: new Date().toISOString(),
    });
  }
  return { ...result(post), content: saved };
}

function requireLinkedTo(content: ContentRecord, postId: number): void {
  const link = wordpressLinkOf(toClientContent(content).metadata);
  if (link?.id !== postId) {
    throw new ConflictError(
      link
        ? `This content is linked to WordPress post ${link.id}, not ${postId}.`
        : 'This content is not published to WordPress.',
      'wordpress_not_linked',
    );
  }
}

export async function updatePublished(
  context: PublishingContext,
  content: ContentRecord,
  postId: number,
  input: WordPressPostInput,
): Promise<WordPressPublishResult & { content: ClientContent }> {
  scheduledDate(input);
  requireLinkedTo(content, postId);
  const overridden = checkApproval(context, content, input);
  const fields = await postFields(input, context.site);
  assertPublishedFits(content, fields);
  const post = await context.site.updatePost(postId, fields);
  const saved = await storePublished(content, post, fields, authorOf(context.caller));
  await recordActivity(context.caller, {
    action: 'wordpress_post_updated',
    resourceType: 'client_content',
    resourceId: content.contentId,
    details: details(context, content, post, fields.title, overridden),
    userAgent: context.userAgent,
  });
  return { ...result(post), content: saved };
}

const authorOf = (caller: Caller) => ({ userId: caller.userId, email: caller.email });

/**
 * The calendar's drag of a scheduled post to another day: WordPress gets the new date
 * and nothing else, the item and the calendar follow, and it is recorded. Scheduling is publishing, so
 * the client's approval rule applies as to any schedule.
 */
export async function reschedulePublished(
  context: PublishingContext,
  content: ContentRecord,
  postId: number,
  input: { readonly date: string; readonly overrideApproval?: boolean | undefined },
): Promise<WordPressPublishResult & { content: ClientContent }> {
  requireLinkedTo(content, postId);
  if (statusOf(content.status) !== 'scheduled') {
    throw new ConflictError(CALENDAR_MESSAGES.notScheduled, 'not_scheduled');
  }
  const date = scheduledDate({ status: 'future', date: input.date });
  if (!date) throw new BadRequestError(WORDPRESS_MESSAGES.scheduleInFuture, 'validation_failed');
  const overridden = checkApproval(context, content, {
    status: 'future',
    overrideApproval: input.overrideApproval,
  });
  const previousDate = content.publishDate ?? null;
  const post = await context.site.reschedulePost(postId, date);
  const saved = await storeRescheduled(content, post);
  await recordActivity(context.caller, {
    action: 'wordpress_post_rescheduled',
    resourceType: 'client_content',
    resourceId: content.contentId,
    details: {
      ...details(context, content, post, content.title, overridden),
      previous_date: previousDate,
      wordpress_date: post.dateGmt,
    },
    userAgent: context.userAgent,
  });
  return { ...result(post), content: saved };
}

/** Moves the post to WordPress's trash and clears the link: the item is unpublished again (001 §4). */
export async function deletePublished(
  context: PublishingContext,
  content: ContentRecord,
  postId: number,
): Promise<{ deleted: boolean; content: ClientContent }> {
  requireLinkedTo(content, postId);
  const deleted = await context.site.deletePost(postId);
  const saved = await clearLink(content);
  await recordActivity(context.caller, {
    action: 'wordpress_post_deleted',
    resourceType: 'client_content',
    resourceId: content.contentId,
    details: {
      client_id: content.clientId,
      client_name: context.clientName,
      content_id: content.contentId,
      title: content.title,
      wordpress_id: postId,
      already_gone: !deleted,
    },
    userAgent: context.userAgent,
  });
  return { deleted, content: saved };
}
