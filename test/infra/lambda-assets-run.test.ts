import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_NODE_MAJOR } from '#infra/lambda-build-options';
import {
  INSTALL_COMMAND,
  LAMBDA_NODE_DIR,
  LAMBDA_NODE_PACKAGE,
  LAMBDA_PLATFORM,
} from '#infra/lambda-native-modules';
import { LAMBDA_RUNTIME } from '#infra/lambda-runtime';
import { type BundledFunction, carriedBeside, functionBundling } from '#infra/media-bundling';
import {
  backgroundFunctions,
  envNames,
  gatewayFunction,
  httpFunctions,
  UNMATCHED_ROUTE_KEY,
} from '#infra/routes';
import { runAfterBundling, SPLIT_HANDLER } from '#infra/split-bundle';
import { functionEntries } from '#local/functions/function-catalog';
import { httpApiEvent } from '#local/http-api-event';
import { EMAIL_DOMAIN_MESSAGES } from '#shared/email-domain';
import { repositoryRoot, resourcesOfType, sharedTemplate, TEST_DOMAIN } from './fixture';
import type { RunPlan, RunReport } from './fixtures/lambda-asset-runner';
import { SHARED_BUNDLES_TIMEOUT_MS, sharedBundleOf } from './shared-bundles';

/**
 * Issue 40 items 2 and 3: every function's asset runs on the Node that Lambda runs, for the function's
 * architecture. Each asset (the shared bundle of the run, test/infra/shared-bundles.ts, with what the
 * stack's bundling carries beside it, infra/media-bundling.ts) is copied into a folder of its own under
 * the system's temporary folder, with no node_modules above it, so a file or package the bundling
 * forgets fails here as it fails in AWS. There it is imported by Lambda's Node for linux arm64 (the
 * npm package, `npm run install:lambda-native`), run under qemu's user-mode emulation on another
 * machine, with the function's environment from the synthesized template and the variables Lambda
 * sets. The handlers that need no AWS call are invoked; the packages carried beside a bundle are
 * loaded from it (sharp draws, for arm64); the media worker draws an image without a provider key.
 */

const template = sharedTemplate().template;

/** qemu's name for the architecture, and Debian's glibc for it (libc6-arm64-cross). */
const QEMU = { binary: 'qemu-aarch64-static', sysroot: '/usr/aarch64-linux-gnu' } as const;
const QEMU_PACKAGES = 'qemu-user-static libc6-arm64-cross libstdc++6-arm64-cross';

/** Any AWS call a handler makes by mistake is refused at once instead of waiting on the network. */
const NO_AWS_ENDPOINT = 'http://127.0.0.1:9';
const REGION = 'eu-west-1';
const ACCOUNT = '123456789012';

/** Lambda's Node binary as its package names it. */
function lambdaNodeBinary(): string {
  const folder = join(repositoryRoot, LAMBDA_NODE_DIR, 'node_modules', LAMBDA_NODE_PACKAGE);
  const manifest = join(folder, 'package.json');
  if (!existsSync(manifest)) {
    throw new Error(
      `${LAMBDA_NODE_PACKAGE} is not installed in ${LAMBDA_NODE_DIR}: run \`${INSTALL_COMMAND}\``,
    );
  }
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { node: string } };
  return join(folder, bin.node);
}

function onPath(name: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((folder) => join(folder, name))
    .find((file) => existsSync(file));
}

/** How this machine runs a program built for Lambda's architecture: directly, or under qemu. */
function lambdaNodeCommand(): readonly string[] {
  const node = lambdaNodeBinary();
  if (process.arch === LAMBDA_PLATFORM.cpu) return [node];
  const qemu = onPath(QEMU.binary);
  if (!qemu || !existsSync(join(QEMU.sysroot, 'lib'))) {
    throw new Error(
      `Running Lambda's ${LAMBDA_PLATFORM.cpu} Node on ${process.arch} needs qemu and an ${LAMBDA_PLATFORM.cpu} glibc: apt-get install ${QEMU_PACKAGES} (.ci/run installs them)`,
    );
  }
  return [qemu, '-L', QEMU.sysroot, node];
}

type Intrinsic =
  | string
  | number
  | boolean
  | null
  | readonly Intrinsic[]
  | { readonly [key: string]: Intrinsic };

const PSEUDO: Readonly<Record<string, string>> = {
  'AWS::Region': REGION,
  'AWS::AccountId': ACCOUNT,
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': 'LbmStudio',
};

/**
 * A template value as a deployed function would see it, with stand-ins for what only a deployment
 * knows: a Ref its logical id, an ARN-shaped GetAtt, joins joined.
 */
function resolveValue(value: Intrinsic): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (value === null || Array.isArray(value)) throw new Error(`Cannot resolve ${JSON.stringify(value)}`);
  const object = value as { readonly [key: string]: Intrinsic };
  const ref = object.Ref;
  if (typeof ref === 'string') return PSEUDO[ref] ?? ref.toLowerCase();
  const getAtt = object['Fn::GetAtt'];
  if (Array.isArray(getAtt)) {
    const [resource, attribute] = getAtt.map(String);
    return attribute?.endsWith('Arn')
      ? `arn:aws:standin:${REGION}:${ACCOUNT}:${String(resource).toLowerCase()}`
      : `${String(resource).toLowerCase()}-${String(attribute).toLowerCase()}`;
  }
  const join = object['Fn::Join'];
  if (Array.isArray(join)) {
    const [separator, parts] = join;
    if (typeof separator === 'string' && Array.isArray(parts)) return parts.map(resolveValue).join(separator);
  }
  throw new Error(`Cannot resolve ${JSON.stringify(value)}`);
}

interface DeployedFunction {
  /** The catalog id (`${id}Function` is the logical id). */
  readonly id: string;
  /** As the bundling sees it: the route table's entry for a route function, else its handler. */
  readonly spec: BundledFunction;
  readonly properties: Record<string, unknown>;
}

/**
 * The stack's own functions, by the catalog's ids (local/functions/function-catalog.ts); CDK's
 * custom-resource providers (bucket deployment, triggers) run CDK's code on CDK's runtimes.
 */
function deployedFunctions(): DeployedFunction[] {
  return resourcesOfType(template, 'AWS::Lambda::Function').flatMap(([logicalId, resource]) => {
    const id = logicalId.replace(/Function$/, '');
    const entry = functionEntries.get(id);
    if (!entry || logicalId !== `${id}Function`) return [];
    const spec = httpFunctions.find((candidate) => candidate.id === id) ?? { entry };
    return [{ id, spec, properties: resource.Properties ?? {} }];
  });
}

/** The environment Lambda gives the function: the template's variables, then Lambda's own. */
function lambdaEnvironment(fn: DeployedFunction, root: string): Record<string, string> {
  const environment = fn.properties.Environment as { Variables?: Record<string, Intrinsic> } | undefined;
  const variables = Object.fromEntries(
    Object.entries(environment?.Variables ?? {}).map(([name, value]) => [name, resolveValue(value)]),
  );
  return {
    ...variables,
    // What Lambda sets ("Defined runtime environment variables" in its developer guide).
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_EXECUTION_ENV: `AWS_Lambda_${String(fn.properties.Runtime)}`,
    AWS_LAMBDA_FUNCTION_NAME: `${fn.id}Function`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.properties.MemorySize),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_LOG_FORMAT: 'JSON',
    AWS_ACCESS_KEY_ID: 'ASIARUNTESTSTANDIN',
    AWS_SECRET_ACCESS_KEY: 'run-test-stand-in',
    AWS_SESSION_TOKEN: 'run-test-stand-in',
    AWS_ENDPOINT_URL: NO_AWS_ENDPOINT,
    LAMBDA_TASK_ROOT: root,
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    PATH: '/usr/local/bin:/usr/bin:/bin',
  };
}

/** The events of the handlers that need no AWS call, by function id. */
const gatewayEvent = (routeKey: string, method: string, rawPath: string) =>
  httpApiEvent({ routeKey, method, rawPath, headers: { host: 'api.example.test' } });

const preSignUp = (email: string) => ({
  version: '1',
  triggerSource: 'PreSignUp_SignUp',
  region: REGION,
  userPoolId: `${REGION}_standin`,
  userName: 'run-test-user',
  callerContext: { awsSdkVersion: 'aws-sdk-js-3', clientId: 'standin' },
  request: { userAttributes: { email }, validationData: {} },
  response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
});

const INVOCATIONS: Readonly<Record<string, RunPlan['invocations']>> = {
  [gatewayFunction.id]: [
    { name: 'health', event: gatewayEvent('GET /api/health', 'GET', '/api/health') },
    { name: 'unmatched', event: gatewayEvent(UNMATCHED_ROUTE_KEY, 'GET', '/api/no-such-thing') },
  ],
  GetOpenApiDocument: [
    { name: 'openapi', event: gatewayEvent('GET /api/openapi.json', 'GET', '/api/openapi.json') },
  ],
  PreSignUp: [
    { name: 'allowed', event: preSignUp(`new.person@${TEST_DOMAIN}`) },
    { name: 'refused', event: preSignUp('someone@elsewhere.test') },
  ],
};

const IMAGE_TOOL = {
  module: 'functions/tools/image-generation/definition.ts',
  exportName: 'imageGenerationTool',
};

interface Run {
  readonly fn: DeployedFunction;
  readonly root: string;
  readonly report: RunReport;
  readonly seconds: number;
}

const scratch = mkdtempSync(join(tmpdir(), 'lbm-lambda-assets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const runFile = promisify(execFile);

/** Copies a function's asset into its own folder and runs the plan there on Lambda's Node. */
async function runAsset(fn: DeployedFunction, command: readonly string[], runner: string): Promise<Run> {
  const { bundle } = await sharedBundleOf(fn.spec.entry);
  const root = join(scratch, fn.id);
  for (const [path, contents] of bundle.split.files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  runAfterBundling(repositoryRoot, root, functionBundling(repositoryRoot, fn.spec));

  const imageTool = bundle.split.lazy.find((part) => part.module === IMAGE_TOOL.module);
  const plan: RunPlan = {
    root,
    invocations: INVOCATIONS[fn.id] ?? [],
    nativeModules: carriedBeside(fn.spec).nodeModules,
    ...(fn.spec.entry === backgroundFunctions.mediaWorker && imageTool
      ? {
          render: {
            chunk: imageTool.file,
            exportName: IMAGE_TOOL.exportName,
            input: { prompt: 'A bakery storefront at dawn', numberOfImages: 1 },
          },
        }
      : {}),
  };
  const planFile = join(scratch, `${fn.id}.plan.json`);
  writeFileSync(planFile, JSON.stringify(plan));
  const env = lambdaEnvironment(fn, root);
  // Drawn without a provider key: the provider secret is an AWS call, and without one there is no key.
  if (plan.render) delete env[envNames.providerSecretArn];
  const [file, ...args] = command;
  if (!file) throw new Error('No command to run Lambda’s Node');
  const started = performance.now();
  const { stdout } = await runFile(file, [...args, runner, planFile], {
    cwd: root,
    env,
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return { fn, root, report: JSON.parse(line) as RunReport, seconds: (performance.now() - started) / 1000 };
}

/** Two at a time: the CI machine has two cores, and each run is one emulated process. */
async function runAll(functions: readonly DeployedFunction[]): Promise<Map<string, Run>> {
  const command = lambdaNodeCommand();
  const runner = join(scratch, 'runner.mjs');
  const source = readFileSync(join(import.meta.dirname, 'fixtures', 'lambda-asset-runner.ts'), 'utf8');
  writeFileSync(
    runner,
    transformSync(source, { loader: 'ts', format: 'esm', target: `node${LAMBDA_NODE_MAJOR}` }).code,
  );
  const queue = [...functions];
  const runs = new Map<string, Run>();
  const worker = async () => {
    for (let fn = queue.shift(); fn !== undefined; fn = queue.shift()) {
      runs.set(fn.id, await runAsset(fn, command, runner));
    }
  };
  await Promise.all([worker(), worker()]);
  return runs;
}

const PNG_SIGNATURE = '89504e470d0a1a0a';

describe('every function asset on the Node that Lambda runs', () => {
  const functions = deployedFunctions();
  let runs: Map<string, Run>;

  beforeAll(async () => {
    const started = performance.now();
    runs = await runAll(functions);
    const slowest = [...runs.values()].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
    console.log(
      `${runs.size} assets run on Lambda's Node in ${((performance.now() - started) / 1000).toFixed(1)} s; slowest: ${slowest.map((run) => `${run.fn.id} ${run.seconds.toFixed(1)} s`).join(', ')}`,
    );
  }, SHARED_BUNDLES_TIMEOUT_MS);

  const runOf = (id: string): Run => {
    const run = runs.get(id);
    if (!run) throw new Error(`${id} was not run`);
    return run;
  };
  const outcome = (id: string, name: string) => runOf(id).report.invocations[name];

  it('covers every function of the stack, each on the runtime and architecture the bundles run on', () => {
    expect(functions.map((fn) => fn.id).sort()).toEqual([...functionEntries.keys()].sort());
    for (const fn of functions) {
      expect(fn.properties.Handler, fn.id).toBe(SPLIT_HANDLER);
      expect(fn.properties.Runtime, fn.id).toBe(LAMBDA_RUNTIME.name);
      expect(fn.properties.Architectures, fn.id).toEqual([LAMBDA_PLATFORM.cpu]);
    }
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${LAMBDA_NODE_MAJOR}.x`);
  });

  it('imports every asset from an isolated folder on Lambda’s Node major and architecture', () => {
    for (const fn of functions) {
      const { report, root } = runOf(fn.id);
      expect(report.node.split('.')[0], fn.id).toBe(`v${LAMBDA_NODE_MAJOR}`);
      expect(report.arch, fn.id).toBe(LAMBDA_PLATFORM.cpu);
      expect(report.handlerType, fn.id).toBe('function');
      // Nothing above the asset could lend it a package.
      for (let folder = dirname(root); folder !== dirname(folder); folder = dirname(folder)) {
        expect(existsSync(join(folder, 'node_modules')), folder).toBe(false);
      }
    }
  });

  it('answers the health check, the OpenAPI document and an unmatched route', () => {
    const health = outcome(gatewayFunction.id, 'health');
    expect(health).toMatchObject({ ok: true, value: { statusCode: 200 } });
    const healthBody = JSON.parse(String((health?.ok && (health.value as { body: string }).body) || '{}'));
    expect(healthBody.status).toBe('ok');

    const unmatched = outcome(gatewayFunction.id, 'unmatched');
    expect(unmatched).toMatchObject({ ok: true, value: { statusCode: 404 } });
    const unmatchedBody = JSON.parse(
      String((unmatched?.ok && (unmatched.value as { body: string }).body) || '{}'),
    );
    expect(unmatchedBody.error.message).toContain('There is no endpoint at /api/no-such-thing');

    const openapi = outcome('GetOpenApiDocument', 'openapi');
    expect(openapi).toMatchObject({ ok: true, value: { statusCode: 200 } });
    const document = JSON.parse(String((openapi?.ok && (openapi.value as { body: string }).body) || '{}'));
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('lets the pre-sign-up trigger pass the agency’s domain and refuse another, with the template’s domain', () => {
    expect(outcome('PreSignUp', 'allowed')).toMatchObject({ ok: true });
    expect(outcome('PreSignUp', 'refused')).toEqual({
      ok: false,
      error: `Error: ${EMAIL_DOMAIN_MESSAGES.message(TEST_DOMAIN)}`,
    });
  });

  it('loads the packages carried beside a bundle from the asset, built for the function’s architecture', () => {
    const carrying = functions.filter((fn) => carriedBeside(fn.spec).nodeModules.length > 0);
    expect(carrying.map((fn) => fn.id)).toContain('MediaWorker');
    for (const fn of carrying) {
      const { nativeModules } = runOf(fn.id).report;
      for (const name of carriedBeside(fn.spec).nodeModules) {
        expect(nativeModules[name], `${fn.id} ${name}`).toMatchObject({ ok: true });
      }
    }
    expect(runOf('MediaWorker').report.nativeModules.sharp).toMatchObject({
      ok: true,
      value: { pngBytes: expect.any(Number) },
    });
  });

  it('draws an image in the media worker without a provider key, with the font the asset ships', () => {
    const { render } = runOf('MediaWorker').report;
    expect(render).toMatchObject({ ok: true });
    const drawn = render?.ok
      ? (render.value as { stored: { magic: string; bytes: number }[]; notice: string })
      : undefined;
    expect(drawn?.stored).toHaveLength(1);
    expect(drawn?.stored[0]?.magic).toBe(PNG_SIGNATURE);
    expect(drawn?.notice).toContain('offline renderer');
  });
});
