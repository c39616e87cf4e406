import { REVIEW_PAGE_PATH } from '#shared/review-page';

/**
 * The path a log line shows: a review link's token is a credential
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"), never written to the logs,
 * so the review page's path and the public review routes show `{token}` in its place.
 */
const WITH_TOKEN = new RegExp(`^(/api/reviews/|${REVIEW_PAGE_PATH}/)[^/]+`, 'u');

export function loggedPath(pathname: string): string {
  return pathname.replace(WITH_TOKEN, '$1{token}');
}
