import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildApp, createProjectRoot, resourcesOfType } from './fixture';

/**
 * docs/decisions.md, "Source maps": the frontend's source maps stay in the build output and never reach the
 * public site bucket. The build below holds maps next to the hashed bundles and at the top level; the staged
 * sources of both bucket deployments must carry the bundles and none of the maps.
 */

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

describe('frontend deployment', () => {
  const projectRoot = createProjectRoot();
  const dist = join(projectRoot, 'frontend', 'dist');
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}\n');
  mkdirSync(join(dist, 'assets', 'nested'));
  writeFileSync(join(dist, 'assets', 'nested', 'chunk-def456.js'), 'console.log(2);\n');
  writeFileSync(join(dist, 'assets', 'nested', 'chunk-def456.js.map'), '{"version":3}\n');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(dist, 'sw.js.map'), '{"version":3}\n');

  const { stack, outdir } = buildApp({ projectRoot });
  const template = Template.fromStack(stack);
  const deployments = resourcesOfType(template, 'Custom::CDKBucketDeployment').map(
    ([, resource]) => resource,
  );

  /** The files of a deployment's first source (the build directory), as staged in the cloud assembly. */
  const stagedFiles = (prune: boolean): string[] => {
    const keys = deployments.find((deployment) => deployment.Properties?.Prune === prune)?.Properties
      ?.SourceObjectKeys;
    if (!Array.isArray(keys)) throw new Error('deployment without sources');
    return filesUnder(join(outdir, `asset.${String(keys[0]).replace(/\.zip$/, '')}`)).sort();
  };

  it('uploads the hashed bundles without their source maps', () => {
    expect(stagedFiles(false)).toEqual(['index-abc123.js', join('nested', 'chunk-def456.js')]);
  });

  it('uploads the rest of the build without source maps', () => {
    expect(stagedFiles(true)).toEqual(['index.html', 'landing.html', 'sw.js']);
  });
});
