/**
 * The signed-in screens' paths, as plain data: the router pairs each with its lazy loader in
 * `screens.ts`, and tests (the accessibility walk) read the list without loading any React code.
 */
export const GUARDED_SCREEN_PATHS = [
  '/clients',
  '/newsletter',
  '/press-release',
  '/blog-rewriter',
  '/faq',
  '/client-content',
  '/image-generation',
  '/multi-platform-creator',
  '/social-content',
  '/gbp-post',
  '/create-podcast',
  '/wordpress-publisher',
  '/wordpress-editor',
  '/calendar',
  '/api-keys',
  '/documentation',
  '/activity-tracker',
  '/usage',
  '/bulk',
  '/settings',
  '/statements',
] as const;

export type GuardedScreenPath = (typeof GUARDED_SCREEN_PATHS)[number];

/** Screens that render alone, without the app shell (spec 001: /wordpress-editor). */
export const BARE_SCREEN_PATHS: ReadonlySet<GuardedScreenPath> = new Set<GuardedScreenPath>([
  '/wordpress-editor',
]);
