import { ulid } from 'ulid';
import { listGrants } from '#functions/access/access-store';
import { listItemComments, listItemReviews, type ReviewRecord } from '#functions/reviews/review-store';
import { emitWebhookEvent } from '#functions/webhooks/emit-webhook-event';
import { notifyUser } from '#functions/websocket/notifier';
import { NOTIFICATION_EVENT, NOTIFICATION_TITLES, type NotificationKind } from '#shared/notifications';
import { sendMail } from './mail-sender';
import {
  findNotificationSettings,
  type NotificationRecord,
  putNotification,
  toNotification,
  unreadCount,
} from './notification-store';
import { decisionMail, newVersionMail, type ReviewMailItem, reviewLinkMail } from './review-mails';
import type { NoticeContext, ReviewNotice } from './review-notice';

/**
 * The delivery of the review loop's notices (notify-review-event.ts loads it on the first event):
 * - A client's comment, request for changes or approval (through the review link): a notification, pushed
 *   live, to each staff user who owns the item (created it) or follows it (sent a review link or
 *   commented on it) and still sees the client; the decisions also by e-mail to those with e-mail on;
 *   and to their webhook endpoints.
 * - A link sent to an address: the link by e-mail to the reviewer.
 * - A new version moved onto the open links: a note by e-mail to each of their reviewers.
 */

const reviewerOf = (review: ReviewRecord) => review.reviewerName ?? review.reviewerEmail ?? 'The reviewer';

interface Recipient {
  readonly userId: string;
  /** The address the user signed in with, as recorded or as an earlier step of the loop saw it. */
  readonly email: string | undefined;
  readonly emailOn: boolean;
}

/**
 * The item's owner and followers who may still see the client: its creator, a grantee (by address), or
 * an admin (as the user's recorded role says). Someone whose access was taken away hears nothing more.
 */
export async function recipientsOf(context: NoticeContext): Promise<Recipient[]> {
  const { content, client } = context;
  const [reviews, comments, grants] = await Promise.all([
    listItemReviews(content.clientId, content.contentId),
    listItemComments(content.clientId, content.contentId),
    listGrants(client.clientId).catch(() => []),
  ]);
  const known = new Map<string, string | undefined>();
  const add = (userId: string | undefined, email?: string) => {
    if (!userId) return;
    if (!known.has(userId) || (email && !known.get(userId))) known.set(userId, email?.toLowerCase());
  };
  add(content.createdBy);
  for (const review of reviews) add(review.createdBy, review.createdByEmail);
  // A colleague's comment is authored under the e-mail the colleague signed in with.
  for (const comment of comments)
    if (comment.authorKind === 'staff') add(comment.authorUserId, comment.authorName);
  const granted = new Set(grants.map((grant) => grant.userEmail.toLowerCase()));
  const recipients = await Promise.all(
    [...known].map(async ([userId, seenEmail]): Promise<Recipient | null> => {
      const settings = await findNotificationSettings(userId);
      const email = settings?.email ?? seenEmail;
      const sees =
        userId === client.createdBy ||
        settings?.isAdmin === true ||
        (email !== undefined && granted.has(email));
      return sees ? { userId, email, emailOn: settings?.emailNotifications ?? true } : null;
    }),
  );
  return recipients.filter((recipient): recipient is Recipient => recipient !== null);
}

/** The recipient's webhook endpoints hear of it too (docs/architecture.md, "Webhooks"). */
function emitReviewEvent(
  userId: string,
  context: NoticeContext,
  notice: Extract<ReviewNotice, { kind: NotificationKind }>,
  who: string,
): Promise<void> {
  const item = {
    clientId: context.content.clientId,
    contentId: context.content.contentId,
    title: context.content.title,
  };
  return notice.kind === 'commented'
    ? emitWebhookEvent(userId, 'review.commented', { ...item, author: who, comment: notice.comment })
    : emitWebhookEvent(userId, 'review.decided', {
        ...item,
        reviewer: who,
        decision: notice.kind,
        comment: notice.comment,
      });
}

async function notifyStaff(
  context: NoticeContext,
  notice: Extract<ReviewNotice, { kind: NotificationKind }>,
  review: ReviewRecord,
  now: Date,
): Promise<void> {
  const item: ReviewMailItem = { title: context.content.title, clientName: context.client.name };
  const who = reviewerOf(review);
  const title = NOTIFICATION_TITLES[notice.kind](who, context.content.title);
  const recipients = await recipientsOf(context);
  await Promise.all(
    recipients.map(async (recipient) => {
      const record: Omit<NotificationRecord, 'expiresAt'> = {
        userId: recipient.userId,
        notificationId: ulid(now.getTime()),
        kind: notice.kind,
        title,
        clientId: context.content.clientId,
        contentId: context.content.contentId,
        createdAt: now.toISOString(),
        read: false,
      };
      await putNotification(record, now);
      await emitReviewEvent(recipient.userId, context, notice, who);
      await notifyUser(recipient.userId, {
        type: NOTIFICATION_EVENT,
        notification: toNotification(record),
        unread: await unreadCount(recipient.userId),
      });
      if (notice.kind !== 'commented' && recipient.emailOn && recipient.email) {
        await sendMail(
          decisionMail({
            to: recipient.email,
            item,
            reviewer: who,
            decision: notice.kind,
            comment: notice.comment,
          }),
        );
      }
    }),
  );
}

export async function deliverReviewNotice(
  context: NoticeContext,
  notice: ReviewNotice,
  now: Date,
): Promise<void> {
  const item: ReviewMailItem = { title: context.content.title, clientName: context.client.name };
  if (notice.kind === 'link_sent') {
    const { review } = notice;
    if (!review.reviewerEmail) return;
    await sendMail(
      reviewLinkMail({
        to: review.reviewerEmail,
        item,
        sender: review.createdByEmail,
        reviewUrl: notice.reviewUrl,
        expiresAt: review.validUntil,
        message: review.message,
      }),
    );
    return;
  }
  if (notice.kind === 'new_version') {
    const addresses = new Set(notice.reviews.flatMap((review) => review.reviewerEmail ?? []));
    await Promise.all([...addresses].map((to) => sendMail(newVersionMail({ to, item }))));
    return;
  }
  if (notice.actor.kind === 'reviewer') await notifyStaff(context, notice, notice.actor.review, now);
}
