import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as createPost } from './create-post';
import { handler as deletePost } from './delete-post';
import { handler as getPost } from './get-post';
import { handler as listCategories } from './list-categories';
import { handler as listPosts } from './list-posts';
import { handler as testConnection } from './test-connection';
import { handler as updatePost } from './update-post';
import { handler as uploadMedia } from './upload-media';

/** The WordPress function: publishing to a client's site, /api/clients/{clientId}/wordpress/… (infra/routes.ts). */
export const handler = dispatchRoutes('WordPress', {
  ListWordPressPosts: listPosts,
  GetWordPressPost: getPost,
  CreateWordPressPost: createPost,
  UpdateWordPressPost: updatePost,
  DeleteWordPressPost: deletePost,
  ListWordPressCategories: listCategories,
  UploadWordPressMedia: uploadMedia,
  TestWordPressConnection: testConnection,
});
