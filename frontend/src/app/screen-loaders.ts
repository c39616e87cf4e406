import type { ComponentType } from 'react';
import type { GuardedScreenPath } from './screen-paths';

/**
 * Each signed-in screen's dynamic import (the record's type makes a missing one a compile error). Kept out of
 * the first load of `/` and `/auth` (docs/architecture.md, "Budgets"): with the chunk lists Vite adds to
 * every dynamic import, it was about 2 KB gzip of the shell that visitors never use. The signed-in layout
 * imports it, so it has arrived by the time a screen inside it loads; screens.ts imports it beside
 * class-merge.
 */
export const screenLoaders: Record<GuardedScreenPath, () => Promise<ComponentType>> = {
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
  '/calendar': () => import('@/features/calendar/calendar-page').then((m) => m.CalendarPage),
  '/api-keys': () => import('@/features/api-keys/api-keys-page').then((m) => m.ApiKeysPage),
  '/documentation': () =>
    import('@/features/documentation/documentation-page').then((m) => m.DocumentationPage),
  '/activity-tracker': () =>
    import('@/features/activity-tracker/activity-tracker-page').then((m) => m.ActivityTrackerPage),
  '/usage': () => import('@/features/usage/usage-page').then((m) => m.UsagePage),
  '/bulk': () => import('@/features/bulk/bulk-page').then((m) => m.BulkPage),
  '/settings': () => import('@/features/settings/settings-page').then((m) => m.SettingsPage),
  '/statements': () => import('@/features/statements/statement-page').then((m) => m.StatementPage),
};
