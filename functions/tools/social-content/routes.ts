import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as generateSocialContent } from './handler';
import { handler as generateSocialImage } from './image-handler';

/** The SocialContent function: the Social Media Creator's posts and image (contract/routes.ts). */
export const handler = dispatchRoutes('SocialContent', {
  GenerateSocialContent: generateSocialContent,
  GenerateSocialImage: generateSocialImage,
});
