import { REVIEW_PAGE_PATH } from '#shared/review-page';
import { STATEMENT_PAGE_PATH } from '#shared/statement-page';
import { PRODUCT_NAME } from '@/components/layout/brand';
import { NAV_GROUPS } from './nav-items';

/**
 * `document.title` for a route (every page names itself, e.g. 'Clients · LBM Studio'). The
 * sidebar's entries name the tool screens, so a screen added to `nav-items.ts` is named here too; the
 * few routes outside the sidebar are listed below.
 */
const OTHER_PAGES: Readonly<Record<string, string>> = {
  '/auth': 'Sign In',
  '/wordpress-editor': 'WordPress Editor',
  '/documentation': 'Documentation',
  '/dev/mailbox': 'Dev Mailbox',
  // A client's monthly statement, opened from its card or the Usage page.
  '/statements': 'Statement',
};

export const NOT_FOUND_TITLE = 'Page Not Found';

/** The public review page of a link: `/review/<token>`, one page whatever the token. */
export const REVIEW_PAGE_PREFIX = `${REVIEW_PAGE_PATH}/`;
const REVIEW_PAGE_NAME = 'Content Review';
/** The public page of a statement link: `/statements/<token>`. */
export const STATEMENT_PAGE_PREFIX = `${STATEMENT_PAGE_PATH}/`;
const STATEMENT_PAGE_NAME = 'Statement';

function pageName(pathname: string, isKnownPath: (path: string) => boolean): string | null {
  if (pathname === '/') return null;
  if (pathname.startsWith(REVIEW_PAGE_PREFIX)) return REVIEW_PAGE_NAME;
  if (pathname.startsWith(STATEMENT_PAGE_PREFIX)) return STATEMENT_PAGE_NAME;
  if (!isKnownPath(pathname)) return NOT_FOUND_TITLE;
  for (const group of NAV_GROUPS)
    for (const entry of group.entries)
      if (entry.kind === 'route' && entry.path === pathname) return entry.title;
  return OTHER_PAGES[pathname] ?? null;
}

/** '<Page> · LBM Studio', or the product name alone for the home page. */
export function pageTitle(pathname: string, isKnownPath: (path: string) => boolean): string {
  const name = pageName(pathname, isKnownPath);
  return name ? `${name} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
