import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as createUpload } from './create-upload';
import { handler as signMedia } from './sign-media';

/**
 * The SignMedia function (contract/routes.ts): what a caller is handed to reach the media bucket without
 * credentials of its own, signed links to read (POST /api/media/sign) and presigned POSTs to upload
 * (POST /api/media/uploads).
 */
export const handler = dispatchRoutes('SignMedia', {
  SignMedia: signMedia,
  CreateMediaUpload: createUpload,
});
