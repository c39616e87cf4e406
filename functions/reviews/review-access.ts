import { isResourceId } from '#functions/clients/resource-id';
import type { Caller } from '#functions/commons/caller';
import { NotFoundError } from '#functions/commons/errors';
import { authorizeContent } from '#functions/content/authorize-content';
import { findReview, type ReviewRecord } from './review-store';

export const REVIEW_NOT_FOUND = 'Review not found';

/** A review link of an item the caller may see, looked up under that item only; 404 like a missing one. */
export async function authorizeReview(caller: Caller, params: Readonly<Record<string, string>>) {
  const authorized = await authorizeContent(caller, params.clientId ?? '', params.contentId ?? '');
  const reviewId = params.reviewId ?? '';
  const review: ReviewRecord | null = isResourceId(reviewId)
    ? await findReview(authorized.content.clientId, authorized.content.contentId, reviewId)
    : null;
  if (!review) throw new NotFoundError(REVIEW_NOT_FOUND);
  return { ...authorized, review };
}
