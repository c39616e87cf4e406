/**
 * Issue 15 / DESIGN §6: every Lambda's minified bundle size against its budget, and the cold start of a
 * few handlers against a hello-world handler built the same way: a fresh Node process from spawn until
 * the handler is imported (Lambda's init phase; ratios of medians), and the import alone, as wall and
 * CPU time (mostly parse and compile, so it follows the bundle size; CPU time is steadier on a busy
 * machine). Everything a handler loads is in its bundle (only the media worker's native sharp and
 * espeak-ng sit beside it, installed as in AWS), so nothing is left out of the count. Each is measured
 * again with `--enable-source-maps` and the map beside the bundle, as AppFunction deploys it.
 * The two workers are code-split (infra/split-bundle.ts): their size is what a cold start loads (the
 * entry and the chunks it imports statically), printed with the total and each lazily loaded part, and
 * their cold start imports the entry from the written folder, so its chunk imports resolve as in AWS.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { backgroundFunctions } from '#infra/routes';
import { budgetFor, HTTP_HANDLER_BUDGET_BYTES } from './lambda-budgets';
import {
  bundleLambdas,
  type LambdaBundle,
  type LambdaEntry,
  lambdaEntries,
  repositoryRoot,
} from './lambda-bundles';

const IMPORT_RUNS = 9;

/**
 * What AppFunction set in NODE_OPTIONS until Node's map parsing at load was dropped (a logged stack is
 * mapped when it is logged: functions/commons/readable-stack.ts). Kept as a column: what the flag costs.
 */
const SOURCE_MAPS = ['--enable-source-maps'] as const;

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
 * The Node that cold starts run on: this one, or LAMBDA_NODE, e.g. a Node 22 binary to measure on the
 * Lambda runtime's version (node22.x) where the machine's own Node is older.
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
    env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1' },
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

/**
 * The module's cold start and hello-world's, measured in turns (hello-world, module, hello-world, …):
 * the machine's speed drifts over a run, so each ratio compares processes started moments apart.
 */
function pairedColdStart(
  file: string,
  helloFile: string,
  nodeOptions: readonly string[] = [],
  options: ColdStartOptions = {},
): { cold: ColdStart; hello: ColdStart } {
  const cold: ColdStart[] = [];
  const hello: ColdStart[] = [];
  for (let run = 0; run < IMPORT_RUNS; run += 1) {
    hello.push(coldStartRun(helloFile, nodeOptions, options));
    cold.push(coldStartRun(file, nodeOptions, options));
  }
  return { cold: medianColdStart(cold), hello: medianColdStart(hello) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * A floor under the handlers: a module that only loads what every handler of a kind must, bundled like
 * the others (the stack's build options and aliases). What it costs over hello-world is the
 * part of the 1.5× import target that it alone takes, before any code of ours.
 */
interface Floor {
  readonly id: string;
  readonly label: string;
  readonly source: readonly string[];
  readonly holds: string;
}

const FLOORS: readonly Floor[] = [
  {
    id: 'SdkFloor',
    label: 'SDK floor',
    source: [
      "import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';",
      'const client = new DynamoDBClient({});',
      'export const handler = async () =>',
      "  client.send(new QueryCommand({ TableName: 't', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'x' } } }));",
    ],
    holds:
      "DynamoDBClient + one QueryCommand (the SDK's client, which the handlers no longer bundle: functions/commons/clients/aws-json-client.ts)",
  },
  {
    id: 'BuiltinsFloor',
    label: 'built-ins floor',
    source: [
      "import { createHmac } from 'node:crypto';",
      "import { request } from 'node:https';",
      "import { Readable } from 'node:stream';",
      "import { pipeline } from 'node:stream/promises';",
      "import { setTimeout } from 'node:timers';",
      'export const handler = async () => [createHmac, request, Readable, pipeline, setTimeout];',
    ],
    holds:
      'the Node built-ins a signed HTTPS call to AWS needs (https, crypto) and middy imports (stream, stream/promises, timers; its stream/web is swapped out), and no code',
  },
];

async function printFloor(
  floor: Floor,
  dir: string,
  writeBundle: (id: string, bundle: LambdaBundle) => string,
  helloFile: string,
): Promise<void> {
  const source = join(dir, `${floor.id}.ts`);
  writeFileSync(source, `${floor.source.join('\n')}\n`);
  const bundle = (await bundleLambdas([{ id: floor.id, entry: source, kind: 'http', external: [] }])).get(
    floor.id,
  );
  if (!bundle) throw new Error(`esbuild produced no ${floor.label} bundle`);
  const { cold, hello } = pairedColdStart(writeBundle(floor.id, bundle), helloFile);
  // The share of the 1.5× allowance, in wall and in CPU time (steadier on a busy machine).
  const share = (value: number, reference: number) =>
    `${ms(value - reference)} of ${ms(reference * 0.5)} (${(((value - reference) / (reference * 0.5)) * 100).toFixed(0)}%)`;
  console.log(
    `  ${floor.label.padEnd(16)} ${kb(Buffer.byteLength(bundle.code)).padStart(5)} KB  ${ms(cold.processMs).padStart(9)} ${(cold.processMs / hello.processMs).toFixed(2)}×, CPU ${ms(cold.processCpuMs)} ${(cold.processCpuMs / hello.processCpuMs).toFixed(2)}× hello-world; import alone ${ms(cold.importMs)} (${(cold.importMs / hello.importMs).toFixed(1)}× hello-world's ${ms(hello.importMs)}), CPU ${ms(cold.importCpuMs)}. ${floor.holds} takes, of what 1.5× hello-world leaves, ${share(cold.processMs, hello.processMs)}, CPU ${share(cold.processCpuMs, hello.processCpuMs)}`,
  );
}

export async function run(): Promise<void> {
  const entries = lambdaEntries();
  const sizes: { entry: LambdaEntry; bytes: number; bundle: LambdaBundle }[] = [];
  const started = performance.now();
  const bundles = await bundleLambdas(entries);
  for (const entry of entries) {
    const bundle = bundles.get(entry.id) ?? { code: '', map: '', inputs: {} };
    sizes.push({ entry, bytes: Buffer.byteLength(bundle.code), bundle });
  }
  sizes.sort((a, b) => b.bytes - a.bytes);
  console.log(
    `minified bundle (esbuild, the options of infra/app-function.ts; built in ${((performance.now() - started) / 1000).toFixed(1)} s), largest first:`,
  );
  let over = 0;
  for (const { entry, bytes, bundle } of sizes) {
    const budget = budgetFor(entry);
    const verdict = budget === undefined ? '' : bytes <= budget ? '' : `  OVER ${kb(budget)} KB`;
    if (verdict) over += 1;
    const split = bundle.split
      ? `  (code-split: cold start ${bundle.split.coldStart.length} files; on disk ${kb(bundle.split.totalCodeBytes)} KB of JS in ${[...bundle.split.files.keys()].filter((path) => !path.endsWith('.map')).length} files, ${kb(bundle.split.totalMapBytes)} KB of maps)`
      : '';
    console.log(`  ${entry.id.padEnd(28)} ${kb(bytes).padStart(6)} KB  ${entry.entry}${verdict}${split}`);
  }
  const ordered = sizes.map((size) => size.bytes).sort((a, b) => a - b);
  console.log(
    `  ${sizes.length} bundles, median ${kb(median(ordered))} KB, ${over} over budget (HTTP ≤ 400 KB, text worker ≤ 1200 KB)`,
  );
  const http = sizes.filter((size) => size.entry.kind === 'http').map((size) => size.bytes);
  console.log(
    `  ${http.length} HTTP handlers: median ${kb(median(http))} KB, ${http.filter((bytes) => bytes <= HTTP_HANDLER_BUDGET_BYTES).length} within 400 KB, ${http.filter((bytes) => bytes < 250 * 1024).length} under 250 KB`,
  );

  for (const { entry, bundle } of sizes) {
    if (!bundle.split) continue;
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
  // As deployed: the bundle as index.mjs, its map under the name its sourceMappingURL comment gives; a
  // split function's whole folder (index.mjs, chunks/, maps).
  const writeBundle = (id: string, bundle: LambdaBundle) => {
    mkdirSync(join(dir, id), { recursive: true });
    if (bundle.split) {
      for (const [path, contents] of bundle.split.files) {
        mkdirSync(dirname(join(dir, id, path)), { recursive: true });
        writeFileSync(join(dir, id, path), contents);
      }
      return join(dir, id, 'index.mjs');
    }
    const file = join(dir, id, 'index.mjs');
    writeFileSync(file, bundle.code);
    writeFileSync(join(dir, id, `${id}.mjs.map`), bundle.map);
    return file;
  };
  try {
    const helloSource = join(dir, 'hello-world.ts');
    writeFileSync(helloSource, 'export const handler = async () => ({ statusCode: 200, body: "hello" });\n');
    const helloBundle = (
      await bundleLambdas([{ id: 'HelloWorld', entry: helloSource, kind: 'http', external: [] }])
    ).get('HelloWorld');
    if (!helloBundle) throw new Error('esbuild produced no hello-world bundle');
    const helloFile = writeBundle('HelloWorld', helloBundle);
    const hello = coldStart(helloFile);
    const helloMaps = coldStart(helloFile, SOURCE_MAPS);
    console.log(
      `cold start on Node ${execFileSync(lambdaNode, ['--version'], { encoding: 'utf8' }).trim()} (medians of ${IMPORT_RUNS} fresh processes: spawn to handler imported, and the import alone; each row's ratios against hello-world started in turns with it, since the machine's speed drifts), hello-world ${ms(hello.processMs)}, ${ms(hello.processCpuMs)} CPU (import ${ms(hello.importMs)}, ${ms(hello.importCpuMs)} CPU); with --enable-source-maps ${ms(helloMaps.processMs)}, ${ms(helloMaps.processCpuMs)} CPU:`,
    );
    for (const floor of FLOORS) await printFloor(floor, dir, writeBundle, helloFile);
    const measured: [string, string, number | undefined][] = [
      ['ListClients', 'functions/clients/list-clients.ts', 1.5],
      ['GetHealth', 'functions/health/handler.ts', 1.5],
      ['generation route', 'functions/tools/press-release/handler.ts', 1.5],
      ['HTTP authorizer', backgroundFunctions.httpAuthorizer, 1.5],
      ['text worker', backgroundFunctions.worker, 2],
      ['media worker', backgroundFunctions.mediaWorker, undefined],
    ];
    const bundleFiles: [label: string, file: string, target: number | undefined][] = [];
    for (const [label, file, target] of measured) {
      const size = sizes.find((candidate) => candidate.entry.entry === file);
      if (!size) {
        console.log(`  ${label.padEnd(16)} (no such handler: ${file})`);
        continue;
      }
      const bundleFile = writeBundle(size.entry.id, size.bundle);
      bundleFiles.push([label, bundleFile, target]);
      const { cold, hello } = pairedColdStart(bundleFile, helloFile);
      const { cold: maps, hello: helloMaps } = pairedColdStart(bundleFile, helloFile, SOURCE_MAPS);
      const targetText = target === undefined ? '' : ` (target ≤ ${target}×)`;
      const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)}×`;
      console.log(
        `  ${label.padEnd(16)} ${kb(size.bytes).padStart(5)} KB  ${ms(cold.processMs).padStart(9)} ${ratio(cold.processMs, hello.processMs)}, CPU ${ms(cold.processCpuMs)} ${ratio(cold.processCpuMs, hello.processCpuMs)} hello-world${targetText}; import alone ${ms(cold.importMs)}, CPU ${ms(cold.importCpuMs)}; with --enable-source-maps (not deployed) ${ms(maps.processMs)} ${ratio(maps.processMs, helloMaps.processMs)}, CPU ${ms(maps.processCpuMs)} ${ratio(maps.processCpuMs, helloMaps.processCpuMs)}`,
      );
    }
    // The same cold starts with the built-ins Lambda's runtime client loads first, for both sides.
    const runtimeHello = coldStart(helloFile, [], { underRuntime: true });
    console.log(
      `as Lambda's runtime loads a handler (${LAMBDA_RUNTIME_BUILTINS.join(', ')} required first, as its runtime interface client does), against hello-world loaded the same way, ${ms(runtimeHello.processMs)}, ${ms(runtimeHello.processCpuMs)} CPU:`,
    );
    for (const [label, bundleFile, target] of bundleFiles) {
      const { cold, hello: helloRuntime } = pairedColdStart(bundleFile, helloFile, [], {
        underRuntime: true,
      });
      const targetText = target === undefined ? '' : ` (target ≤ ${target}×)`;
      console.log(
        `  ${label.padEnd(16)} ${ms(cold.processMs).padStart(9)} ${(cold.processMs / helloRuntime.processMs).toFixed(2)}×, CPU ${ms(cold.processCpuMs)} ${(cold.processCpuMs / helloRuntime.processCpuMs).toFixed(2)}× hello-world${targetText}; import alone ${ms(cold.importMs)}, CPU ${ms(cold.importCpuMs)}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
