import { httpHandler } from '#functions/commons/http-handler';
import { publicationAccess, publicationKey, publishingCall } from './publication-call';
import { retryPublication } from './publication-service';

/** POST …/publications/{publicationId}/retry: a failed post is sent again now. */
export const handler = httpHandler({
  access: publicationAccess,
  handle: (request) =>
    retryPublication(
      publishingCall(request),
      request.access.content,
      publicationKey(request.access, request.params),
    ),
});
