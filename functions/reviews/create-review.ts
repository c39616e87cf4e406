import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import type { HttpEvent } from '#functions/commons/http-wrap';
import { authorizeContent } from '#functions/content/authorize-content';
import { createReviewSchema } from '#shared/reviews';
import { sendForReview } from './review-service';

/**
 * The app's origin, for the link: the browser's Origin header (the app calls the API same-origin through
 * CloudFront, and locally through the gateway), else the host the request reached.
 */
export function appOrigin(event: HttpEvent): string {
  const origin = event.headers?.origin;
  if (origin && /^https?:\/\/[^/\s]+$/u.test(origin)) return origin;
  const proto = event.headers?.['x-forwarded-proto'] ?? 'https';
  return `${proto}://${event.headers?.host ?? event.requestContext.domainName}`;
}

/**
 * POST /api/clients/{clientId}/content/{contentId}/reviews `{reviewerName?, reviewerEmail?, message?,
 * expiresInDays?}` → 201 `{reviewId, reviewUrl, expiresAt}`: 'Send for review'
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"). The link's token appears in
 * this reply once and is stored only as its hash.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  body: createReviewSchema,
  handle: async ({ caller, access: { record, content }, body, event, userAgent }) =>
    new HttpResult(
      201,
      await sendForReview(caller, { client: record, userAgent }, content, body, appOrigin(event)),
    ),
});
