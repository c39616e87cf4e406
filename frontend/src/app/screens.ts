import type { ComponentType } from 'react';
import { BARE_SCREEN_PATHS, GUARDED_SCREEN_PATHS, type GuardedScreenPath } from './screen-paths';

/**
 * The signed-in screens. Adding a screen is one path in `screen-paths.ts` plus its loader here (the
 * record's type makes a missing loader a compile error): the router lazy-loads it into its own chunk
 * behind the route guard, and the sidebar starts showing its navigation entry (nav-items.ts already
 * lists every tool of the spec and shows only those registered here).
 */
export interface Screen {
  /** Absolute app path, as in the spec's route table. */
  readonly path: GuardedScreenPath;
  /** The dynamic import keeps the screen out of the first-load bundle. */
  readonly load: () => Promise<ComponentType>;
  /** 'sidebar' renders in the app shell; 'bare' renders alone (spec 001: /wordpress-editor). */
  readonly layout: 'sidebar' | 'bare';
}

const loaders: Record<GuardedScreenPath, () => Promise<ComponentType>> = {
  '/clients': () => import('@/features/clients/clients-page').then((module) => module.ClientsPage),
  '/newsletter': () => import('@/features/newsletter/newsletter-page').then((m) => m.NewsletterPage),
  '/press-release': () =>
    import('@/features/press-release/press-release-page').then((m) => m.PressReleasePage),
  '/blog-rewriter': () =>
    import('@/features/blog-rewriter/blog-rewriter-page').then((m) => m.BlogRewriterPage),
  '/faq': () => import('@/features/faq/faq-page').then((m) => m.FaqPage),
  '/client-content': () =>
    import('@/features/client-content/client-content-page').then((m) => m.ClientContentPage),
  '/image-generation': () =>
    import('@/features/image-generation/image-generation-page').then((m) => m.ImageGenerationPage),
  '/multi-platform-creator': () =>
    import('@/features/multi-platform-creator/multi-platform-creator-page').then(
      (m) => m.MultiPlatformCreatorPage,
    ),
  '/social-content': () =>
    import('@/features/social-content/social-content-page').then((m) => m.SocialContentPage),
  '/gbp-post': () => import('@/features/gbp-post/gbp-post-page').then((m) => m.GbpPostPage),
  '/create-podcast': () =>
    import('@/features/create-podcast/create-podcast-page').then((m) => m.CreatePodcastPage),
  '/wordpress-publisher': () =>
    import('@/features/wordpress-publisher/wordpress-publisher-page').then((m) => m.WordPressPublisherPage),
  '/wordpress-editor': () =>
    import('@/features/wordpress-editor/wordpress-editor-page').then((m) => m.WordPressEditorPage),
  '/api-keys': () => import('@/features/api-keys/api-keys-page').then((m) => m.ApiKeysPage),
  '/documentation': () =>
    import('@/features/documentation/documentation-page').then((m) => m.DocumentationPage),
  '/activity-tracker': () =>
    import('@/features/activity-tracker/activity-tracker-page').then((m) => m.ActivityTrackerPage),
};

/** A screen's chunk, after lib/class-merge.ts (utils.ts: `cn` merges only once it is loaded). */
export function withClassMerge<T>(load: () => Promise<T>): () => Promise<T> {
  return () => import('@/lib/class-merge').then(load);
}

export const guardedScreens: readonly Screen[] = GUARDED_SCREEN_PATHS.map((path) => ({
  path,
  load: withClassMerge(loaders[path]),
  layout: BARE_SCREEN_PATHS.has(path) ? 'bare' : 'sidebar',
}));

const registeredPaths = new Set(['/', ...guardedScreens.map((screen) => screen.path)]);

export function isRouteAvailable(path: string): boolean {
  return registeredPaths.has(path);
}
