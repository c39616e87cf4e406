import type { ComponentType } from 'react';

/**
 * The signed-in screens. Adding a screen is one entry here: the router lazy-loads it into its own
 * chunk behind the route guard, and the sidebar starts showing its navigation entry (nav-items.ts
 * already lists every tool of the spec and shows only those registered here).
 */
export interface Screen {
  /** Absolute app path, as in the spec's route table. */
  readonly path: string;
  /** The dynamic import keeps the screen out of the first-load bundle. */
  readonly load: () => Promise<ComponentType>;
  /** 'sidebar' (default) renders in the app shell; 'bare' renders alone (spec 001: /wordpress-editor). */
  readonly layout?: 'sidebar' | 'bare';
}

export const guardedScreens: readonly Screen[] = [
  {
    path: '/clients',
    load: () => import('@/features/clients/clients-page').then((module) => module.ClientsPage),
  },
  {
    path: '/newsletter',
    load: () => import('@/features/newsletter/newsletter-page').then((m) => m.NewsletterPage),
  },
  {
    path: '/press-release',
    load: () => import('@/features/press-release/press-release-page').then((m) => m.PressReleasePage),
  },
  {
    path: '/blog-rewriter',
    load: () => import('@/features/blog-rewriter/blog-rewriter-page').then((m) => m.BlogRewriterPage),
  },
  { path: '/faq', load: () => import('@/features/faq/faq-page').then((m) => m.FaqPage) },
  {
    path: '/client-content',
    load: () => import('@/features/client-content/client-content-page').then((m) => m.ClientContentPage),
  },
  {
    path: '/image-generation',
    load: () =>
      import('@/features/image-generation/image-generation-page').then((m) => m.ImageGenerationPage),
  },
  {
    path: '/multi-platform-creator',
    load: () =>
      import('@/features/multi-platform-creator/multi-platform-creator-page').then(
        (m) => m.MultiPlatformCreatorPage,
      ),
  },
  {
    path: '/social-content',
    load: () => import('@/features/social-content/social-content-page').then((m) => m.SocialContentPage),
  },
  {
    path: '/gbp-post',
    load: () => import('@/features/gbp-post/gbp-post-page').then((m) => m.GbpPostPage),
  },
  {
    path: '/create-podcast',
    load: () => import('@/features/create-podcast/create-podcast-page').then((m) => m.CreatePodcastPage),
  },
  {
    path: '/wordpress-publisher',
    load: () =>
      import('@/features/wordpress-publisher/wordpress-publisher-page').then((m) => m.WordPressPublisherPage),
  },
  {
    path: '/wordpress-editor',
    load: () =>
      import('@/features/wordpress-editor/wordpress-editor-page').then((m) => m.WordPressEditorPage),
    layout: 'bare',
  },
  {
    path: '/api-keys',
    load: () => import('@/features/api-keys/api-keys-page').then((m) => m.ApiKeysPage),
  },
  {
    path: '/documentation',
    load: () => import('@/features/documentation/documentation-page').then((m) => m.DocumentationPage),
  },
  {
    path: '/activity-tracker',
    load: () =>
      import('@/features/activity-tracker/activity-tracker-page').then((m) => m.ActivityTrackerPage),
  },
];

const registeredPaths = new Set(['/', ...guardedScreens.map((screen) => screen.path)]);

export function isRouteAvailable(path: string): boolean {
  return registeredPaths.has(path);
}
