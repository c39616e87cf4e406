import type { ApprovalOverrideInput, ContentApprovalState } from '#shared/approval-schemas';
import type { ApprovalStep } from '#shared/approvals';
import type { ClientContent } from '#shared/content';
import type {
  CreatedReview,
  CreateReviewInput,
  ReviewComment,
  ReviewCommentInput,
  ReviewDecisionInput,
  ReviewPanel,
} from '#shared/reviews';
import { api } from '@/lib/api-client';

/** An item's review links, comments and decisions from the app (functions/reviews). */

const itemPath = (item: Pick<ClientContent, 'client_id' | 'id'>) =>
  `/api/clients/${encodeURIComponent(item.client_id)}/content/${encodeURIComponent(item.id)}`;

export const sendForReview = (item: ClientContent, input: CreateReviewInput) =>
  api.post<CreatedReview>(`${itemPath(item)}/reviews`, input);

export const fetchReviewPanel = (item: ClientContent, signal?: AbortSignal) =>
  api.get<ReviewPanel>(`${itemPath(item)}/reviews`, signal ? { signal } : {});

export const revokeReview = (item: ClientContent, reviewId: string) =>
  api.delete<ClientContent>(`${itemPath(item)}/reviews/${encodeURIComponent(reviewId)}`);

export const commentOnItem = (item: ClientContent, input: ReviewCommentInput) =>
  api.post<ReviewComment>(`${itemPath(item)}/comments`, input);

export const decideOnItem = (item: ClientContent, input: ReviewDecisionInput) =>
  api.post<{ content: ClientContent; comment: ReviewComment }>(`${itemPath(item)}/decision`, input);

/** An administrator's override of a step (functions/approvals/override-approval.ts): the item's state. */
export const overrideApprovalStep = (item: Pick<ClientContent, 'client_id' | 'id'>, step: ApprovalStep) =>
  api.post<ContentApprovalState>(`${itemPath(item)}/approvals/override`, {
    step,
  } satisfies ApprovalOverrideInput);
