import type { ClientRecord } from '#functions/clients/client-record';
import { logger } from '#functions/commons/logger';
import type { ContentRecord } from '#functions/content/content-record';
import type { ReviewActor } from '#functions/reviews/review-service';
import type { ReviewRecord } from '#functions/reviews/review-store';
import type { NotificationKind } from '#shared/notifications';

/**
 * What the review loop tells people (issue 42 item 4; docs/decisions.md, "Notifications"). The review
 * service makes one call per event. The delivery (the audience, the store, the push, SES) loads on the
 * first event, so the functions that reach the review service without sending (a statement link, a save
 * outside a review) do not carry it at their cold start. Best effort: a notice that cannot be written,
 * pushed or e-mailed never fails the comment or decision that caused it.
 */

export type ReviewNotice =
  | { readonly kind: 'link_sent'; readonly review: ReviewRecord; readonly reviewUrl: string }
  | {
      readonly kind: NotificationKind;
      /** A colleague's comment or decision in the app notifies nobody: only a client's, through a link. */
      readonly actor: ReviewActor;
      readonly comment: string;
    }
  | { readonly kind: 'new_version'; readonly reviews: readonly ReviewRecord[] };

export interface NoticeContext {
  readonly client: Pick<ClientRecord, 'clientId' | 'name' | 'createdBy'>;
  readonly content: Pick<ContentRecord, 'clientId' | 'contentId' | 'title' | 'createdBy'>;
}

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
