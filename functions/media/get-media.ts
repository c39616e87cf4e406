import { BadRequestError, NotFoundError, UnauthorizedError } from '#functions/commons/errors';
import { credentialsOrLinkHandler } from '#functions/commons/http-handler';
import { HttpResult } from '#functions/commons/http-wrap';
import { isMediaLocation, type MediaLocation } from '#shared/media';
import type { MediaDownload } from '#shared/public-api-schemas';
import { requireMediaAccess } from './media-access';
import { DOWNLOAD_NAME, PRESIGNED_URL_SECONDS, presignedMediaUrl } from './media-store';
import { verifyMediaToken } from './media-url-token';

/**
 * GET /api/media/{userId}/{jobId}/{fileName}: a media file of a result. Two ways in:
 * the caller's own credentials (an API key or a sign-in token, checked like POST /api/media/sign
 * checks them, with `clientId` for a file of a client's library), or a `token` from that sign route,
 * which stands in for credentials so `<img>` and `<audio>` can use the URL. The answer is a redirect
 * to a presigned S3 URL of a few minutes (the bytes never pass through the Lambda), or, to a caller
 * who asks for JSON, that URL and when it expires. `download={name}` makes S3 answer as an attachment.
 */

async function allowed(
  location: MediaLocation,
  query: Readonly<Record<string, string | undefined>>,
  caller: Parameters<typeof requireMediaAccess>[0] | null,
  refusal: UnauthorizedError | null,
): Promise<void> {
  if (query.token !== undefined) {
    const verdict = await verifyMediaToken(location, query.token);
    if (verdict === 'valid') return;
    if (!caller) {
      const message =
        verdict === 'expired'
          ? 'This media link has expired; sign it again.'
          : 'This media link is not valid.';
      throw new UnauthorizedError(message, true);
    }
  }
  if (!caller)
    throw refusal ?? new UnauthorizedError('Send your API key, or a token from POST /api/media/sign.');
  await requireMediaAccess(caller, location, query.clientId);
}

export const handler = credentialsOrLinkHandler({
  handle: async ({ params, query, caller, refusal, event }) => {
    const location = {
      userId: params.userId ?? '',
      jobId: params.jobId ?? '',
      fileName: params.fileName ?? '',
    };
    // Credentials (or a link) first: without either, nothing about the path is answered.
    if (!caller && query.token === undefined) {
      throw refusal ?? new UnauthorizedError('Send your API key, or a token from POST /api/media/sign.');
    }
    if (!isMediaLocation(location)) throw new NotFoundError('Media not found');
    await allowed(location, query, caller, refusal);
    const download = query.download;
    if (download !== undefined && !DOWNLOAD_NAME.test(download)) {
      throw new BadRequestError('The download name may hold letters, digits, dots, hyphens and underscores.');
    }
    const url = await presignedMediaUrl(location, download);
    if (/application\/json/i.test(event.headers?.accept ?? '')) {
      const reply: MediaDownload = {
        url,
        expiresAt: new Date(Date.now() + PRESIGNED_URL_SECONDS * 1000).toISOString(),
      };
      return new HttpResult(200, reply, { 'cache-control': 'private, no-store' });
    }
    return new HttpResult(302, undefined, { location: url, 'cache-control': 'private, no-store' });
  },
});
