/**
 * `npm run bench`: runs every `bench/*-bench.ts` in turn. Each prints its own figures; benches measure
 * and report, they never fail on a threshold.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { quietSdkWarnings } from '#local/quiet-sdk-warnings';

quietSdkWarnings();

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('-bench.ts'))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .sort();

for (const name of benches) {
  console.log(`\n=== ${name.replace(/-bench\.ts$/, '')} ===`);
  const bench: { run: () => Promise<void> } = await import(pathToFileURL(join(here, name)).href);
  await bench.run();
}
