import type { ExternalLinks } from '#shared/runtime-config';
import { SCREEN_TOOL_IDS, TOOL_SCREENS, type ToolNavGroup } from '#shared/tools/tool-screens';
import type { NavIconName } from './nav-icons';

/**
 * The side navigation of spec 000 §2, in order. It is the only list of navigation entries, the tools'
 * from their screens in the tool catalog (shared/tools/catalog.ts): an internal entry is shown only once
 * its screen is registered in `screens.ts`, so never as a link to a missing page. External entries take their
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

/** The sidebar entries of the tools listed in a group (shared/tools/catalog.ts), in the catalog's order. */
function toolEntries(group: ToolNavGroup): NavEntry[] {
  return SCREEN_TOOL_IDS.filter((tool) => TOOL_SCREENS[tool].nav.group === group).map((tool) => {
    const { path, nav } = TOOL_SCREENS[tool];
    return route(nav.title, path, nav.icon);
  });
}

/** The entries with `entry` put just before the one of `path` (or last, when none has it). */
function placedBefore(entries: readonly NavEntry[], path: string, entry: NavEntry): NavEntry[] {
  const at = entries.findIndex((candidate) => candidate.kind === 'route' && candidate.path === path);
  return at < 0 ? [...entries, entry] : [...entries.slice(0, at), entry, ...entries.slice(at)];
}

export const NAV_GROUPS: readonly NavGroupDefinition[] = [
  { label: 'Overview', entries: [route('Dashboard', '/', 'LayoutDashboard')] },
  {
    label: 'Management',
    // Staff see the usage of the clients they can see; admins find it under Admin Tools.
    entries: [route('Clients', '/clients', 'Users'), route('Usage', '/usage', 'ChartColumn', true)],
  },
  {
    label: 'Admin Tools',
    adminOnly: true,
    entries: [
      route('Activity Tracker', '/activity-tracker', 'Activity'),
      route('API Keys', '/api-keys', 'KeyRound'),
      route('Usage', '/usage', 'ChartColumn'),
      // The agency's time zone, which its statements count months in.
      route('Settings', '/settings', 'Settings'),
    ],
  },
  {
    label: 'Content Tools',
    entries: [
      // Spec 000 §2 lists the WordPress Publisher between the single tools and the Multi-Platform Creator.
      ...placedBefore(
        toolEntries('Content Tools'),
        TOOL_SCREENS['multi-platform'].path,
        route('WordPress Publisher', '/wordpress-publisher', 'Globe'),
      ),
      // Posts, review expiries and due dates across clients; after the spec's tools.
      route('Calendar', '/calendar', 'CalendarDays'),
      // Many pieces at once from a spreadsheet.
      route('Bulk Generation', '/bulk', 'Sheet'),
    ],
  },
  { label: 'Social Media Content Tools', entries: toolEntries('Social Media Content Tools') },
  { label: 'Image Tools', entries: toolEntries('Image Tools') },
  { label: 'Audio Tools', entries: toolEntries('Audio Tools') },
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
