import type { Caller } from '#functions/commons/caller';
import type { ReviewRecord } from './review-store';

/** Who acted: a colleague in the app, or the reviewer holding a link. */
export type ReviewActor =
  | { readonly kind: 'staff'; readonly caller: Caller }
  | { readonly kind: 'reviewer'; readonly review: ReviewRecord };
