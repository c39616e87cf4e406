import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { reviewDecisionSchema } from '#shared/reviews';
import { decide } from './review-service';

/**
 * POST /api/clients/{clientId}/content/{contentId}/decision `{decision, versionId, comment?}`: a
 * colleague approves or requests changes from the app → `{content, comment}`; 409 `stale_version` when
 * `versionId` (the version the panel showed) is no longer the item's.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  body: reviewDecisionSchema,
  handle: async ({ caller, access: { record, content }, body, userAgent }) =>
    decide({ kind: 'staff', caller }, { client: record, userAgent }, content, body),
});
