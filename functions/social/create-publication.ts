import { HttpResult } from '#functions/commons/http-handler';
import { idempotentHandler } from '#functions/idempotency/idempotent-handler';
import { publicationRequestSchema } from '#shared/channels';
import { publicationAccess, publishingCall } from './publication-call';
import { createPublication } from './publication-service';

/**
 * POST /api/clients/{clientId}/content/{contentId}/publications `{connectionId, text?, imageUrl?,
 * scheduledAt?, gbp?, overrideApproval?}` → 201 `{publicationId, status, …}`: publish now (sent within the
 * request) or at `scheduledAt`.
 */
export const handler = idempotentHandler({
  access: publicationAccess,
  body: publicationRequestSchema,
  handle: async (request) =>
    new HttpResult(
      201,
      await createPublication(publishingCall(request), request.access.content, request.body),
    ),
});
