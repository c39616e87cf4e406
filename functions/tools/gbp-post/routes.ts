import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as generateGbpPost } from './handler';
import { handler as generateGbpImage } from './image-handler';

/** The GbpPost function: the GBP Post Creator's post and image (contract/routes.ts). */
export const handler = dispatchRoutes('GbpPost', {
  GenerateGbpPost: generateGbpPost,
  GenerateGbpImage: generateGbpImage,
});
