import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { backgroundFunctions, type HttpRoute, httpRoutes, webSocketRoutes } from '#contract/routes';
import { createAppStacks } from './app-stacks';
import { readAppConfig } from './config';
import type { LbmStudioEdgeStack } from './edge-stack';
import { LANDING_PAGE_FILE } from './spa-rewrite';
import { LbmStudioStack } from './stack';

/**
 * The stack synthesized without bundling (`aws:cdk:bundling-stacks: []`): every resource, role and
 * policy as `cdk synth` writes them, without building a Lambda. The infra tests and the local runtime's
 * IAM enforcement (local/iam/) read this template; a Lambda's code does not change its template except
 * through the asset hash, which neither reads.
 *
 * The project root is a stand-in: each handler entry exists (the stack checks) as an empty handler, and
 * the frontend is one page, so CDK hashes a few bytes instead of the repository.
 */

/** Every handler entry of the stack: route functions, WebSocket routes and background functions. */
export function allEntries(routes: readonly HttpRoute[] = httpRoutes): string[] {
  return [
    ...routes.map((route) => route.function.entry),
    ...webSocketRoutes.map((route) => route.entry),
    ...Object.values(backgroundFunctions),
  ];
}

export interface StandInRootOptions {
  readonly withHashedAssets?: boolean;
  readonly withFrontend?: boolean;
}

/** Writes the stand-in project root into `root` (an empty folder). */
export function writeStandInProjectRoot(root: string, options: StandInRootOptions = {}): string {
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  writeFileSync(
    join(root, 'package.json'),
    '{"name":"fixture","dependencies":{"sharp":"*","espeak-ng":"*"}}\n',
  );
  for (const entry of allEntries()) {
    mkdirSync(dirname(join(root, entry)), { recursive: true });
    writeFileSync(join(root, entry), 'export const handler = async () => undefined;\n');
  }
  if (options.withFrontend ?? true) {
    const dist = join(root, 'frontend', 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>LBM Studio</title>\n');
    writeFileSync(
      join(dist, LANDING_PAGE_FILE),
      '<!doctype html><title>LBM Studio</title><h1>LBM Studio</h1>\n',
    );
    if (options.withHashedAssets ?? true) {
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
    }
  }
  return root;
}

/** The context of cdk.json (feature flags included), so a synthesis here sees what `cdk synth` sees. */
export function cdkJsonContext(repositoryRoot: string): Record<string, unknown> {
  const cdkJson: unknown = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8'));
  if (typeof cdkJson !== 'object' || cdkJson === null || !('context' in cdkJson)) return {};
  const { context } = cdkJson;
  return typeof context === 'object' && context !== null ? { ...context } : {};
}

export interface UnbundledAppOptions {
  readonly context: Readonly<Record<string, unknown>>;
  readonly projectRoot: string;
  readonly outdir: string;
  readonly httpRoutes?: readonly HttpRoute[];
  /**
   * Build the app as bin/app.ts does: the main stack in this region and its us-east-1 edge stack
   * (infra/app-stacks.ts). Without it, the main stack alone, environment-agnostic and without the web
   * ACL, which changes none of its roles.
   */
  readonly region?: string;
}

/** The app and its stacks, with bundling skipped for every stack. */
export function buildUnbundledApp(options: UnbundledAppOptions): {
  app: App;
  stack: LbmStudioStack;
  edge?: LbmStudioEdgeStack;
} {
  const app = new App({
    context: { ...options.context, 'aws:cdk:bundling-stacks': [] },
    outdir: options.outdir,
  });
  const config = readAppConfig((key) => app.node.tryGetContext(key));
  const props = {
    config,
    projectRoot: options.projectRoot,
    ...(options.httpRoutes ? { httpRoutes: options.httpRoutes } : {}),
  };
  if (options.region) {
    const { main, edge } = createAppStacks(app, { ...props, region: options.region });
    return { app, stack: main, edge };
  }
  return { app, stack: new LbmStudioStack(app, config.stackName, props) };
}
