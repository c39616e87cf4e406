import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backgroundFunctions,
  envNames,
  gatewayFunction,
  httpFunctions,
  UNMATCHED_ROUTE_KEY,
} from '#contract/routes';
import { LAMBDA_NODE_MAJOR } from '#infra/lambda-build-options';
import {
  HOST_NODE_DIR,
  HOST_NODE_PACKAGE,
  LAMBDA_NODE_DIR,
  LAMBDA_NODE_PACKAGE,
  LAMBDA_PLATFORM,
  nodeBinaryIn,
} from '#infra/lambda-native-modules';
import { LAMBDA_RUNTIME } from '#infra/lambda-runtime';
import { type BundledFunction, carriedBeside, functionBundling } from '#infra/media-bundling';
import { runAfterBundling, SPLIT_HANDLER } from '#infra/split-bundle';
import { functionEntries } from '#local/functions/function-catalog';
import { httpApiEvent } from '#local/http-api-event';
import { EMAIL_DOMAIN_MESSAGES } from '#shared/email-domain';
import { repositoryRoot, resourcesOfType, sharedTemplate, TEST_DOMAIN } from './fixture';
import type { Outcome, RunPlan, RunReport } from './fixtures/lambda-asset-runner';
import { SHARED_BUNDLES_TIMEOUT_MS, sharedBundleOf, sharedLambdaBundles } from './shared-bundles';

/**
 * docs/decisions.md, "Lambda runtime nodejs24.x, and every asset run on it": every function's asset runs on
 * the Node that Lambda runs. Each asset (the shared bundle of the run, test/infra/shared-bundles.ts, with
 * what the stack's bundling carries beside it, infra/media-bundling.ts) is copied into a folder of its own
 * under the system's temporary folder, with no node_modules above it, so a file or package the bundling
 * forgets fails here as it fails in AWS. There it is imported by Lambda's Node release (npm's node-linux-*
 * packages at the lock file's version, `npm run install:lambda-native`) with the function's environment from
 * the synthesized template and the variables Lambda sets, and the handlers that need no AWS call are invoked.
 * A function that carries native packages (sharp, espeak-ng) runs on Lambda's own linux arm64 binary, under
 * qemu's user-mode emulation on another machine: the packages are loaded from the asset (sharp draws), and
 * the media worker draws an image without a provider key. The others run on the same release built for this
 * machine: their JavaScript is the same on both, and emulation costs about 2 s of CPU a bundle.
 */

const template = sharedTemplate().template;

/** qemu's name for the architecture, and Debian's glibc for it (libc6-arm64-cross). */
const QEMU = { binary: 'qemu-aarch64-static', sysroot: '/usr/aarch64-linux-gnu' } as const;
const QEMU_PACKAGES = 'qemu-user-static libc6-arm64-cross libstdc++6-arm64-cross';

/** Any AWS call a handler makes by mistake is refused at once instead of waiting on the network. */
const NO_AWS_ENDPOINT = 'http://127.0.0.1:9';
const REGION = 'eu-west-1';
const ACCOUNT = '123456789012';

function onPath(name: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((folder) => join(folder, name))
    .find((file) => existsSync(file));
}

/** How this machine runs Lambda's Node for the functions' architecture: directly, or under qemu. */
function lambdaNodeCommand(): readonly string[] {
  const node = nodeBinaryIn(repositoryRoot, LAMBDA_NODE_DIR, LAMBDA_NODE_PACKAGE);
  if (process.arch === LAMBDA_PLATFORM.cpu) return [node];
  const qemu = onPath(QEMU.binary);
  if (!qemu || !existsSync(join(QEMU.sysroot, 'lib'))) {
    throw new Error(
      `Running Lambda's ${LAMBDA_PLATFORM.cpu} Node on ${process.arch} needs qemu and an ${LAMBDA_PLATFORM.cpu} glibc: apt-get install ${QEMU_PACKAGES} (.ci/run installs them)`,
    );
  }
  return [qemu, '-L', QEMU.sysroot, node];
}

/** Lambda's Node release built for this machine (Lambda's own binary where this is its platform). */
function hostNodeCommand(): readonly string[] {
  if (HOST_NODE_PACKAGE === LAMBDA_NODE_PACKAGE) return lambdaNodeCommand();
  return [nodeBinaryIn(repositoryRoot, HOST_NODE_DIR, HOST_NODE_PACKAGE)];
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

/** The isolated folders: under the system's temporary folder, made when the runs start, removed after. */
let scratch = '';
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const runFile = promisify(execFile);

/** Copies a function's asset into its own folder and runs the plan there on Lambda's Node. */
async function runAsset(fn: DeployedFunction, commands: Commands, runner: string): Promise<Run> {
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
  const [file, ...args] = carries(fn) ? commands.lambda : commands.host;
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

interface Commands {
  readonly lambda: readonly string[];
  readonly host: readonly string[];
}

/**
 * A function that carries native packages runs on Lambda's own binary, for its architecture; the others
 * on the same release built for this machine (the same JavaScript engine, without the emulation).
 */
const carries = (fn: DeployedFunction) => carriedBeside(fn.spec).nodeModules.length > 0;

/** Two at a time: the CI machine has two cores. */
async function runAll(functions: readonly DeployedFunction[]): Promise<Map<string, Run>> {
  const commands: Commands = { lambda: lambdaNodeCommand(), host: hostNodeCommand() };
  scratch = mkdtempSync(join(tmpdir(), 'lbm-lambda-assets-'));
  const runner = join(scratch, 'runner.mjs');
  const source = readFileSync(join(import.meta.dirname, 'fixtures', 'lambda-asset-runner.ts'), 'utf8');
  writeFileSync(
    runner,
    transformSync(source, { loader: 'ts', format: 'esm', target: `node${LAMBDA_NODE_MAJOR}` }).code,
  );
  // The emulated runs first: they are the longest, and the other worker takes the rest meanwhile.
  const queue = [...functions].sort((a, b) => Number(carries(b)) - Number(carries(a)));
  const runs = new Map<string, Run>();
  const worker = async () => {
    for (let fn = queue.shift(); fn !== undefined; fn = queue.shift()) {
      runs.set(fn.id, await runAsset(fn, commands, runner));
    }
  };
  await Promise.all([worker(), worker()]);
  return runs;
}

/** CPU seconds of this process's finished children (Linux: cutime + cstime of /proc/self/stat, in ticks of 1/100 s). */
function reapedChildrenCpuSeconds(): number {
  if (!existsSync('/proc/self/stat')) return Number.NaN;
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  // Fields 16 and 17 of proc(5), counted from the state (field 3) at index 0.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** An outcome's value; a failure fails the test with the asset's own error. */
function succeeded(outcome: Outcome | undefined, what: string): unknown {
  if (!outcome) throw new Error(`${what} did not run`);
  if (!outcome.ok) throw new Error(`${what} failed in the asset: ${outcome.error}`);
  return outcome.value;
}

const response = (value: unknown) => value as { statusCode: number; body: string };

const PNG_SIGNATURE = '89504e470d0a1a0a';

describe('every function asset on the Node that Lambda runs', () => {
  const functions = deployedFunctions();
  let runs: Map<string, Run>;

  beforeAll(async () => {
    // Built once per run for every infra file that asks (or waited for): not this file's own cost.
    await sharedLambdaBundles();
    const started = performance.now();
    const cpuBefore = reapedChildrenCpuSeconds();
    runs = await runAll(functions);
    const cpu = reapedChildrenCpuSeconds() - cpuBefore;
    const slowest = [...runs.values()].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
    console.log(
      `${runs.size} assets run on Lambda's Node in ${((performance.now() - started) / 1000).toFixed(1)} s, ${cpu.toFixed(1)} s of CPU, at load ${loadavg()[0]?.toFixed(1)}; slowest: ${slowest.map((run) => `${run.fn.id} ${run.seconds.toFixed(1)} s`).join(', ')}`,
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

  it('imports every asset from an isolated folder on Lambda’s Node major, for arm64 where it carries native code', () => {
    for (const fn of functions) {
      const { report, root } = runOf(fn.id);
      expect(report.node.split('.')[0], fn.id).toBe(`v${LAMBDA_NODE_MAJOR}`);
      expect(report.arch, fn.id).toBe(carries(fn) ? LAMBDA_PLATFORM.cpu : process.arch);
      expect(report.handlerType, fn.id).toBe('function');
      // Nothing above the asset could lend it a package.
      for (let folder = dirname(root); folder !== dirname(folder); folder = dirname(folder)) {
        expect(existsSync(join(folder, 'node_modules')), folder).toBe(false);
      }
    }
  });

  it('answers the health check, the OpenAPI document and an unmatched route', () => {
    const health = response(succeeded(outcome(gatewayFunction.id, 'health'), 'GET /api/health'));
    expect(health.statusCode).toBe(200);
    expect(JSON.parse(health.body).status).toBe('ok');

    const unmatched = response(succeeded(outcome(gatewayFunction.id, 'unmatched'), 'the $default route'));
    expect(unmatched.statusCode).toBe(404);
    expect(JSON.parse(unmatched.body).error.message).toContain('There is no endpoint at /api/no-such-thing');

    const openapi = response(succeeded(outcome('GetOpenApiDocument', 'openapi'), 'GET /api/openapi.json'));
    expect(openapi.statusCode).toBe(200);
    expect(JSON.parse(openapi.body).openapi).toMatch(/^3\.1\./);
  });

  it('lets the pre-sign-up trigger pass the agency’s domain and refuse another, with the template’s domain', () => {
    expect(succeeded(outcome('PreSignUp', 'allowed'), 'the allowed sign-up')).toMatchObject({
      request: { userAttributes: { email: `new.person@${TEST_DOMAIN}` } },
    });
    expect(outcome('PreSignUp', 'refused')).toEqual({
      ok: false,
      error: `Error: ${EMAIL_DOMAIN_MESSAGES.message(TEST_DOMAIN)}`,
    });
  });

  it('loads the packages carried beside a bundle from the asset, built for the function’s architecture', () => {
    const carrying = functions.filter(carries);
    expect(carrying.map((fn) => fn.id)).toContain('MediaWorker');
    for (const fn of carrying) {
      const { nativeModules } = runOf(fn.id).report;
      for (const name of carriedBeside(fn.spec).nodeModules) {
        const loaded = succeeded(nativeModules[name], `${name} in ${fn.id}`) as { resolved: string };
        expect(loaded.resolved, `${fn.id} ${name}`).toMatch(new RegExp(`^/node_modules/${name}/`));
      }
    }
    const sharp = succeeded(runOf('MediaWorker').report.nativeModules.sharp, 'sharp') as { pngBytes: number };
    expect(sharp.pngBytes).toBeGreaterThan(0);
  });

  it('draws an image in the media worker without a provider key, with the font the asset ships', () => {
    const drawn = succeeded(runOf('MediaWorker').report.render, 'the offline image') as {
      stored: { magic: string; bytes: number }[];
      notice: string;
    };
    expect(drawn.stored).toHaveLength(1);
    expect(drawn.stored[0]?.magic).toBe(PNG_SIGNATURE);
    expect(drawn.notice).toContain('offline renderer');
  });
});
