import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { AppFunction } from '#infra/app-function';
import { ESM_REQUIRE_BANNER } from '#infra/lambda-build-options';
import { repositoryRoot, tempDir } from './fixture';

describe('AppFunction bundling', () => {
  it('bundles a handler into one minified ES module with a source map that runs on Node', () => {
    const outdir = tempDir('bundle-');
    const app = new App({ outdir });
    const stack = new Stack(app, 'BundlingFixture');
    new AppFunction(stack, 'Fixture', {
      settings: { projectRoot: repositoryRoot, logRetention: RetentionDays.ONE_DAY },
      entry: 'test/infra/fixtures/esm-handler.ts',
      description: 'bundling fixture',
      environment: {},
      logicalId: 'FixtureFunction',
    });
    const assembly = app.synth();

    const template = assembly.getStackByName('BundlingFixture').template;
    const key = String(template.Resources.FixtureFunction.Properties.Code.S3Key).replace(/\.zip$/, '');
    const bundle = join(outdir, `asset.${key}`);
    expect(readdirSync(bundle).sort()).toEqual(['index.mjs', 'index.mjs.map']);

    const code = readFileSync(join(bundle, 'index.mjs'), 'utf8');
    expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    // Minified: no indentation anywhere, and the code of ws sits on a handful of lines (the few line
    // breaks left are inside its template literals).
    expect(code).not.toMatch(/^[ \t]+\S/m);
    expect(code.split('\n').length).toBeLessThan(20);
    expect(code).toContain('//# sourceMappingURL=index.mjs.map');
    const map = JSON.parse(readFileSync(join(bundle, 'index.mjs.map'), 'utf8'));
    expect(map.sourcesContent).toBeUndefined();
    expect(map.sources.some((source: string) => source.endsWith('test/infra/fixtures/esm-handler.ts'))).toBe(
      true,
    );

    // Loaded the way Lambda loads it: a plain ES module context, where `require` exists only if the
    // banner defines it (without it: 'Dynamic require of "events" is not supported').
    const url = pathToFileURL(join(bundle, 'index.mjs')).href;
    const script = `const { handler } = await import(${JSON.stringify(url)}); console.log(await handler());`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('function');
    expect(existsSync(join(bundle, 'node_modules'))).toBe(false);
  });
});
