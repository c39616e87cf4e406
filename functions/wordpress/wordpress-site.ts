import { HttpError } from '#functions/commons/errors';
import type {
  WordPressCategory,
  WordPressConnection,
  WordPressLivePost,
  WordPressPostStatus,
  WordPressPostsPage,
} from '#shared/wordpress';

/**
 * The port to one client's WordPress site. The REST adapter (wordpress-rest-site.ts) implements it; the
 * publishing service and the handlers depend only on this.
 */

export interface PostFields {
  readonly title: string;
  /** Sanitized HTML. */
  readonly content: string;
  readonly status: WordPressPostStatus;
  readonly categories?: readonly number[];
  /** UTC moment of a scheduled post. */
  readonly dateGmt?: Date;
}

export interface SavedPost {
  readonly id: number;
  readonly link: string;
  readonly status: string;
  /** ISO date in UTC. */
  readonly dateGmt: string | null;
}

export interface MediaFile {
  readonly bytes: Buffer;
  readonly filename: string;
  readonly mimeType: string;
}

export interface UploadedMedia {
  readonly id: number;
  readonly sourceUrl: string;
}

export interface WordPressSite {
  listPosts(page: number, perPage: number): Promise<WordPressPostsPage>;
  listCategories(): Promise<WordPressCategory[]>;
  /** The post as WordPress keeps it now (raw title and content), wherever it was last edited. */
  getPost(postId: number): Promise<WordPressLivePost>;
  createPost(fields: PostFields): Promise<SavedPost>;
  updatePost(postId: number, fields: PostFields): Promise<SavedPost>;
  /** Moves a scheduled post to another moment, changing nothing else of it. */
  reschedulePost(postId: number, dateGmt: Date): Promise<SavedPost>;
  /** Moves the post to WordPress's trash; false when it no longer exists there. */
  deletePost(postId: number): Promise<boolean>;
  uploadMedia(file: MediaFile): Promise<UploadedMedia>;
  testConnection(): Promise<WordPressConnection>;
}

export type WordPressErrorCode =
  | 'wordpress_not_configured'
  | 'wordpress_unreachable'
  | 'wordpress_blocked_url'
  | 'wordpress_redirected'
  | 'wordpress_rest_unavailable'
  | 'wordpress_auth_failed'
  | 'wordpress_forbidden'
  | 'wordpress_unknown_category'
  | 'wordpress_media_type'
  | 'wordpress_media_invalid'
  | 'wordpress_media_too_large'
  | 'wordpress_post_missing'
  | 'wordpress_page_out_of_range'
  | 'wordpress_not_linked'
  | 'wordpress_error';

/**
 * Something about the client's WordPress site, with a message that says what to fix. Never 401: that
 * status means "your LBM Studio session ended" to the browser, while here WordPress refused the client's
 * credentials.
 */
export class WordPressError extends HttpError {
  constructor(code: WordPressErrorCode, message: string, status = 502) {
    super(status, code, message);
  }
}
