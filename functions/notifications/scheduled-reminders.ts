import type { ScheduledEvent } from 'aws-lambda';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { REVIEW_REMINDER_LEAD_HOURS } from '#contract/review-reminder-interval';
import { logger } from '#functions/commons/logger';
import { entities } from '#functions/data/entities';
import { findItem, queryAll } from '#functions/data/item-commands';
import { partitionKey, sortKey } from '#functions/data/item-keys';
import type { ReviewRecord } from '#functions/reviews/review-store';
import { sendMail } from './mail-sender';
import { claimMailOnce } from './notification-store';
import { reviewReminderMail } from './review-mails';

/**
 * The review links' expiry reminders (docs/decisions.md, "Notifications": infra/rate-schedule.ts runs it
 * every REVIEW_REMINDER_INTERVAL_MINUTES, and so does the local runtime): each open, undecided link sent to
 * an address and expiring within REVIEW_REMINDER_LEAD_HOURS gets one e-mail to its reviewer. A link made less
 * than that lead before it expires gets none: the e-mail that sent it already says when it ends.
 *
 * Once per link: the mail's claim (a conditional put of its own item) comes before the send, so two runs
 * at once, or a run repeated by EventBridge, send it once. A send that fails after the claim is logged
 * and not tried again (at most once, rather than a reviewer e-mailed twice).
 *
 * The clock is the event's `time` (when EventBridge fired it), so a test injects the moment it checks.
 */

const HOUR_MS = 3_600_000;

/** The month partitions of the byExpiryMonth index (entities.ts) that the window touches. */
function monthsOf(from: Date, to: Date): string[] {
  const months = new Set([from.toISOString().slice(0, 7), to.toISOString().slice(0, 7)]);
  return [...months];
}

/** The reviews whose link expires in (from, to], from the byExpiryMonth index. */
async function expiringReviews(from: Date, to: Date): Promise<ReviewRecord[]> {
  const { table, review } = entities();
  const bound = (at: Date, reviewId: string) =>
    sortKey('review', [
      ['validUntil', at.toISOString()],
      ['reviewId', reviewId],
    ]);
  const found = await Promise.all(
    monthsOf(from, to).map((month) =>
      queryAll(
        review,
        table
          .build(QueryCommand)
          .entities(review)
          .query({
            index: 'gsi1',
            partition: partitionKey([['reviewMonth', month]]),
            // After `from` (past every id at that moment) and up to `to`.
            range: { between: [bound(from, '~'), bound(to, '~')] },
          })
          .params(),
      ),
    ),
  );
  return found.flat();
}

export function needsReminder(review: ReviewRecord, now: Date): boolean {
  if (!review.reviewerEmail || review.revokedAt || review.decision) return false;
  const expires = Date.parse(review.validUntil);
  const lead = REVIEW_REMINDER_LEAD_HOURS * HOUR_MS;
  return (
    expires > now.getTime() &&
    expires - now.getTime() <= lead &&
    expires - Date.parse(review.createdAt) > lead
  );
}

/** The moment the schedule fired, or now. */
function clockOf(event: Partial<Pick<ScheduledEvent, 'time'>> | undefined): Date {
  const time = event?.time ? Date.parse(event.time) : Number.NaN;
  return Number.isNaN(time) ? new Date() : new Date(time);
}

export const handler = async (
  event?: Partial<Pick<ScheduledEvent, 'time'>>,
): Promise<{ reminded: number; failed: number }> => {
  const now = clockOf(event);
  const until = new Date(now.getTime() + REVIEW_REMINDER_LEAD_HOURS * HOUR_MS);
  const counts = { reminded: 0, failed: 0 };
  const { client, content } = entities();
  for (const review of await expiringReviews(now, until)) {
    if (!needsReminder(review, now) || !review.reviewerEmail) continue;
    try {
      const keepUntil = new Date(Date.parse(review.validUntil) + REVIEW_REMINDER_LEAD_HOURS * HOUR_MS);
      if (!(await claimMailOnce(`reminder#${review.reviewId}`, keepUntil, now))) continue;
      const [item, owner] = await Promise.all([
        findItem(content, { clientId: review.clientId, contentId: review.contentId }),
        findItem(client, { clientId: review.clientId }),
      ]);
      if (!item || !owner) continue;
      const sent = await sendMail(
        reviewReminderMail({
          to: review.reviewerEmail,
          item: { title: item.title, clientName: owner.name },
          expiresAt: review.validUntil,
        }),
      );
      if (sent) counts.reminded += 1;
      else counts.failed += 1;
    } catch (error) {
      counts.failed += 1;
      logger.error('Could not send a review reminder', { reviewId: review.reviewId, error });
    }
  }
  return counts;
};
