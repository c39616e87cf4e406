import type { ToolId } from './catalog';

/**
 * Each tool's screen and sidebar entry, the part of the tool catalog (shared/tools/catalog.ts) that the
 * browser's first load reads (the sidebar names the page in the header): apart from the catalog's
 * module, which the bundler would otherwise put in the first load with every record of it.
 */

/** The sidebar groups a tool's screen may be listed in (spec 000 §2). */
export type ToolNavGroup = 'Content Tools' | 'Social Media Content Tools' | 'Image Tools' | 'Audio Tools';

/** A tool's screen and sidebar entry; the icon is a name of frontend/src/app/navigation/nav-icons.ts. */
export interface ToolScreen {
  readonly path: `/${string}`;
  readonly nav: { readonly group: ToolNavGroup; readonly title: string; readonly icon: string };
}

/** Each tool's screen, or null for a tool that runs behind another's screen (the GBP and social images). */
export const TOOL_SCREENS = {
  newsletter: { path: '/newsletter', nav: { group: 'Content Tools', title: 'Newsletter', icon: 'Mail' } },
  'press-release': {
    path: '/press-release',
    nav: { group: 'Content Tools', title: 'Press Release', icon: 'Newspaper' },
  },
  'blog-rewrite': {
    path: '/blog-rewriter',
    nav: { group: 'Content Tools', title: 'Blog Rewriter', icon: 'PenLine' },
  },
  faq: { path: '/faq', nav: { group: 'Content Tools', title: 'FAQ', icon: 'CircleHelp' } },
  'client-content': {
    path: '/client-content',
    nav: { group: 'Content Tools', title: 'Client Content', icon: 'FileText' },
  },
  'social-content': {
    path: '/social-content',
    nav: { group: 'Social Media Content Tools', title: 'Social Content', icon: 'Share2' },
  },
  'gbp-post': {
    path: '/gbp-post',
    nav: { group: 'Social Media Content Tools', title: 'GBP Post', icon: 'MapPin' },
  },
  'image-generation': {
    path: '/image-generation',
    nav: { group: 'Image Tools', title: 'Image Generation', icon: 'ImageIcon' },
  },
  'text-to-speech': {
    path: '/create-podcast',
    nav: { group: 'Audio Tools', title: 'Create Podcast', icon: 'Mic' },
  },
  'gbp-image': null,
  'social-image': null,
  'multi-platform': {
    path: '/multi-platform-creator',
    nav: { group: 'Content Tools', title: 'Multi-Platform Creator', icon: 'Layers' },
  },
} as const satisfies { readonly [K in ToolId]: ToolScreen | null };

type Screens = typeof TOOL_SCREENS;

/** The tools that have a screen of their own, in the catalog's order, and those screens' paths. */
export type ScreenToolId = { [K in ToolId]: Screens[K] extends ToolScreen ? K : never }[ToolId];
export type ToolScreenPath = Screens[ScreenToolId]['path'];

const hasScreen = (tool: ToolId): tool is ScreenToolId => TOOL_SCREENS[tool] !== null;
// From the screens' own keys, so the browser's first load (the sidebar's page titles) does not carry `TOOLS`.
export const SCREEN_TOOL_IDS: readonly ScreenToolId[] = /* @__PURE__ */ (
  Object.keys(TOOL_SCREENS) as ToolId[]
).filter(hasScreen);
