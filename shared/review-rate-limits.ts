/**
 * The public review routes' budgets (functions/reviews/review-rate-limit.ts counts them; the public API
 * document states them). A module of its own: the statement links count against them too.
 */
export interface ReviewRateLimits {
  /** Requests per window with one token: a reviewer reading, commenting and deciding uses a handful. */
  readonly perToken: number;
  /** Requests per window from one address: an office of reviewers behind one address fits. */
  readonly perAddress: number;
  readonly windowSeconds: number;
}

export const REVIEW_RATE_LIMITS: ReviewRateLimits = { perToken: 60, perAddress: 120, windowSeconds: 60 };
