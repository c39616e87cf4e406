import { describe, expect, it } from 'vitest';
import { httpRoutes } from '#contract/routes';
import { API_KEY_SCOPES } from '#shared/api-keys';
import { TOOL_ROUTE_ENTRIES } from '#shared/tools/catalog';

/** Every route a key may call needs a scope (contract/routes.ts); no other route has one. */
describe('the routes’ scopes', () => {
  it('gives every apiKey route one scope and no other route any', () => {
    for (const route of httpRoutes) {
      if (route.auth === 'apiKey') expect(API_KEY_SCOPES, route.id).toContain(route.scope);
      else expect(route.scope, route.id).toBeUndefined();
    }
  });

  it('asks read of every read, generate of every tool, publish of the channel posts', () => {
    const scopeOf = (id: string) => httpRoutes.find((route) => route.id === id)?.scope;
    for (const route of httpRoutes.filter(
      (candidate) => candidate.auth === 'apiKey' && candidate.method === 'GET',
    )) {
      expect(route.scope, route.id).toBe('read');
    }
    for (const [, { id }] of TOOL_ROUTE_ENTRIES) expect(scopeOf(id), id).toBe('generate');
    for (const id of [
      'CreatePublication',
      'RetryPublication',
      'ReschedulePublication',
      'DeletePublication',
    ]) {
      expect(scopeOf(id), id).toBe('publish');
    }
    for (const id of ['CreateClient', 'SetClientBudget', 'UpdateSettings', 'CreateWebhook']) {
      expect(scopeOf(id), id).toBe('admin');
    }
  });
});
