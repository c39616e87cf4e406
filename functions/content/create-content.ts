import { recordActivity } from '#functions/activities/activity-log';
import { authorizeClient } from '#functions/clients/client-access';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { keepSavedMedia } from '#functions/media/saved-media';
import { createContentSchema } from '#shared/content';
import { createContent } from './content-saves';

/**
 * POST /api/clients/{clientId}/content: the tools' saves; recorded as `client_content_save`. The
 * caller's media the item names (an image or a podcast saved after its job) is kept as long as the item
 * (functions/media/saved-media.ts), tagged before the item is written.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  body: createContentSchema,
  handle: async ({ caller, access: { record }, body, userAgent }) => {
    await keepSavedMedia(caller, body);
    const saved = await createContent({
      ...body,
      clientId: record.clientId,
      createdBy: caller.userId,
      createdByEmail: caller.email,
    });
    await recordActivity(caller, {
      action: 'client_content_save',
      resourceType: 'client_content',
      resourceId: saved.id,
      details: {
        client_id: record.clientId,
        client_name: record.name,
        content_type: saved.content_type,
        title: saved.title,
      },
      userAgent,
    });
    return new HttpResult(201, saved);
  },
});
