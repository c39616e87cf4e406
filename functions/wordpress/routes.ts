import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as createPost } from './create-post';
import { handler as deletePost } from './delete-post';
import { handler as getPost } from './get-post';
import { handler as listCategories } from './list-categories';
import { handler as listPosts } from './list-posts';
import { handler as reschedulePost } from './reschedule-post';
import { handler as testConnection } from './test-connection';
import { handler as updatePost } from './update-post';

/**
 * The WordPress function: a client's posts, categories and connection test under
 * /api/clients/{clientId}/wordpress (contract/routes.ts); uploads have a function of their own.
 */
export const handler = dispatchRoutes('WordPress', {
  ListWordPressPosts: listPosts,
  GetWordPressPost: getPost,
  CreateWordPressPost: createPost,
  UpdateWordPressPost: updatePost,
  DeleteWordPressPost: deletePost,
  RescheduleWordPressPost: reschedulePost,
  ListWordPressCategories: listCategories,
  TestWordPressConnection: testConnection,
});
