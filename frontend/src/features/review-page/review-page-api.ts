import type {
  PublicReview,
  PublicReviewComment,
  ReviewCommentInput,
  ReviewDecisionInput,
} from '#shared/reviews';
import { ApiError, publicApi } from '@/lib/api-client';
import { getRuntimeConfig } from '@/lib/config';

/** A review link's public calls: no credentials, the token in the path. */

const reviewPath = (token: string) => `/api/reviews/${encodeURIComponent(token)}`;

/** What a read of the link found: the review and its ETag, or nothing new since the ETag sent. */
export type ReviewRead =
  | { kind: 'changed'; review: PublicReview; etag: string | null }
  | { kind: 'unchanged' };

/**
 * GET /api/reviews/{token}, conditional on the ETag of what the page shows (the page's poll):
 * 304 while nothing changed. A fetch of its own, since the app's client answers bodies only and
 * the poll needs the reply's ETag and its 304.
 */
export async function readReview(
  token: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<ReviewRead> {
  let response: Response;
  try {
    response = await fetch(`${getRuntimeConfig().apiUrl}${reviewPath(token)}`, {
      headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) },
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Check your connection.');
  }
  if (response.status === 304) return { kind: 'unchanged' };
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || body === null) {
    const error =
      typeof body === 'object' && body !== null && 'error' in body
        ? (body.error as { code?: unknown })
        : null;
    const code = typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`;
    throw new ApiError(response.status, code, `The request failed (HTTP ${response.status}).`);
  }
  return { kind: 'changed', review: body as PublicReview, etag: response.headers.get('etag') };
}

export const postComment = (token: string, input: ReviewCommentInput) =>
  publicApi.post<PublicReviewComment>(`${reviewPath(token)}/comments`, input);

export const postDecision = (token: string, input: ReviewDecisionInput) =>
  publicApi.post<{ status: string; comment: PublicReviewComment }>(`${reviewPath(token)}/decision`, input);
