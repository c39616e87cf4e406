import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { PublicReview } from '#shared/reviews';
import { ApiError } from '@/lib/api-client';
import { readSeen, type SeenVersion, writeSeen } from './last-seen';
import { reviewChanges } from './review-changes';
import { readReview } from './review-page-api';

/**
 * How often an open page asks whether anything changed (docs/decisions.md, "live review page"): a
 * conditional GET, 304 while nothing did; 6 a minute of the link's 60.
 */
export const REVIEW_POLL_MS = 10_000;

/** The review page's query and its key (docs/architecture.md, "The frontend's data layer"). */
export const reviewKeys = {
  all: ['review'] as const,
  link: (token: string) => [...reviewKeys.all, token] as const,
};

/** The review as shown, and what the read that brought it found new (for the page to take up once). */
export interface ShownReview {
  readonly review: PublicReview;
  readonly etag: string | null;
  /** The version the reviewer looked at before this one, when they have not seen this one yet. */
  readonly since: SeenVersion | null;
  /** Others' changes the read found, said politely. */
  readonly said: string | null;
}

export const seenOf = (review: PublicReview): SeenVersion => ({
  versionId: review.versionId,
  title: review.title,
  text: review.text,
  versionCreatedAt: review.versionCreatedAt,
});

/** The link is gone (revoked, expired): nothing more is asked. */
export const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The link's review, asked again every REVIEW_POLL_MS while the page is in view and when it comes
 * back into view, conditionally on the ETag of what is shown (a 304 keeps it). A poll that fails for a
 * moment keeps the page as it is (the query keeps its data). Nothing is kept once the page closes
 * (gcTime 0): opened again, it compares with the version last seen in this browser.
 */
export const reviewQuery = (queryClient: QueryClient, token: string, own: ReadonlySet<string>) =>
  queryOptions({
    queryKey: reviewKeys.link(token),
    queryFn: async ({ signal }): Promise<ShownReview> => {
      const previous = queryClient.getQueryData<ShownReview>(reviewKeys.link(token));
      const read = await readReview(token, previous?.etag ?? null, signal);
      if (read.kind === 'unchanged' && previous) return previous;
      if (read.kind === 'unchanged') throw new ApiError(304, 'NOT_MODIFIED', 'Nothing was read.');
      const { review, etag } = read;
      let since: SeenVersion | null = null;
      let said: string | null = null;
      if (previous) {
        const change = reviewChanges(previous.review, review, own);
        if (change.newVersion) since = seenOf(previous.review);
        if (change.said.length > 0) said = change.said.join(' ');
      } else {
        const seen = await readSeen(token);
        if (seen && seen.versionId !== review.versionId) since = seen;
      }
      void writeSeen(token, seenOf(review));
      return { review, etag, since, said };
    },
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data !== undefined && !isGone(query.state.error) ? REVIEW_POLL_MS : false,
    refetchOnWindowFocus: (query) => query.state.data !== undefined && !isGone(query.state.error),
  });
