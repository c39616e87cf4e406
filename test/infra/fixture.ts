import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { HttpRoute } from '#contract/routes';
import { addComplianceChecks } from '#infra/compliance';
import {
  allEntries,
  buildUnbundledApp,
  cdkJsonContext,
  type StandInRootOptions,
  writeStandInProjectRoot,
} from '#infra/unbundled-app';
import { builtOnce, scratchDir } from './run-cache';

/**
 * Builds the real stack against a throw-away project root: the handler entries exist (NodejsFunction
 * checks that) but are never bundled, because the context skips bundling for every stack. That keeps the
 * infra tests independent of the handlers' code and fast.
 */

export const repositoryRoot = join(import.meta.dirname, '..', '..');

/** A fresh directory under the test file's scratch folder, removed after the file's tests. */
export const tempDir = scratchDir;

/**
 * Runs `work` with an `npm` first on the PATH that fails: bundling must copy what it needs from the
 * project (infra/lambda-native-modules.ts), never install from the registry.
 */
export function withoutNpm<T>(work: () => T): T {
  const bin = tempDir('no-npm-');
  writeFileSync(join(bin, 'npm'), '#!/bin/sh\necho "npm ran during the synth: $*" >&2\nexit 1\n', {
    mode: 0o755,
  });
  const path = process.env.PATH;
  process.env.PATH = `${bin}:${path ?? ''}`;
  try {
    return work();
  } finally {
    process.env.PATH = path;
  }
}

export const TEST_DOMAIN = 'agency.test';

export const BASE_CONTEXT: Readonly<Record<string, unknown>> = {
  allowedEmailDomain: TEST_DOMAIN,
  adminEmails: `boss@${TEST_DOMAIN}`,
  backlinkManagerUrl: 'https://backlinks.example.org',
};

export { allEntries };

export type ProjectRootOptions = StandInRootOptions;

export function createProjectRoot(options: ProjectRootOptions = {}): string {
  return writeStandInProjectRoot(tempDir('project-'), options);
}

export interface SynthOptions {
  readonly context?: Readonly<Record<string, unknown>>;
  readonly projectRoot?: string;
  readonly compliance?: boolean;
  /** Where the cloud assembly is written; a scratch folder by default. */
  readonly outdir?: string;
  /** A route table other than contract/routes.ts (its functions' entries must exist in the project root). */
  readonly httpRoutes?: readonly HttpRoute[];
  /**
   * Build the app as bin/app.ts does, the main stack in this region with its us-east-1 edge stack
   * (infra/app-stacks.ts); without it, the main stack alone, environment-agnostic.
   */
  readonly region?: string;
}

export function buildApp(options: SynthOptions = {}) {
  const outdir = options.outdir ?? tempDir('cdk-out-');
  const { app, stack, edge } = buildUnbundledApp({
    context: { ...cdkJsonContext(repositoryRoot), ...BASE_CONTEXT, ...options.context },
    projectRoot: options.projectRoot ?? createProjectRoot(),
    outdir,
    ...(options.httpRoutes ? { httpRoutes: options.httpRoutes } : {}),
    ...(options.region ? { region: options.region } : {}),
  });
  if (options.compliance) addComplianceChecks(app);
  return { app, stack, edge, outdir };
}

interface Synthesized {
  readonly template: Template;
  /** Cloud assembly directory (staged assets, e.g. the generated config.json). */
  readonly outdir: string;
}

let shared: Synthesized | undefined;

/**
 * The app of BASE_CONTEXT, synthesized once per test run (test/infra/run-cache.ts) and read by every
 * file that asks: a synthesis of the whole stack costs seconds, and tens of them on a loaded machine.
 * Its project root is a fixture of empty handlers (nothing is bundled). A test that needs another
 * context calls `buildApp` with it.
 */
export function sharedTemplate(): Synthesized {
  if (!shared) {
    const dir = builtOnce('default-app', (dir) => {
      const { stack } = buildApp({ outdir: join(dir, 'cdk.out'), projectRoot: createProjectRoot() });
      writeFileSync(join(dir, 'template.json'), JSON.stringify(Template.fromStack(stack).toJSON()));
    });
    const template = Template.fromJSON(JSON.parse(readFileSync(join(dir, 'template.json'), 'utf8')));
    shared = { template, outdir: join(dir, 'cdk.out') };
  }
  return shared;
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
  readonly DependsOn?: readonly string[];
}

export function resourcesOf(template: Template): Record<string, CfnResource> {
  const { Resources } = template.toJSON();
  return Resources;
}

export function resourcesOfType(template: Template, type: string): [string, CfnResource][] {
  return Object.entries(resourcesOf(template)).filter(([, resource]) => resource.Type === type);
}

export interface Statement {
  readonly actions: readonly string[];
  readonly resources: readonly unknown[];
  readonly condition?: unknown;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** The policy documents of a role: its own inline policies and the AWS::IAM::Policy resources on it. */
function policyDocumentsOfRole(all: Record<string, CfnResource>, roleId: string): unknown[] {
  const own = asArray(all[roleId]?.Properties?.Policies ?? []).map((policy) =>
    policy && typeof policy === 'object' && 'PolicyDocument' in policy ? policy.PolicyDocument : undefined,
  );
  const attached = Object.values(all)
    .filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' &&
        JSON.stringify(resource.Properties?.Roles).includes(`"Ref":"${roleId}"`),
    )
    .map((resource) => resource.Properties?.PolicyDocument);
  return [...own, ...attached];
}

/** The logical id of a Lambda function's execution role. */
export function roleOfFunction(template: Template, functionLogicalId: string): string {
  const fn = resourcesOf(template)[functionLogicalId];
  if (!fn) throw new Error(`No resource ${functionLogicalId}`);
  const role = JSON.stringify(fn.Properties?.Role);
  const roleId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(role)?.[1];
  if (!roleId) throw new Error(`${functionLogicalId} has no role of this stack`);
  return roleId;
}

/**
 * The allowed IAM statements of a Lambda function's role, flattened; with `withConditions`, each with its
 * Condition block where it has one.
 */
export function statementsOfFunction(
  template: Template,
  functionLogicalId: string,
  options: { readonly withConditions?: boolean } = {},
): Statement[] {
  const all = resourcesOf(template);
  const roleId = roleOfFunction(template, functionLogicalId);
  const statements: Statement[] = [];
  for (const document of policyDocumentsOfRole(all, roleId)) {
    const list =
      document && typeof document === 'object' && 'Statement' in document ? document.Statement : [];
    for (const statement of asArray(list)) {
      if (
        !statement ||
        typeof statement !== 'object' ||
        !('Effect' in statement) ||
        statement.Effect !== 'Allow'
      )
        continue;
      const actions = 'Action' in statement ? asArray(statement.Action).map(String) : [];
      const resources = 'Resource' in statement ? asArray(statement.Resource) : [];
      statements.push({
        actions,
        resources,
        ...(options.withConditions && 'Condition' in statement ? { condition: statement.Condition } : {}),
      });
    }
  }
  return statements;
}

export const actionsOfFunction = (template: Template, functionLogicalId: string): string[] =>
  statementsOfFunction(template, functionLogicalId).flatMap((statement) => [...statement.actions]);

/** The logical id of the one resource of a type whose id starts with a prefix. */
export function logicalIdOf(template: Template, type: string, prefix: string): string {
  const matches = resourcesOfType(template, type).filter(([id]) => id.startsWith(prefix));
  if (matches.length !== 1)
    throw new Error(`Expected one ${type} starting with ${prefix}, got ${matches.length}`);
  const [match] = matches;
  if (!match) throw new Error('unreachable');
  return match[0];
}

/**
 * The one `Custom::Trigger` (aws-cdk-lib/triggers) that invokes the current version of a function run
 * on deploy (`FunctionsTrashMigrationFunction` and the like); throws unless exactly one does.
 */
export function deployTriggerOf(template: Template, functionLogicalId: string): CfnResource {
  const versionId = logicalIdOf(
    template,
    'AWS::Lambda::Version',
    `Functions${functionLogicalId}CurrentVersion`,
  );
  const handlerArn = JSON.stringify({ Ref: versionId });
  const triggers = resourcesOfType(template, 'Custom::Trigger').filter(
    ([, trigger]) => JSON.stringify(trigger.Properties?.HandlerArn) === handlerArn,
  );
  const [only, ...others] = triggers;
  if (!only || others.length > 0)
    throw new Error(`Expected one trigger of ${functionLogicalId}, got ${triggers.length}`);
  return only[1];
}
