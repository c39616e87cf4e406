import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backgroundFunctions, httpRoutes } from '#contract/routes';
import { repositoryRoot } from './repository-root';
import { warmUpHandlerEntries } from './warm-up';

describe('warmUpHandlerEntries', () => {
  const entries = warmUpHandlerEntries();

  it('covers what a first generation goes through: authorizers, every generation endpoint, the workers', () => {
    expect(entries).toContain(backgroundFunctions.httpAuthorizer);
    expect(entries).toContain(backgroundFunctions.webSocketAuthorizer);
    expect(entries).toContain(backgroundFunctions.worker);
    expect(entries).toContain(backgroundFunctions.mediaWorker);
    const newsletter = httpRoutes.find((route) => route.path === '/api/generate-newsletter');
    expect(newsletter).toBeDefined();
    expect(entries).toContain(newsletter?.function.entry);
    // The authorizers come before the handlers they guard, and the worker after the endpoints that queue.
    expect(entries.indexOf(backgroundFunctions.httpAuthorizer)).toBeLessThan(
      entries.indexOf(newsletter?.function.entry ?? ''),
    );
    expect(entries.indexOf(backgroundFunctions.worker)).toBeGreaterThan(
      entries.indexOf(newsletter?.function.entry ?? ''),
    );
  });

  it('names only files that exist, each once', () => {
    for (const entry of entries) expect(existsSync(join(repositoryRoot, entry)), entry).toBe(true);
    expect(new Set(entries).size).toBe(entries.length);
  });
});
