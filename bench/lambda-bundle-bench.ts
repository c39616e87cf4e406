/**
 * docs/architecture.md, "Budgets": every Lambda's minified size against its budget (what its cold start loads: the entry file
 * and the chunks it imports statically; infra/split-bundle.ts), and the cold start of a few handlers
 * against two references built the same way: a hello-world handler, and the SDK floor, a handler that
 * only builds `DynamoDBClient` and sends one query. A cold start is a fresh Node process from spawn
 * until the handler is imported (Lambda's init phase; ratios of medians), and the import alone, as wall
 * and CPU time (mostly parse and compile, so it follows the bundle size; CPU time is steadier on a busy
 * machine). Each function's folder is written as deployed and its `index.mjs` imported, so chunk
 * imports resolve as in AWS; only the media worker's native sharp and espeak-ng sit beside it. The
 * ratios are for watching what the handlers cost over the SDK they must load; none is a gate.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { backgroundFunctions } from '#contract/routes';
import { budgetFor, HTTP_HANDLER_BUDGET_BYTES, OVER_BUDGET } from './lambda-budgets';
import {
  bundleLambdas,
  type LambdaBundle,
  type LambdaEntry,
  lambdaEntries,
  repositoryRoot,
} from './lambda-bundles';

const IMPORT_RUNS = 9;

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

interface ColdStart {
  /** A fresh Node process from spawn until the handler module is imported (Lambda's init phase). */
  readonly processMs: number;
  /** The `import()` of the handler alone, inside that process. */
  readonly importMs: number;
  /** CPU time of that import (user + system): steadier than wall time on a busy machine. */
  readonly importCpuMs: number;
  /** CPU time of the whole process until the handler is imported (Node's boot included). */
  readonly processCpuMs: number;
}

/**
 * The Node that cold starts run on: this one, or LAMBDA_NODE, e.g. the Lambda runtime's release for this
 * machine (nodejs24.x; `npm install` puts it under node_modules/.lambda-native/, HOST_NODE_DIR of
 * infra/lambda-native-modules.ts) where the machine's own Node is older.
 */
const lambdaNode = process.env.LAMBDA_NODE || process.execPath;

/**
 * The Node built-ins Lambda's Node.js runtime has loaded before it imports a handler: its runtime
 * interface client (aws/aws-lambda-nodejs-runtime-interface-client, src/index.mjs → RAPIDClient.js,
 * ResponseStream.js, UserFunction.js, LogPatch.js, Errors.js, InvokeContext.js) requires these while it
 * sets up, so in AWS a handler's own import of `http` or streams finds them already loaded, and a
 * hello-world handler's init includes them.
 */
const LAMBDA_RUNTIME_BUILTINS = ['http', 'net', 'util', 'fs', 'path', 'assert'] as const;

interface ColdStartOptions {
  /** Require LAMBDA_RUNTIME_BUILTINS before the import, as Lambda's runtime client has. */
  readonly underRuntime?: boolean;
}

/** One fresh Node process that imports the module and exits. */
function coldStartRun(file: string, nodeOptions: readonly string[], options: ColdStartOptions): ColdStart {
  const url = pathToFileURL(file).href;
  const runtime = options.underRuntime
    ? `import{createRequire}from'node:module';const r=createRequire(import.meta.url);for(const m of ${JSON.stringify(LAMBDA_RUNTIME_BUILTINS)})r(m);`
    : '';
  const script = `${runtime}const c=process.cpuUsage(),t=performance.now();await import(${JSON.stringify(url)});const u=process.cpuUsage(c),p=process.cpuUsage();console.log(performance.now()-t,(u.user+u.system)/1000,(p.user+p.system)/1000);`;
  const started = performance.now();
  const output = execFileSync(lambdaNode, [...nodeOptions, '--input-type=module', '-e', script], {
    encoding: 'utf8',
    // The SDK's switch for its notice that releases after January 2027 need Node 22 (this machine's is 20).
    env: {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'us-east-1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  });
  const processMs = performance.now() - started;
  const [importMs, importCpuMs, processCpuMs] = (output.trim().split('\n').pop() ?? '')
    .split(' ')
    .map(Number);
  return {
    processMs,
    importMs: importMs ?? Number.NaN,
    importCpuMs: importCpuMs ?? Number.NaN,
    processCpuMs: processCpuMs ?? Number.NaN,
  };
}

const medianColdStart = (runs: readonly ColdStart[]): ColdStart => ({
  processMs: median(runs.map((run) => run.processMs)),
  importMs: median(runs.map((run) => run.importMs)),
  importCpuMs: median(runs.map((run) => run.importCpuMs)),
  processCpuMs: median(runs.map((run) => run.processCpuMs)),
});

/** Medians over several fresh Node processes that import the module and exit. */
function coldStart(
  file: string,
  nodeOptions: readonly string[] = [],
  options: ColdStartOptions = {},
): ColdStart {
  return medianColdStart(Array.from({ length: IMPORT_RUNS }, () => coldStartRun(file, nodeOptions, options)));
}

/** Medians of the module's cold starts and of each reference's. */
interface Compared {
  readonly cold: ColdStart;
  readonly references: readonly ColdStart[];
}

/**
 * The module's cold start and each reference's, measured in turns (hello-world, the SDK floor, the
 * module, hello-world, …): the machine's speed drifts over a run, so each ratio compares processes
 * started moments apart.
 */
function comparedColdStart(
  file: string,
  referenceFiles: readonly string[],
  options: ColdStartOptions = {},
): Compared {
  const cold: ColdStart[] = [];
  const references: ColdStart[][] = referenceFiles.map(() => []);
  for (let run = 0; run < IMPORT_RUNS; run += 1) {
    referenceFiles.forEach((reference, index) => {
      references[index]?.push(coldStartRun(reference, [], options));
    });
    cold.push(coldStartRun(file, [], options));
  }
  return { cold: medianColdStart(cold), references: references.map(medianColdStart) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)}×`;

/** The SDK floor: what any handler that reads the table loads before any code of ours. */
const SDK_FLOOR_SOURCE = [
  "import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';",
  'const client = new DynamoDBClient({});',
  'export const handler = async () =>',
  "  client.send(new QueryCommand({ TableName: 't', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'x' } } }));",
];

/** The handlers whose cold start is measured: one of each kind. */
const MEASURED: readonly (readonly [label: string, entry: string])[] = [
  ['GetHealth', 'functions/gateway/routes.ts'],
  ['ListClients', 'functions/clients/list-clients.ts'],
  ['generation route', 'functions/tools/press-release/handler.ts'],
  ['HTTP authorizer', backgroundFunctions.httpAuthorizer],
  ['ResizeImage (S3)', 'functions/tools/resize-image/handler.ts'],
  ['CreateContent', 'functions/content/create-content.ts'],
  ['text worker', backgroundFunctions.worker],
  ['media worker', backgroundFunctions.mediaWorker],
];

/** One function built from a source written here, as the stack builds the others. */
async function referenceBundle(dir: string, id: string, source: readonly string[]): Promise<LambdaBundle> {
  const file = join(dir, `${id}.ts`);
  writeFileSync(file, `${source.join('\n')}\n`);
  const bundle = (await bundleLambdas([{ id, entry: file, kind: 'http', external: [] }])).get(id);
  if (!bundle) throw new Error(`esbuild produced no ${id} bundle`);
  return bundle;
}

export async function run(): Promise<void> {
  const entries = lambdaEntries();
  const sizes: { entry: LambdaEntry; bytes: number; bundle: LambdaBundle }[] = [];
  const started = performance.now();
  const bundles = await bundleLambdas(entries);
  for (const entry of entries) {
    const bundle = bundles.get(entry.id);
    if (!bundle) throw new Error(`esbuild produced no bundle for ${entry.entry}`);
    sizes.push({ entry, bytes: Buffer.byteLength(bundle.code), bundle });
  }
  sizes.sort((a, b) => b.bytes - a.bytes);
  console.log(
    `minified cold start (esbuild with the options of infra/split-bundle.ts, built in ${((performance.now() - started) / 1000).toFixed(1)} s), largest first; on disk, all chunks:`,
  );
  let over = 0;
  for (const { entry, bytes, bundle } of sizes) {
    const budget = budgetFor(entry, bundle);
    const ceiling = OVER_BUDGET[entry.entry];
    const verdict =
      budget === undefined || bytes <= budget
        ? ''
        : `  OVER ${kb(budget)} KB${ceiling ? ` (held to ${ceiling.ceilingKb} KB: ${ceiling.carries})` : ''}`;
    if (verdict) over += 1;
    const files = [...bundle.split.files.keys()].filter((path) => !path.endsWith('.map')).length;
    console.log(
      `  ${entry.id.padEnd(28)} ${kb(bytes).padStart(6)} KB  (${bundle.split.coldStart.length} files; ${kb(bundle.split.totalCodeBytes).padStart(5)} KB in ${files})  ${entry.entry}${verdict}`,
    );
  }
  const ordered = sizes.map((size) => size.bytes).sort((a, b) => a - b);
  console.log(`  ${sizes.length} functions, median ${kb(median(ordered))} KB, ${over} over budget`);
  const http = sizes.filter((size) => size.entry.kind === 'http').map((size) => size.bytes);
  console.log(
    `  ${http.length} HTTP handlers: median ${kb(median(http))} KB, ${http.filter((bytes) => bytes <= HTTP_HANDLER_BUDGET_BYTES).length} within ${kb(HTTP_HANDLER_BUDGET_BYTES)} KB`,
  );

  for (const { entry, bundle } of sizes) {
    if (entry.kind !== 'background' || bundle.split.lazy.length < 5) continue;
    console.log(`${entry.id}: loaded on first use (each beyond the cold start; largest packages):`);
    for (const part of bundle.split.lazy) {
      const parts = part.parts
        .slice(0, 3)
        .map((group) => `${group.name} ${kb(group.bytes)} KB`)
        .join(', ');
      console.log(`  ${kb(part.bytes).padStart(6)} KB  ${part.module}  (${parts})`);
    }
  }

  // Inside the repository, so the media worker's unbundled native packages resolve as they do in AWS.
  const dir = join(repositoryRoot, 'node_modules', '.cache', 'lbm-lambda-bench');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // As deployed: the function's whole folder (index.mjs, chunks/, maps).
  const writeBundle = (id: string, bundle: LambdaBundle) => {
    for (const [path, contents] of bundle.split.files) {
      mkdirSync(dirname(join(dir, id, path)), { recursive: true });
      writeFileSync(join(dir, id, path), contents);
    }
    return join(dir, id, 'index.mjs');
  };
  try {
    const helloFile = writeBundle(
      'HelloWorld',
      await referenceBundle(dir, 'HelloWorld', [
        'export const handler = async () => ({ statusCode: 200, body: "hello" });',
      ]),
    );
    const floor = await referenceBundle(dir, 'SdkFloor', SDK_FLOOR_SOURCE);
    const floorFile = writeBundle('SdkFloor', floor);
    const node = execFileSync(lambdaNode, ['--version'], { encoding: 'utf8' }).trim();
    const measured: [label: string, file: string][] = [];
    for (const [label, file] of MEASURED) {
      const size = sizes.find((candidate) => candidate.entry.entry === file);
      if (size) measured.push([`${label} ${kb(size.bytes)} KB`, writeBundle(size.entry.id, size.bundle)]);
      else console.log(`  ${label}: no such handler (${file})`);
    }
    for (const underRuntime of [false, true]) {
      const hello = coldStart(helloFile, [], { underRuntime });
      const { cold: floorCold, references } = comparedColdStart(floorFile, [helloFile], { underRuntime });
      const floorHello = references[0] ?? hello;
      console.log(
        underRuntime
          ? `as Lambda's runtime loads a handler (${LAMBDA_RUNTIME_BUILTINS.join(', ')} required first, as its runtime interface client does), the references loaded the same way; hello-world ${ms(hello.processMs)}, ${ms(hello.processCpuMs)} CPU:`
          : `cold start on Node ${node} (medians of ${IMPORT_RUNS} fresh processes: spawn to handler imported, and the import alone; each row started in turns with hello-world and the SDK floor, since the machine's speed drifts); hello-world ${ms(hello.processMs)}, ${ms(hello.processCpuMs)} CPU (import ${ms(hello.importMs)}):`,
      );
      console.log(
        `  ${`SDK floor ${kb(Buffer.byteLength(floor.code))} KB`.padEnd(26)} ${ms(floorCold.processMs).padStart(9)} ${ratio(floorCold.processMs, floorHello.processMs)}, CPU ${ratio(floorCold.processCpuMs, floorHello.processCpuMs)} hello-world; import alone ${ms(floorCold.importMs)}, CPU ${ms(floorCold.importCpuMs)} (DynamoDBClient and one QueryCommand)`,
      );
      for (const [label, file] of measured) {
        const { cold, references: [againstHello, againstFloor] = [] } = comparedColdStart(
          file,
          [helloFile, floorFile],
          { underRuntime },
        );
        if (!againstHello || !againstFloor) continue;
        console.log(
          `  ${label.padEnd(26)} ${ms(cold.processMs).padStart(9)} ${ratio(cold.processMs, againstHello.processMs)}, CPU ${ratio(cold.processCpuMs, againstHello.processCpuMs)} hello-world; ${ratio(cold.processMs, againstFloor.processMs)}, CPU ${ratio(cold.processCpuMs, againstFloor.processCpuMs)} the SDK floor; import alone ${ms(cold.importMs)}, CPU ${ms(cold.importCpuMs)}`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
