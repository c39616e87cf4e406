import { describe, expect, it } from 'vitest';
import { type ExternalLinks, NO_EXTERNAL_LINKS } from '#shared/runtime-config';
import { activeNavPath, activeNavTitle, NAV_GROUPS, type NavContext, visibleNavGroups } from './nav-items';

const everyPath = () => true;

const context = (overrides: Partial<NavContext> = {}): NavContext => ({
  isAdmin: false,
  isRouteAvailable: everyPath,
  externalLinks: NO_EXTERNAL_LINKS,
  ...overrides,
});

const labels = (groups: ReturnType<typeof visibleNavGroups>) => groups.map((group) => group.label);
const titles = (groups: ReturnType<typeof visibleNavGroups>, label: string) =>
  groups.find((group) => group.label === label)?.items.map((item) => item.title);

describe('visibleNavGroups', () => {
  it('lists the groups and items of spec 000 §2 in order for an admin with every screen built', () => {
    const links: ExternalLinks = {
      backlinkManager: 'https://backlinks.example.com/',
      googleAdsAdvisor: 'https://ads.example.com/',
      emailOutreach: 'https://outreach.example.com/',
      aiOptimization: 'https://ai.example.com/',
      newsletterPlatformLogin: 'https://newsletter.example.com/login',
      pressDistributionLogin: 'https://press.example.com/login',
    };
    const groups = visibleNavGroups(NAV_GROUPS, context({ isAdmin: true, externalLinks: links }));
    expect(labels(groups)).toEqual([
      'Overview',
      'Management',
      'Admin Tools',
      'Content Tools',
      'Social Media Content Tools',
      'Image Tools',
      'Audio Tools',
      'Other Tools',
      'External Tools',
    ]);
    // Usage under Admin Tools for the admin (staff find it under Management).
    expect(titles(groups, 'Admin Tools')).toEqual(['Activity Tracker', 'API Keys', 'Usage', 'Settings']);
    expect(titles(groups, 'Management')).toEqual(['Clients']);
    expect(titles(groups, 'Content Tools')).toEqual([
      'Newsletter',
      'Press Release',
      'Blog Rewriter',
      'FAQ',
      'Client Content',
      'WordPress Publisher',
      'Multi-Platform Creator',
      // Under Content Tools, after the spec's own.
      'Calendar',
      'Bulk Generation',
    ]);
    expect(titles(groups, 'Social Media Content Tools')).toEqual(['Social Content', 'GBP Post']);
    expect(titles(groups, 'Other Tools')).toEqual([
      'Google Ads Advisor',
      'Backlink Management',
      'Email Outreach',
      'AI Optimization',
    ]);
    const external = groups.find((group) => group.label === 'External Tools')?.items;
    expect(external?.map((item) => [item.href, item.external])).toEqual([
      ['https://newsletter.example.com/login', true],
      ['https://press.example.com/login', true],
    ]);
  });

  it('lists Usage under Management for a plain user, and under Admin Tools only for the admin', () => {
    expect(titles(visibleNavGroups(NAV_GROUPS, context()), 'Management')).toEqual(['Clients', 'Usage']);
    expect(titles(visibleNavGroups(NAV_GROUPS, context({ isAdmin: true })), 'Management')).toEqual([
      'Clients',
    ]);
  });

  it('hides Admin Tools from a plain user', () => {
    expect(labels(visibleNavGroups(NAV_GROUPS, context()))).not.toContain('Admin Tools');
  });

  it('leaves out screens that are not built yet, and groups left empty', () => {
    const built = new Set(['/', '/clients', '/newsletter']);
    const groups = visibleNavGroups(
      NAV_GROUPS,
      context({ isAdmin: true, isRouteAvailable: (path) => built.has(path) }),
    );
    expect(labels(groups)).toEqual([
      'Overview',
      'Management',
      'Content Tools',
      'Other Tools',
      'External Tools',
    ]);
    expect(titles(groups, 'Content Tools')).toEqual(['Newsletter']);
  });

  it('shows every external tool; one without a configured URL is disabled and says so', () => {
    const groups = visibleNavGroups(
      NAV_GROUPS,
      context({ externalLinks: { ...NO_EXTERNAL_LINKS, emailOutreach: 'https://outreach.example.com/' } }),
    );
    const other = groups.find((group) => group.label === 'Other Tools')?.items ?? [];
    expect(other.map((item) => [item.title, item.href, item.hint])).toEqual([
      ['Google Ads Advisor', null, 'Not configured'],
      ['Backlink Management', null, 'Not configured'],
      ['Email Outreach', 'https://outreach.example.com/', null],
      ['AI Optimization', null, 'Coming Soon'],
    ]);
    const external = groups.find((group) => group.label === 'External Tools')?.items ?? [];
    expect(external.map((item) => [item.title, item.href, item.hint])).toEqual([
      ['Newsletter Platform Login', null, 'Not configured'],
      ['Press Distribution Login', null, 'Not configured'],
    ]);
  });
});

describe('activeNavPath', () => {
  const groups = visibleNavGroups(NAV_GROUPS, context());

  it('matches the exact path and nested paths, but the dashboard only at the root', () => {
    expect(activeNavPath('/', groups)).toBe('/');
    expect(activeNavPath('/clients', groups)).toBe('/clients');
    expect(activeNavPath('/clients/abc', groups)).toBe('/clients');
    expect(activeNavPath('/clientsx', groups)).toBeNull();
    expect(activeNavPath('/unknown', groups)).toBeNull();
  });
});

describe('activeNavTitle', () => {
  it("names the active screen, and nothing where no visible item leads (not 'AI Optimization')", () => {
    const plain = visibleNavGroups(NAV_GROUPS, context());
    expect(plain.flatMap((group) => group.items).some((item) => item.href === null)).toBe(true);
    expect(activeNavTitle('/clients/abc', plain)).toBe('Clients');
    expect(activeNavTitle('/activity-tracker', plain)).toBeNull();
    expect(activeNavTitle('/unknown', plain)).toBeNull();
    const admin = visibleNavGroups(NAV_GROUPS, context({ isAdmin: true }));
    expect(activeNavTitle('/activity-tracker', admin)).toBe('Activity Tracker');
  });
});
