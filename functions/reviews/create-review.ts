import { appOrigin } from '#functions/commons/app-origin';
import { HttpResult } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { sealedIdempotentHandler } from '#functions/idempotency/sealed-idempotent-handler';
import { createReviewSchema } from '#shared/reviews';
import { sendForReview } from './review-service';

/**
 * POST /api/clients/{clientId}/content/{contentId}/reviews `{reviewerName?, reviewerEmail?, message?,
 * expiresInDays?}` → 201 `{reviewId, reviewUrl, expiresAt}`: 'Send for review'
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"). The link's token appears in
 * this reply once and is stored only as its hash.
 */
export const handler = sealedIdempotentHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  body: createReviewSchema,
  handle: async ({ caller, access: { record, content }, body, event, userAgent }) =>
    new HttpResult(
      201,
      await sendForReview(caller, { client: record, userAgent }, content, body, appOrigin(event)),
    ),
});
