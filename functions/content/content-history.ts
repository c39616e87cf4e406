import { batchDeleteItems, batchPutItems } from '#functions/data/batch-operations';
import { entities } from '#functions/data/entities';
import {
  type CommentRecord,
  deleteReviewItems,
  listClientReviewItems,
  listItemComments,
  listItemReviews,
  type ReviewRecord,
  restoreReviewItems,
} from '#functions/reviews/review-store';
import { retryUnprocessed } from '#functions/trash/retry-unprocessed';
import { listClientVersions, listItemVersions, type VersionRecord } from './content-versions';

/**
 * What belongs to a library item besides itself
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"): its versions, review links
 * (with their token pointers) and comments. A delete removes them with the item and keeps them in its
 * snapshot; Undo puts them back before the item, so it never shows without its history.
 */

export interface ItemHistory {
  readonly versions: VersionRecord[];
  readonly reviews: ReviewRecord[];
  readonly comments: CommentRecord[];
}

export async function readItemHistory(clientId: string, contentId: string): Promise<ItemHistory> {
  const [versions, reviews, comments] = await Promise.all([
    listItemVersions(clientId, contentId),
    listItemReviews(clientId, contentId),
    listItemComments(clientId, contentId),
  ]);
  return { versions, reviews, comments };
}

/** The history of every item of a client (a client delete). */
export async function readClientHistory(clientId: string): Promise<ItemHistory> {
  const [versions, { reviews, comments }] = await Promise.all([
    listClientVersions(clientId),
    listClientReviewItems(clientId),
  ]);
  return { versions, reviews, comments };
}

const versionKey = (value: { contentId: string; versionId: string }) =>
  `${value.contentId}#${value.versionId}`;
const commentKey = (value: { contentId: string; commentId: string }) =>
  `${value.contentId}#${value.commentId}`;

export async function deleteHistory(history: ItemHistory): Promise<void> {
  const { contentVersion, reviewComment } = entities();
  await Promise.all([
    retryUnprocessed(
      history.versions.map(({ clientId, contentId, versionId }) => ({ clientId, contentId, versionId })),
      (batch) => batchDeleteItems(contentVersion, batch),
      versionKey,
    ),
    retryUnprocessed(
      history.comments.map(({ clientId, contentId, commentId }) => ({ clientId, contentId, commentId })),
      (batch) => batchDeleteItems(reviewComment, batch),
      commentKey,
    ),
    deleteReviewItems(history.reviews),
  ]);
}

export async function restoreHistory(history: ItemHistory): Promise<void> {
  const { contentVersion, reviewComment } = entities();
  await Promise.all([
    retryUnprocessed(history.versions, (batch) => batchPutItems(contentVersion, batch), versionKey),
    retryUnprocessed(history.comments, (batch) => batchPutItems(reviewComment, batch), commentKey),
    restoreReviewItems(history.reviews),
  ]);
}
