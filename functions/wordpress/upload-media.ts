import { recordActivity } from '#functions/activities/activity-log';
import { authorizeClient } from '#functions/clients/client-access';
import { PayloadTooLargeError } from '#functions/commons/errors';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { WORDPRESS_MEDIA_MAX_BYTES, wordpressMediaInputSchema } from '#shared/wordpress';
import { checkedMediaFile } from './media-file';
import { connectWordPress } from './wordpress-connection';

/** POST /api/clients/{clientId}/wordpress/media: an editor image into the site's media library. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  body: wordpressMediaInputSchema,
  handle: async ({ caller, access, body, userAgent }) => {
    const bytes = Buffer.from(body.file, 'base64');
    if (bytes.length > WORDPRESS_MEDIA_MAX_BYTES) {
      throw new PayloadTooLargeError(
        `Images can be at most ${(WORDPRESS_MEDIA_MAX_BYTES / 1_000_000).toFixed(1)} MB; this one is ${(bytes.length / 1_000_000).toFixed(1)} MB.`,
      );
    }
    const file = await checkedMediaFile({ bytes, filename: body.filename, mimeType: body.mimeType });
    const { record, site } = await connectWordPress(access);
    const media = await site.uploadMedia(file);
    await recordActivity(caller, {
      action: 'wordpress_media_uploaded',
      resourceType: 'client',
      resourceId: record.clientId,
      details: {
        client_id: record.clientId,
        client_name: record.name,
        filename: file.filename,
        media_type: body.mimeType,
        bytes: bytes.length,
        wordpress_media_id: media.id,
        source_url: media.sourceUrl,
      },
      userAgent,
    });
    return new HttpResult(201, { id: media.id, source_url: media.sourceUrl });
  },
});
