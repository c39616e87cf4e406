import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@/components/layout/brand';
import { GUARDED_SCREEN_PATHS } from '../screen-paths';
import { pageTitle } from './page-title';

const known = new Set(['/', '/auth', '/clients', '/api-keys', '/wordpress-editor']);
const isKnown = (path: string) => known.has(path);

describe('pageTitle', () => {
  it('names sidebar screens from their navigation entry', () => {
    expect(pageTitle('/clients', isKnown)).toBe('Clients · LBM Studio');
    expect(pageTitle('/api-keys', isKnown)).toBe('API Keys · LBM Studio');
  });

  it('names the routes outside the sidebar', () => {
    expect(pageTitle('/auth', isKnown)).toBe('Sign In · LBM Studio');
    expect(pageTitle('/wordpress-editor', isKnown)).toBe('WordPress Editor · LBM Studio');
  });

  it('uses the product name alone for the home page', () => {
    expect(pageTitle('/', isKnown)).toBe('LBM Studio');
  });

  it('names an unknown path as not found, including a nav path whose screen is not registered', () => {
    expect(pageTitle('/no-such-page', isKnown)).toBe('Page Not Found · LBM Studio');
    expect(pageTitle('/gbp-post', isKnown)).toBe('Page Not Found · LBM Studio');
  });
});

describe('every route', () => {
  it("is named '<Page> · LBM Studio', each with a name of its own", () => {
    const routes = ['/auth', '/dev/mailbox', ...GUARDED_SCREEN_PATHS];
    const titles = routes.map((path) => pageTitle(path, () => true));
    for (const [index, title] of titles.entries()) {
      expect(title, routes[index]).toMatch(new RegExp(`^\\S.* · ${PRODUCT_NAME}$`));
    }
    expect(new Set(titles).size).toBe(routes.length);
    expect(pageTitle('/documentation', () => true)).toBe('Documentation · LBM Studio');
  });
});
