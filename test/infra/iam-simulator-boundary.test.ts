import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesReached } from '../../bench/lambda-bundles';
import { repositoryRoot } from './fixture';
import { SHARED_BUNDLES_TIMEOUT_MS, sharedLambdaBundles } from './shared-bundles';

/**
 * The local IAM enforcement uses @cloud-copilot/iam-simulate and iam-data, which are AGPL-3.0: the
 * project may use them only as development tools (docs/decisions.md, "IAM enforced locally"). They
 * must never reach what is deployed: no Lambda bundle, no frontend asset.
 */
const AGPL_PACKAGES = ['@cloud-copilot/'];

describe('the IAM simulator stays a development tool', () => {
  it('is a development dependency only', () => {
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    for (const name of Object.keys(manifest.dependencies)) expect(name).not.toMatch(/^@cloud-copilot\//);
    expect(Object.keys(manifest.devDependencies)).toContain('@cloud-copilot/iam-simulate');
  });

  // Bundling every Lambda comes first; on a loaded machine that outlasts the infra tests' 120 s.
  it('reaches no Lambda bundle, lazily loaded parts included', {
    timeout: SHARED_BUNDLES_TIMEOUT_MS,
  }, async () => {
    const { entries, bundles } = await sharedLambdaBundles();
    for (const entry of entries) {
      const bundle = bundles.get(entry.id);
      expect(bundle, entry.id).toBeDefined();
      if (!bundle) continue;
      const reached = [...modulesReached(bundle.inputs, entry.entry)];
      expect(reached.length, entry.id).toBeGreaterThan(0);
      for (const module of reached) {
        for (const name of AGPL_PACKAGES) expect(module, `${entry.id} bundles ${module}`).not.toContain(name);
      }
    }
  });

  it('reaches no frontend asset', () => {
    const assets = join(repositoryRoot, 'frontend', 'dist', 'assets');
    if (!existsSync(assets)) return;
    for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
      const code = readFileSync(join(assets, file), 'utf8');
      expect(code, file).not.toContain('iam-simulate');
      expect(code, file).not.toContain('cloud-copilot');
    }
  });
});
