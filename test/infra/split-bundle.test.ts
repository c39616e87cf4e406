import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { backgroundFunctions } from '#contract/routes';
import { AppFunction } from '#infra/app-function';
import { ESM_REQUIRE_BANNER } from '#infra/lambda-build-options';
import { MEDIA_WORKER_FILES, nativeModulesBundling } from '#infra/media-bundling';
import { SPLIT_HANDLER } from '#infra/split-bundle';
import type { LambdaBundle } from '../../bench/lambda-bundles';
import { repositoryRoot, tempDir, withoutNpm } from './fixture';
import { SHARED_BUNDLES_TIMEOUT_MS, sharedBundleOf } from './shared-bundles';

/**
 * Every function is code-split (infra/split-bundle.ts): the SDK's optional credential providers load
 * only where the environment holds no credentials, and in the workers a provider's SDK, compromise and
 * linkedom only when a job imports them. These tests check the deployed asset's shape, the
 * workers' cold-start graph (esbuild's metafile, built with the stack's own options), and that Node
 * indeed reads nothing else: the entry imports with every lazily loaded chunk deleted.
 */

/** Imports a module in a fresh Node process (as Lambda's init does) and calls its handler if asked. */
function importInNode(file: string, callHandler: boolean): string {
  const url = pathToFileURL(file).href;
  const script = callHandler
    ? `const { handler } = await import(${JSON.stringify(url)}); console.log(await handler());`
    : `const { handler } = await import(${JSON.stringify(url)}); console.log(typeof handler);`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/**
 * Writes a split function's folder with only its cold-start files (and their maps), inside the
 * repository (tempDir is), so the media worker's unbundled sharp and espeak-ng resolve.
 */
function writeColdStartOnly(id: string, bundle: LambdaBundle): string {
  const split = bundle.split;
  if (!split) throw new Error(`${id} is not code-split`);
  const dir = join(tempDir('cold-start-'), id);
  const kept = new Set(split.coldStart.flatMap((path) => [path, `${path}.map`]));
  for (const [path, contents] of split.files) {
    if (!kept.has(path)) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  return join(dir, 'index.mjs');
}

const LAZY_PACKAGES = ['openai', '@anthropic-ai/sdk', '@google/genai', 'compromise', 'linkedom'] as const;

/** What the SDK's default credential chain imports only when the environment holds no credentials. */
const OPTIONAL_CREDENTIAL_PACKAGES = [
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/nested-clients',
] as const;

describe('Code-split functions', () => {
  it("leaves the SDK's optional credential providers out of a function's cold start (the HTTP authorizer)", {
    timeout: SHARED_BUNDLES_TIMEOUT_MS,
  }, async () => {
    const { entry, bundle } = await sharedBundleOf(backgroundFunctions.httpAuthorizer);
    const cold = bundle.split.coldStartParts.map((part) => part.name);
    // The client and the environment's credentials load at once: the checks below would pass for
    // nothing if the parts were misnamed.
    expect(cold).toEqual(
      expect.arrayContaining(['@aws-sdk/client-dynamodb', '@aws-sdk/credential-provider-env']),
    );
    const lazy = bundle.split.lazy.flatMap((part) => part.parts.map((group) => group.name));
    for (const name of OPTIONAL_CREDENTIAL_PACKAGES) {
      expect(cold, `${name} loads at cold start`).not.toContain(name);
      expect(lazy, `${name} is in no chunk`).toContain(name);
    }
    expect(importInNode(writeColdStartOnly(entry.id, bundle), false)).toBe('function');
  });

  it('deploys a split function as index.mjs, its chunks and their maps, and reads a chunk on first use', () => {
    const outdir = tempDir('split-asset-');
    const app = new App({ outdir });
    const stack = new Stack(app, 'SplitFixture');
    new AppFunction(stack, 'Fixture', {
      settings: { projectRoot: repositoryRoot, logRetention: RetentionDays.ONE_DAY },
      entry: 'test/infra/fixtures/split-handler.ts',
      description: 'code-splitting fixture',
      environment: {},
      logicalId: 'SplitFunction',
    });
    const template = app.synth().getStackByName('SplitFixture').template;
    const properties = template.Resources.SplitFunction.Properties;
    expect(properties).toMatchObject({
      Handler: SPLIT_HANDLER,
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
    });
    // Node does not parse the maps at load (functions/commons/readable-stack.ts maps a logged stack).
    expect(JSON.stringify(properties.Environment ?? {})).not.toContain('enable-source-maps');
    const asset = join(outdir, `asset.${String(properties.Code.S3Key).replace(/\.zip$/, '')}`);
    const chunks = readdirSync(join(asset, 'chunks'));
    expect(readdirSync(asset).sort()).toEqual(['chunks', 'index.mjs', 'index.mjs.map']);
    const chunkCode = chunks.filter((name) => name.endsWith('.mjs'));
    expect(chunkCode.length).toBeGreaterThan(0);

    // Every file: minified, the banner on top, its map beside it without the sources.
    for (const file of ['index.mjs', ...chunkCode.map((name) => `chunks/${name}`)]) {
      const code = readFileSync(join(asset, file), 'utf8');
      expect(code.startsWith(ESM_REQUIRE_BANNER), file).toBe(true);
      expect(code).not.toMatch(/^[ \t]+\S/m);
      const map = JSON.parse(readFileSync(join(asset, `${file}.map`), 'utf8'));
      expect(map.sourcesContent).toBeUndefined();
    }
    // ws sits in a chunk of its own, not in the entry.
    const wsMessage = 'WebSocket was closed before the connection was established';
    expect(readFileSync(join(asset, 'index.mjs'), 'utf8')).not.toContain(wsMessage);
    const wsChunks = chunkCode.filter((name) =>
      readFileSync(join(asset, 'chunks', name), 'utf8').includes(wsMessage),
    );
    expect(wsChunks).toHaveLength(1);

    // Runs as Lambda runs it: the chunk's CommonJS needs the banner's `require`.
    expect(importInNode(join(asset, 'index.mjs'), true)).toBe('function');
    // Without that chunk the module still loads (it is not read at import), the call does not.
    rmSync(join(asset, 'chunks', wsChunks[0] ?? ''));
    expect(importInNode(join(asset, 'index.mjs'), false)).toBe('function');
    expect(() => importInNode(join(asset, 'index.mjs'), true)).toThrow(/Cannot find module/);
  });

  it('keeps the provider SDKs, compromise and linkedom out of the text worker cold start', {
    timeout: SHARED_BUNDLES_TIMEOUT_MS,
  }, async () => {
    const { entry: worker, bundle } = await sharedBundleOf(backgroundFunctions.worker);
    const { split } = bundle;

    // The size the budget test holds is the cold start: the entry and its static chunks.
    const coldBytes = split.coldStart.reduce(
      (sum, path) => sum + (split.files.get(path)?.byteLength ?? 0),
      0,
    );
    expect(Buffer.byteLength(bundle.code)).toBe(coldBytes + split.coldStart.length - 1);
    expect(coldBytes).toBeLessThan(split.totalCodeBytes / 2);

    const cold = split.coldStartParts.map((part) => part.name);
    // What every job needs loads at once (the table's toolbox): the checks below would pass for nothing
    // if the parts were misnamed.
    expect(cold).toContain('dynamodb-toolbox');
    for (const lazy of LAZY_PACKAGES) expect(cold, `${lazy} loads at cold start`).not.toContain(lazy);

    // Each provider adapter is a part of its own, loaded when a job picks it, and brings its SDK.
    const lazyPart = (module: string) => split.lazy.find((part) => part.module === module);
    for (const [module, sdk] of [
      ['functions/providers/openai-text-provider.ts', 'openai'],
      ['functions/providers/anthropic-text-provider.ts', '@anthropic-ai/sdk'],
      ['functions/providers/google-text-provider.ts', '@google/genai'],
      ['functions/commons/extract-readable.ts', 'linkedom'],
    ] as const) {
      expect(
        lazyPart(module)?.parts.map((part) => part.name),
        module,
      ).toContain(sdk);
    }

    // Node reads only those files: the entry imports with every other chunk deleted.
    const entryFile = writeColdStartOnly(worker.id, bundle);
    expect(
      readdirSync(join(dirname(entryFile), 'chunks')).filter((name) => name.endsWith('.mjs')),
    ).toHaveLength(split.coldStart.length - 1);
    expect(importInNode(entryFile, false)).toBe('function');
  });

  it('keeps the provider SDKs out of the media worker cold start', {
    timeout: SHARED_BUNDLES_TIMEOUT_MS,
  }, async () => {
    const { entry: media, bundle } = await sharedBundleOf(backgroundFunctions.mediaWorker);
    const { split } = bundle;
    const cold = split.coldStartParts.map((part) => part.name);
    for (const lazy of LAZY_PACKAGES) expect(cold, `${lazy} loads at cold start`).not.toContain(lazy);
    for (const module of [
      'functions/providers/openai-image-provider.ts',
      'functions/providers/openai-speech-provider.ts',
      'functions/providers/google-image-provider.ts',
    ]) {
      expect(split.lazy.map((part) => part.module)).toContain(module);
    }
    expect(importInNode(writeColdStartOnly(media.id, bundle), false)).toBe('function');
  });

  it('copies sharp for Lambda arm64 Linux, without npm, and the font beside a split build', () => {
    const outdir = tempDir('split-media-');
    const app = new App({ outdir });
    const stack = new Stack(app, 'SplitMediaFixture');
    // CDK bundles an asset when the function is built: npm is barred from then on.
    withoutNpm(() => {
      new AppFunction(stack, 'Fixture', {
        settings: { projectRoot: repositoryRoot, logRetention: RetentionDays.ONE_DAY },
        entry: 'test/infra/fixtures/sharp-handler.ts',
        description: 'split sharp fixture',
        environment: {},
        logicalId: 'FixtureFunction',
        bundling: nativeModulesBundling(repositoryRoot, ['sharp'], MEDIA_WORKER_FILES),
      });
    });
    const template = app.synth().getStackByName('SplitMediaFixture').template;
    const key = String(template.Resources.FixtureFunction.Properties.Code.S3Key).replace(/\.zip$/, '');
    const asset = join(outdir, `asset.${key}`);
    const files = readdirSync(asset);
    expect(files).toEqual(expect.arrayContaining(['index.mjs', 'DejaVuSans-Bold.ttf', 'node_modules']));
    // sharp stays an import of the bundle, resolved from the folder beside it.
    expect(readFileSync(join(asset, 'index.mjs'), 'utf8')).toMatch(/import\("sharp"\)/);
    const platforms = readdirSync(join(asset, 'node_modules', '@img'));
    expect(platforms).toContain('sharp-linux-arm64');
    expect(platforms.filter((name) => name.includes('x64'))).toEqual([]);
    expect(existsSync(join(asset, 'node_modules', 'sharp', 'package.json'))).toBe(true);
  }, 300_000);
});
