/**
 * Issue 15 / DESIGN §6: every Lambda's minified bundle size against its budget, and the cold import
 * time of a few handlers against a hello-world handler built the same way (ratios, medians of fresh
 * Node processes; mostly parse and compile, so it follows the bundle size).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { backgroundFunctions } from '#infra/routes';
import { budgetFor } from './lambda-budgets';
import { bundleLambdas, type LambdaEntry, lambdaEntries, repositoryRoot } from './lambda-bundles';

const IMPORT_RUNS = 9;

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Milliseconds to import the module in a fresh Node process (median of several). */
function coldImportMs(file: string): number {
  const url = pathToFileURL(file).href;
  const script = `const t=performance.now();await import(${JSON.stringify(url)});console.log(performance.now()-t);`;
  const times: number[] = [];
  for (let run = 0; run < IMPORT_RUNS; run += 1) {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1' },
    });
    times.push(Number(output.trim().split('\n').pop()));
  }
  return median(times);
}

export async function run(): Promise<void> {
  const entries = lambdaEntries();
  const sizes: { entry: LambdaEntry; bytes: number; code: string }[] = [];
  const started = performance.now();
  const bundles = await bundleLambdas(entries);
  for (const entry of entries) {
    const code = bundles.get(entry.id) ?? '';
    sizes.push({ entry, bytes: Buffer.byteLength(code), code });
  }
  sizes.sort((a, b) => b.bytes - a.bytes);
  console.log(
    `minified bundle (esbuild, the options of infra/app-function.ts; built in ${((performance.now() - started) / 1000).toFixed(1)} s), largest first:`,
  );
  let over = 0;
  for (const { entry, bytes } of sizes) {
    const budget = budgetFor(entry);
    const verdict = budget === undefined ? '' : bytes <= budget ? '' : `  OVER ${kb(budget)} KB`;
    if (verdict) over += 1;
    console.log(`  ${entry.id.padEnd(28)} ${kb(bytes).padStart(6)} KB  ${entry.entry}${verdict}`);
  }
  const ordered = sizes.map((size) => size.bytes).sort((a, b) => a - b);
  console.log(
    `  ${sizes.length} bundles, median ${kb(median(ordered))} KB, ${over} over budget (HTTP ≤ 400 KB, text worker ≤ 1200 KB)`,
  );

  // Inside the repository, so the media worker's unbundled native packages resolve as they do in AWS.
  const dir = join(repositoryRoot, 'node_modules', '.cache', 'lbm-lambda-bench');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const writeBundle = (id: string, code: string) => {
    mkdirSync(join(dir, id), { recursive: true });
    const file = join(dir, id, 'index.mjs');
    writeFileSync(file, code);
    return file;
  };
  try {
    const helloSource = join(dir, 'hello-world.ts');
    writeFileSync(helloSource, 'export const handler = async () => ({ statusCode: 200, body: "hello" });\n');
    const hello = writeBundle(
      'HelloWorld',
      (await bundleLambdas([{ id: 'HelloWorld', entry: helloSource, kind: 'http', external: [] }])).get(
        'HelloWorld',
      ) ?? '',
    );
    const helloMs = coldImportMs(hello);
    console.log(
      `cold import (median of ${IMPORT_RUNS} fresh processes), against hello-world ${helloMs.toFixed(1)} ms:`,
    );
    const measured: [string, string, number | undefined][] = [
      ['ListClients', 'functions/clients/list-clients.ts', 1.5],
      ['GetHealth', 'functions/health/handler.ts', 1.5],
      ['HTTP authorizer', backgroundFunctions.httpAuthorizer, 1.5],
      ['text worker', backgroundFunctions.worker, 2],
      ['media worker', backgroundFunctions.mediaWorker, undefined],
    ];
    for (const [label, file, target] of measured) {
      const size = sizes.find((candidate) => candidate.entry.entry === file);
      if (!size) {
        console.log(`  ${label.padEnd(16)} (no such handler: ${file})`);
        continue;
      }
      const ms = coldImportMs(writeBundle(size.entry.id, size.code));
      const targetText = target === undefined ? '' : `  (target ≤ ${target}×)`;
      console.log(
        `  ${label.padEnd(16)} ${ms.toFixed(1).padStart(6)} ms  ${(ms / helloMs).toFixed(1)}× hello-world${targetText}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
