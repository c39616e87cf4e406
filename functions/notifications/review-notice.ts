import type { ClientRecord } from '#functions/clients/client-record';
import type { ContentRecord } from '#functions/content/content-record';
import type { ReviewActor } from '#functions/reviews/review-actor';
import type { ReviewRecord } from '#functions/reviews/review-store';
import type { NotificationKind } from '#shared/notifications';

/**
 * What a review event tells (notify-review-event.ts) and its delivery sends (review-notice-delivery.ts),
 * apart from both so the delivery, loaded on the first event, and its caller do not import each other.
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
