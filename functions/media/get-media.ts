import { BadRequestError, NotFoundError, UnauthorizedError } from '#functions/commons/errors';
import { HttpResult } from '#functions/commons/http-wrap';
import { publicHttpHandler } from '#functions/commons/public-http-handler';
import { isMediaLocation } from '#shared/media';
import { DOWNLOAD_NAME, presignedMediaUrl } from './media-store';
import { verifyMediaToken } from './media-url-token';

/**
 * GET /api/media/{userId}/{jobId}/{fileName}?token=...: the token (from POST /api/media/sign, which
 * checked access) is the credential, so `<img>` and `<audio>` can use the URL. The answer is a redirect
 * to a presigned S3 URL of a few minutes: the bytes never pass through the Lambda. `download={name}`
 * makes S3 answer as an attachment, so a plain link downloads the file under that name.
 */
export const handler = publicHttpHandler({
  handle: async ({ params, query }) => {
    const location = {
      userId: params.userId ?? '',
      jobId: params.jobId ?? '',
      fileName: params.fileName ?? '',
    };
    if (!isMediaLocation(location)) throw new NotFoundError('Media not found');
    const token = query.token;
    if (!token)
      throw new UnauthorizedError('This media link needs a signed token; ask POST /api/media/sign.');
    const verdict = await verifyMediaToken(location, token);
    if (verdict === 'expired') throw new UnauthorizedError('This media link has expired; sign it again.');
    if (verdict !== 'valid') throw new UnauthorizedError('This media link is not valid.');
    const download = query.download;
    if (download !== undefined && !DOWNLOAD_NAME.test(download)) {
      throw new BadRequestError('The download name may hold letters, digits, dots, hyphens and underscores.');
    }
    return new HttpResult(302, undefined, {
      location: await presignedMediaUrl(location, download),
      'cache-control': 'private, no-store',
    });
  },
});
