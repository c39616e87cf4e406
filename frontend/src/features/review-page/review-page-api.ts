import type {
  PublicReview,
  PublicReviewComment,
  ReviewCommentInput,
  ReviewDecisionInput,
} from '#shared/reviews';
import { publicApi } from '@/lib/api-client';

/** A review link's public calls (issue 33 item 6): no credentials, the token in the path. */

const reviewPath = (token: string) => `/api/reviews/${encodeURIComponent(token)}`;

export const fetchReview = (token: string, signal?: AbortSignal) =>
  publicApi.get<PublicReview>(reviewPath(token), signal ? { signal } : {});

export const postComment = (token: string, input: ReviewCommentInput) =>
  publicApi.post<PublicReviewComment>(`${reviewPath(token)}/comments`, input);

export const postDecision = (token: string, input: ReviewDecisionInput) =>
  publicApi.post<{ status: string; comment: PublicReviewComment }>(`${reviewPath(token)}/decision`, input);
