import { logger } from '#functions/commons/logger';
import type { NoticeContext, ReviewNotice } from './review-notice';

/**
 * What the review loop tells people (docs/decisions.md, "Notifications"). The review
 * service makes one call per event. The delivery (the audience, the store, the push, SES) loads on the
 * first event, so the functions that reach the review service without sending (a statement link, a save
 * outside a review) do not carry it at their cold start. Best effort: a notice that cannot be written,
 * pushed or e-mailed never fails the comment or decision that caused it.
 */

export async function notifyReviewEvent(
  context: NoticeContext,
  notice: ReviewNotice,
  now = new Date(),
): Promise<void> {
  try {
    const { deliverReviewNotice } = await import('./review-notice-delivery');
    await deliverReviewNotice(context, notice, now);
  } catch (error) {
    logger.warn('Could not notify of a review event', {
      kind: notice.kind,
      contentId: context.content.contentId,
      error,
    });
  }
}
