/**
 * The SPA route of a review link
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"): `/review/<token>`. Apart
 * from shared/reviews.ts, which carries zod, so the app's page titles (in every first load) can name the
 * page.
 */
export const REVIEW_PAGE_PATH = '/review';
