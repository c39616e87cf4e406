import { NotFoundError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { parseMediaPath, signedMediaPath } from '#shared/media';
import { type SignMediaResponse, signMediaRequestSchema } from '#shared/media-sign';
import { MEDIA_NOT_FOUND, requireMediaAccess } from './media-access';
import { signMediaToken } from './media-url-token';

/** POST /api/media/sign {urls, clientId?} → {urls: [{url, signedUrl, expiresAt}]}, after an access check. */
export const handler = httpHandler({
  body: signMediaRequestSchema,
  handle: async ({ body, caller }): Promise<SignMediaResponse> => {
    const urls = [];
    for (const url of body.urls) {
      const location = parseMediaPath(url);
      if (!location) throw new NotFoundError(MEDIA_NOT_FOUND);
      await requireMediaAccess(caller, location, body.clientId);
      const { token, expiresAt } = await signMediaToken(location);
      urls.push({ url, signedUrl: signedMediaPath(location, token), expiresAt: expiresAt.toISOString() });
    }
    return { urls };
  },
});
