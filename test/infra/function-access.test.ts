import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_ACCESS,
  DEFAULT_ROUTE_ACCESS,
  NO_ACCESS,
  ROUTE_FOLDER_ACCESS,
  routeAccess,
  routeFolder,
} from '#infra/function-access';
import { httpRoutes } from '#infra/routes';

describe('function access', () => {
  it('has a deliberate entry for every handler folder of the route table', () => {
    const folders = new Set(httpRoutes.map(routeFolder));
    for (const folder of folders) expect(Object.keys(ROUTE_FOLDER_ACCESS)).toContain(folder);
  });

  it('lets only generation endpoints (tools and the public API’s own) enqueue jobs', () => {
    for (const route of httpRoutes.filter((candidate) => routeAccess(candidate).jobsQueue)) {
      expect(route.entry).toMatch(/^functions\/(tools|public-api)\//);
      expect(route.id).toMatch(/^(Generate|RewriteBlog|TextToSpeech)/);
    }
  });

  it('gives public routes no access at all', () => {
    // GET /api/media is public for <img>/<audio> tags, which send no header; its signed token is the check.
    for (const route of httpRoutes.filter(
      (candidate) => candidate.auth === 'public' && candidate.id !== 'GetMedia',
    )) {
      expect(routeAccess(route)).toEqual(NO_ACCESS);
    }
  });

  it('keeps the provider keys to the worker and image analysis (its vision call is direct)', () => {
    const routes = httpRoutes.filter((route) => routeAccess(route).providerSecret).map((route) => route.id);
    expect(routes).toEqual(['AnalyzeImage']);
    const holders = Object.entries(BACKGROUND_ACCESS)
      .filter(([, access]) => access.providerSecret)
      .map(([name]) => name);
    expect(holders).toEqual(['worker']);
  });

  it('lets client writes encrypt and WordPress routes decrypt with the WordPress key, nobody else', () => {
    for (const route of httpRoutes) {
      const use = routeAccess(route).wordpressKey;
      if (use === 'encrypt') expect(['CreateClient', 'UpdateClient']).toContain(route.id);
      else if (use === 'decrypt') expect(routeFolder(route)).toBe('wordpress');
      else expect(use).toBe(false);
    }
    expect(BACKGROUND_ACCESS.worker.wordpressKey).toBe(false);
    expect(BACKGROUND_ACCESS.httpAuthorizer.wordpressKey).toBe(false);
  });

  it('lets the WordPress routes push their activities to the admins live', () => {
    expect(routeAccess({ entry: 'functions/wordpress/create-post.ts' }).webSocket).toBe(true);
  });

  it('falls back to table-only access for a folder it does not know', () => {
    expect(routeAccess({ entry: 'functions/brand-new/handler.ts' })).toEqual(DEFAULT_ROUTE_ACCESS);
    expect(DEFAULT_ROUTE_ACCESS).toEqual({ ...NO_ACCESS, table: 'readWrite' });
  });

  it('refuses an entry outside functions/<folder>/', () => {
    expect(() => routeFolder({ entry: 'handler.ts' })).toThrow('is not under functions/<folder>/');
  });
});
