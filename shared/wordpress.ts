import * as z from './validation/zod';

/**
 * WordPress publishing (spec 001 §2 WordPress Publisher and Editor, §3, §4, §7 `wordpress-api`, §8, §9):
 * the constants, messages and request/response shapes shared by the browser and the functions.
 */

/**
 * 001 §4: draft, publish, private. 'future' is our addition (a post scheduled for a date), and 'pending'
 * (waiting for review) is kept when a post has it on the site, so an update does not change it unasked.
 */
export const WORDPRESS_POST_STATUSES = ['draft', 'publish', 'private', 'future', 'pending'] as const;
export type WordPressPostStatus = (typeof WORDPRESS_POST_STATUSES)[number];

/**
 * The editor's Post Status choices, in the spec's order; 'Schedule' needs a date and time. 'Pending
 * review' is offered only for a post that has it.
 */
export const WORDPRESS_STATUS_OPTIONS: readonly { value: WordPressPostStatus; label: string }[] = [
  { value: 'draft', label: 'Draft' },
  { value: 'publish', label: 'Published' },
  { value: 'private', label: 'Private' },
  { value: 'future', label: 'Schedule' },
  { value: 'pending', label: 'Pending review' },
];

/** 001 §4: the default status is draft, or the stored wordpress_status. */
export const DEFAULT_WORDPRESS_STATUS: WordPressPostStatus = 'draft';

/** 001 §9 editor constants. */
export const WORDPRESS_EDITOR_HEIGHT = 600;
export const WORDPRESS_EDITOR_FONT_SIZES = [
  '8pt',
  '9pt',
  '10pt',
  '11pt',
  '12pt',
  '14pt',
  '16pt',
  '18pt',
  '20pt',
  '24pt',
  '28pt',
  '32pt',
  '36pt',
  '40pt',
  '44pt',
  '48pt',
] as const;

/** 001 §9 image types (jpg, jpeg, png, gif, webp, svg) and the media types they are sent as. */
export const WORDPRESS_IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};
export const WORDPRESS_IMAGE_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/svg+xml',
] as const;
export const WORDPRESS_IMAGE_ACCEPT = Object.keys(WORDPRESS_IMAGE_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

/** The API takes JSON bodies up to 2 MB; base64 makes a file a third larger. */
export const WORDPRESS_MEDIA_MAX_BYTES = 1_400_000;

/** The Published Posts tab asks WordPress for this many posts a page (WordPress allows 100 at most). */
export const WORDPRESS_POSTS_PER_PAGE = 20;

/**
 * Content metadata keys of the WordPress link (001 §3), plus the scheduled date and the category that a
 * publish or update sent (001 §7 writes what was sent back to the item).
 */
export const WORDPRESS_LINK_KEYS = [
  'wordpress_id',
  'wordpress_url',
  'wordpress_status',
  'wordpress_date',
  'wordpress_categories',
] as const;

/** How a post's status reads for people (the library's badge, the Published Posts tab). */
export const WORDPRESS_STATUS_LABELS: Readonly<Partial<Record<string, string>>> = {
  publish: 'Published',
  future: 'Scheduled',
  draft: 'Draft',
  pending: 'Pending review',
  private: 'Private',
};

/** Only a published post has a page the public can open; the others show nothing without a sign-in. */
export function isPublicStatus(status: string | null | undefined): boolean {
  return status === 'publish';
}

/**
 * The content types the publisher lists (001 §7: SELECT client_content by content_type in blog,
 * client_content, newsletter, press_release), with the hyphenated spellings older saves used for two of
 * them. FAQs, how-tos and image sets stay in the library but are not offered for publishing.
 */
export const WORDPRESS_PUBLISHABLE_TYPES: readonly string[] = [
  'blog',
  'blog-content',
  'client_content',
  'newsletter',
  'press_release',
  'press-release',
];

export function isPublishableType(contentType: string): boolean {
  return WORDPRESS_PUBLISHABLE_TYPES.includes(contentType);
}

/** The spec's toasts (001 §8) and empty states (001 §2). */
export const WORDPRESS_MESSAGES = {
  connectionErrorTitle: 'WordPress Connection Error',
  connectionError: 'Failed to connect to WordPress.',
  deleteFailedTitle: 'Delete Failed',
  deleteFailed: 'Failed to delete WordPress post.',
  deleted: 'WordPress post deleted successfully',
  missingIds: 'Missing content or client ID',
  loadError: 'Error loading content',
  uploadFailed: 'Failed to upload image',
  publishFailed: 'Failed to publish to WordPress',
  uploaded: 'Image uploaded successfully',
  updated: 'Post updated successfully!',
  published: 'Post published successfully!',
  selectClientFirst: 'Please select a client first.',
  noClients:
    'No clients with WordPress configuration found. Please add WordPress credentials to your clients first.',
  noContent: 'No content available for this client.',
  publishableTypes: 'Blogs, newsletters, press releases and Multi-Platform Creator content can be published.',
  noPosts: 'No posts found on WordPress site',
  scheduleInFuture: 'Please choose a date and time in the future to schedule the post.',
  wrongCredentials: 'The WordPress username or application password is wrong',
} as const;

/** The WordPress link stored in a content item's metadata, if it has one (001 §4: unpublished = no id). */
export interface WordPressLink {
  id: number;
  url: string | null;
  status: WordPressPostStatus | null;
  /** ISO date in UTC of a scheduled post. */
  date: string | null;
  /** The categories the last publish or update sent. */
  categories: number[];
}

export function wordpressLinkOf(metadata: Record<string, unknown>): WordPressLink | null {
  const id = metadata.wordpress_id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return null;
  const status = metadata.wordpress_status;
  const categories = Array.isArray(metadata.wordpress_categories) ? metadata.wordpress_categories : [];
  return {
    id,
    url: typeof metadata.wordpress_url === 'string' ? metadata.wordpress_url : null,
    status: WORDPRESS_POST_STATUSES.find((value) => value === status) ?? null,
    date: typeof metadata.wordpress_date === 'string' ? metadata.wordpress_date : null,
    categories: categories.filter((value): value is number => Number.isInteger(value) && value > 0),
  };
}

/** A post as the Published Posts tab shows it (001 §3 'WordPress post as returned'). */
export const wordpressPostSchema = z.object({
  id: z.number(),
  title: z.object({ rendered: z.string() }),
  date: z.string(),
  status: z.string(),
  link: z.string(),
});
export type WordPressPost = z.infer<typeof wordpressPostSchema>;

export const wordpressPostsPageSchema = z.object({
  posts: z.array(wordpressPostSchema),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type WordPressPostsPage = z.infer<typeof wordpressPostsPageSchema>;

/**
 * A post as WordPress keeps it (`context=edit`): the raw title and HTML a writer typed, not the rendered
 * ones. The Editor starts an edit from this, so an update never overwrites what was changed on the site
 * unseen.
 */
export const wordpressLivePostSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  status: z.string(),
  categories: z.array(z.number()),
  /** ISO date in UTC of a scheduled post; null for the other statuses. */
  date: z.nullable(z.string()),
  link: z.string(),
});
export type WordPressLivePost = z.infer<typeof wordpressLivePostSchema>;

export const wordpressCategorySchema = z.object({ id: z.number(), name: z.string() });
export type WordPressCategory = z.infer<typeof wordpressCategorySchema>;

const MAX_TITLE = 300;
const MAX_HTML = 1_000_000;

/** Body of POST …/wordpress/posts and PUT …/wordpress/posts/{postId}. */
export const wordpressPostInputSchema = z
  .object({
    contentId: z.string().check(z.minLength(1, 'contentId is required'), z.maxLength(100)),
    title: z.string().check(z.trim(), z.minLength(1, 'Please enter a post title'), z.maxLength(MAX_TITLE)),
    content: z.string().check(z.maxLength(MAX_HTML)),
    status: z.enum(WORDPRESS_POST_STATUSES),
    categories: z.optional(z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(1))),
    /** ISO 8601 with an offset or Z: the moment the viewer chose in their own time zone. */
    date: z.optional(z.iso.datetime({ offset: true })),
    /**
     * An administrator publishing an item its client's approval rule would refuse
     * (docs/decisions.md, "Versions, review and approval, and the content calendar"); recorded in the
     * activity. Anyone else sending it is refused.
     */
    overrideApproval: z.optional(z.boolean()),
  })
  .check(
    z.refine((input) => input.status !== 'future' || input.date !== undefined, {
      message: WORDPRESS_MESSAGES.scheduleInFuture,
      path: ['date'],
    }),
  );
export type WordPressPostInput = z.input<typeof wordpressPostInputSchema>;

/** What a publish or update answers: the contract `{id, link, status}`, plus the scheduled date. */
export const wordpressPublishResultSchema = z.object({
  id: z.number(),
  link: z.string(),
  status: z.string(),
  date: z.nullable(z.string()),
});
export type WordPressPublishResult = z.infer<typeof wordpressPublishResultSchema>;

/** Body of POST …/wordpress/media. */
export const wordpressMediaInputSchema = z.object({
  file: z.base64('file must be base64').check(z.minLength(1, 'file is required')),
  filename: z.string().check(z.trim(), z.minLength(1, 'filename is required'), z.maxLength(200)),
  mimeType: z.enum(WORDPRESS_IMAGE_MEDIA_TYPES, {
    error: `Only ${Object.keys(WORDPRESS_IMAGE_TYPES).join(', ')} images can be uploaded`,
  }),
});
export type WordPressMediaInput = z.input<typeof wordpressMediaInputSchema>;

export const wordpressMediaResultSchema = z.object({ id: z.number(), source_url: z.string() });
export type WordPressMediaResult = z.infer<typeof wordpressMediaResultSchema>;

/** What 'Test connection' answers when WordPress accepted the credentials. */
export const wordpressConnectionSchema = z.object({
  ok: z.literal(true),
  siteName: z.string(),
  userName: z.string(),
  apiRoot: z.string(),
  prettyPermalinks: z.boolean(),
  canPublish: z.boolean(),
  canUpload: z.boolean(),
});
export type WordPressConnection = z.infer<typeof wordpressConnectionSchema>;
