import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '#contract/routes';
import { FUNCTION_ACCESS } from '#infra/function-access';
import { PUBLIC_ENDPOINTS } from '../public-api-schemas';
import { SAVABLE_KINDS, savedContentType } from '../saved-title';
import { USAGE_TOOL_LABELS } from '../usage';
import { TOOL_IDS, TOOL_ROUTES, TOOL_SAVES, TOOLS, toolEndpoint, toolsOf } from './catalog';
import { SCREEN_TOOL_IDS, TOOL_SCREENS } from './tool-screens';

const root = join(import.meta.dirname, '..', '..');

describe('the tool catalog', () => {
  it('gives each tool a generation route of the table, POST with a key or a sign-in', () => {
    for (const tool of TOOL_IDS) {
      const { id, path } = TOOL_ROUTES[tool];
      const served = httpRoutes.filter((route) => route.id === id);
      expect(served, tool).toHaveLength(1);
      expect(served[0], tool).toMatchObject({ method: 'POST', path: `/api/${path}`, auth: 'apiKey' });
    }
    expect(new Set(TOOL_IDS.map((tool) => TOOL_ROUTES[tool].path)).size).toBe(TOOL_IDS.length);
  });

  it('serves a tool without a shared function from its own handler, with the generation grants', () => {
    const own = TOOL_IDS.filter((tool) => !('sharedFunction' in TOOL_ROUTES[tool]));
    expect(own.length).toBeGreaterThan(0);
    for (const tool of own) {
      const entry = `functions/tools/${tool}/handler.ts`;
      const route = httpRoutes.find((candidate) => candidate.id === TOOL_ROUTES[tool].id);
      expect(route?.function, tool).toMatchObject({ id: TOOL_ROUTES[tool].id, entry, timeoutSeconds: 29 });
      expect(existsSync(join(root, entry)), entry).toBe(true);
      expect(FUNCTION_ACCESS[TOOL_ROUTES[tool].id], tool).toMatchObject({
        jobsQueue: true,
        providerSecret: true,
      });
    }
  });

  it('has the workers between them run every tool, each tool in one', () => {
    expect([...toolsOf('text'), ...toolsOf('media')].sort()).toEqual([...TOOL_IDS].sort());
  });

  it('names each tool on the usage page', () => {
    for (const tool of TOOL_IDS) expect(USAGE_TOOL_LABELS[tool], tool).toBe(TOOLS[tool].label);
  });

  it('saves each kind under one tool only, with its own type', () => {
    const kinds = TOOL_IDS.flatMap((tool) => Object.keys(TOOL_SAVES[tool]));
    expect(new Set(kinds).size).toBe(kinds.length);
    expect([...SAVABLE_KINDS].sort()).toEqual([...kinds].sort());
    expect(savedContentType('howto')).toBe('howto');
    expect(savedContentType('social')).toBe('client_content');
  });

  it('gives each screen its own path', () => {
    const paths = SCREEN_TOOL_IDS.map((tool) => TOOL_SCREENS[tool].path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(SCREEN_TOOL_IDS).not.toContain('gbp-image');
  });

  it('documents a generation endpoint for every tool, at its route (client content also at its public name)', () => {
    const documented = PUBLIC_ENDPOINTS.flatMap((endpoint) =>
      endpoint.jobTool ? [`${endpoint.jobTool} /api${endpoint.path}`] : [],
    );
    const expected = [
      ...TOOL_IDS.map((tool) => `${tool} ${toolEndpoint(tool)}`),
      'client-content /api/generate-content',
    ];
    expect([...documented].sort()).toEqual(expected.sort());
  });
});
