import type { ExternalLinks } from '#shared/runtime-config';
import type { NavIconName } from './nav-icons';

/**
 * The side navigation of spec 000 §2, in order. It is the only list of navigation entries: an internal
 * entry is shown only once its screen is registered in `screens.ts`, so a tool appears in the sidebar
 * the moment its route is added, and never as a link to a missing page. External entries take their
 * URL from the runtime config, and are shown disabled ('Not configured') while it has none.
 */

export type NavEntry =
  | {
      readonly kind: 'route';
      readonly title: string;
      readonly path: string;
      readonly icon: NavIconName;
      /** Listed for users who are not admins only (admins find the same screen under Admin Tools). */
      readonly staffOnly?: boolean;
    }
  | {
      readonly kind: 'external';
      readonly title: string;
      readonly link: keyof ExternalLinks;
      readonly icon: NavIconName;
      /** Listed, but disabled and marked 'Coming Soon' whatever the configured URL (spec 000 §1). */
      readonly comingSoon?: boolean;
    };

export interface NavGroupDefinition {
  readonly label: string;
  /** Spec 000 §6: Admin Tools are shown only to members of the admins group. */
  readonly adminOnly?: boolean;
  readonly entries: readonly NavEntry[];
}

const route = (title: string, path: string, icon: NavIconName, staffOnly = false): NavEntry => ({
  kind: 'route',
  title,
  path,
  icon,
  staffOnly,
});
const external = (
  title: string,
  link: keyof ExternalLinks,
  icon: NavIconName,
  comingSoon = false,
): NavEntry => ({
  kind: 'external',
  title,
  link,
  icon,
  comingSoon,
});

export const NAV_GROUPS: readonly NavGroupDefinition[] = [
  { label: 'Overview', entries: [route('Dashboard', '/', 'LayoutDashboard')] },
  {
    label: 'Management',
    // Issue 34: staff see the usage of the clients they can see; admins find it under Admin Tools.
    entries: [route('Clients', '/clients', 'Users'), route('Usage', '/usage', 'ChartColumn', true)],
  },
  {
    label: 'Admin Tools',
    adminOnly: true,
    entries: [
      route('Activity Tracker', '/activity-tracker', 'Activity'),
      route('API Keys', '/api-keys', 'KeyRound'),
      route('Usage', '/usage', 'ChartColumn'),
      // Issue 41: the agency's time zone, which its statements count months in.
      route('Settings', '/settings', 'Settings'),
    ],
  },
  {
    label: 'Content Tools',
    entries: [
      route('Newsletter', '/newsletter', 'Mail'),
      route('Press Release', '/press-release', 'Newspaper'),
      route('Blog Rewriter', '/blog-rewriter', 'PenLine'),
      route('FAQ', '/faq', 'CircleHelp'),
      route('Client Content', '/client-content', 'FileText'),
      route('WordPress Publisher', '/wordpress-publisher', 'Globe'),
      route('Multi-Platform Creator', '/multi-platform-creator', 'Layers'),
      // Issue 33 item 5: posts, review expiries and due dates across clients; after the spec's tools.
      route('Calendar', '/calendar', 'CalendarDays'),
      // Issue 34 item 5: many pieces at once from a spreadsheet.
      route('Bulk Generation', '/bulk', 'Sheet'),
    ],
  },
  {
    label: 'Social Media Content Tools',
    entries: [route('Social Content', '/social-content', 'Share2'), route('GBP Post', '/gbp-post', 'MapPin')],
  },
  { label: 'Image Tools', entries: [route('Image Generation', '/image-generation', 'ImageIcon')] },
  { label: 'Audio Tools', entries: [route('Create Podcast', '/create-podcast', 'Mic')] },
  {
    label: 'Other Tools',
    entries: [
      external('Google Ads Advisor', 'googleAdsAdvisor', 'TrendingUp'),
      external('Backlink Management', 'backlinkManager', 'Link2'),
      external('Email Outreach', 'emailOutreach', 'Send'),
      external('AI Optimization', 'aiOptimization', 'Sparkles', true),
    ],
  },
  {
    label: 'External Tools',
    entries: [
      external('Newsletter Platform Login', 'newsletterPlatformLogin', 'SquareArrowOutUpRight'),
      external('Press Distribution Login', 'pressDistributionLogin', 'Megaphone'),
    ],
  },
];

/** Why an item is disabled, shown beside it. */
export type NavItemHint = 'Coming Soon' | 'Not configured';

export interface NavItem {
  readonly title: string;
  readonly icon: NavIconName;
  /** App path for internal items, absolute URL for external ones, null for a disabled item. */
  readonly href: string | null;
  readonly external: boolean;
  /** Set exactly when the item is disabled (href null). */
  readonly hint: NavItemHint | null;
}

export interface NavGroup {
  readonly label: string;
  readonly items: readonly NavItem[];
}

export interface NavContext {
  readonly isAdmin: boolean;
  readonly isRouteAvailable: (path: string) => boolean;
  readonly externalLinks: ExternalLinks;
}

/**
 * An external tool is always listed (000 §2): without a configured URL it is disabled and says 'Not
 * configured', as its landing-page card does, so the set of tools stays visible and the gap is obvious.
 */
function toItem(entry: NavEntry, context: NavContext): NavItem | null {
  if (entry.kind === 'route') {
    if (!context.isRouteAvailable(entry.path) || (entry.staffOnly && context.isAdmin)) return null;
    return { title: entry.title, icon: entry.icon, href: entry.path, external: false, hint: null };
  }
  const url = entry.comingSoon ? null : context.externalLinks[entry.link];
  if (!url) {
    const hint = entry.comingSoon ? 'Coming Soon' : 'Not configured';
    return { title: entry.title, icon: entry.icon, href: null, external: true, hint };
  }
  return { title: entry.title, icon: entry.icon, href: url, external: true, hint: null };
}

/** The groups and items this user sees; a group left without items is not shown at all. */
export function visibleNavGroups(groups: readonly NavGroupDefinition[], context: NavContext): NavGroup[] {
  return groups
    .filter((group) => !group.adminOnly || context.isAdmin)
    .map((group) => ({
      label: group.label,
      items: group.entries.map((entry) => toItem(entry, context)).filter((item) => item !== null),
    }))
    .filter((group) => group.items.length > 0);
}

/** The internal item a pathname belongs to: an exact match, or the longest path it is nested under. */
export function activeNavPath(pathname: string, groups: readonly NavGroup[]): string | null {
  let best: string | null = null;
  for (const group of groups) {
    for (const item of group.items) {
      if (item.external || item.href === null) continue;
      const path = item.href;
      const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
      if (matches && (best === null || path.length > best.length)) best = path;
    }
  }
  return best;
}

/**
 * The header's page name: the title of the active internal item, or none. A path no visible item owns
 * (a plain user on an admin screen) must not match the disabled 'Coming Soon' items, whose href is null.
 */
export function activeNavTitle(pathname: string, groups: readonly NavGroup[]): string | null {
  const active = activeNavPath(pathname, groups);
  if (active === null) return null;
  const items = groups.flatMap((group) => group.items);
  return items.find((item) => !item.external && item.href === active)?.title ?? null;
}
