import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as getMedia } from './get-media';
import { handler as signMedia } from './sign-media';

/** The Media function: signing media links and following them (infra/routes.ts). */
export const handler = dispatchRoutes('Media', { SignMedia: signMedia, GetMedia: getMedia });
