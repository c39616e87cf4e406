import { httpHandler } from '#functions/commons/http-handler';
import { publicationRescheduleSchema } from '#shared/channels';
import { publicationAccess, publicationKey, publishingCall } from './publication-call';
import { reschedulePublication } from './publication-service';

/** POST …/publications/{publicationId}/reschedule `{scheduledAt, overrideApproval?}`: the calendar's drag. */
export const handler = httpHandler({
  access: publicationAccess,
  body: publicationRescheduleSchema,
  handle: (request) =>
    reschedulePublication(
      publishingCall(request),
      request.access.content,
      publicationKey(request.access, request.params),
      request.body,
    ),
});
