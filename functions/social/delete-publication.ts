import { httpHandler } from '#functions/commons/http-handler';
import { publicationAccess, publicationKey, publishingCall } from './publication-call';
import { deletePublication } from './publication-service';

/**
 * DELETE …/publications/{publicationId}: cancels a scheduled post, removes a published one from the
 * platform where it allows that, discards a failed one.
 */
export const handler = httpHandler({
  access: publicationAccess,
  handle: (request) =>
    deletePublication(
      publishingCall(request),
      request.access.content,
      publicationKey(request.access, request.params),
    ),
});
