/**
 * Where a Lambda bundle's bytes go: `npx tsx bench/lambda-metafile.ts GetHealth ListClients worker`
 * bundles each named function as bench/lambda-bundles.ts does and prints what its cold start loads per
 * package (or per source folder for the app's own code), largest first, from esbuild's metafile, then
 * the size of each part loaded on first use. Used to decide what to cut; the bundle bench and the budget
 * test print and hold the totals.
 */
import { bundleLambdas, type LambdaEntry, lambdaEntries } from './lambda-bundles';

const TOP = 25;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;

async function analyse(entry: LambdaEntry): Promise<void> {
  const split = (await bundleLambdas([entry])).get(entry.id)?.split;
  if (!split) return;
  const cold = split.coldStartParts.reduce((sum, part) => sum + part.bytes, 0);
  console.log(`\n${entry.id} (${entry.entry}): cold start ${(cold / 1024).toFixed(0)} KB`);
  for (const part of split.coldStartParts.slice(0, TOP)) console.log(`  ${kb(part.bytes)}  ${part.name}`);
  const rest = split.coldStartParts.slice(TOP).reduce((sum, part) => sum + part.bytes, 0);
  if (rest > 0) console.log(`  ${kb(rest)}  (${split.coldStartParts.length - TOP} more)`);
  console.log('  loaded on first use:');
  for (const part of split.lazy) console.log(`  ${kb(part.bytes)}  ${part.module}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ids = process.argv.slice(2);
  const entries = lambdaEntries();
  for (const id of ids) {
    const entry = entries.find((candidate) => candidate.id === id);
    if (entry) await analyse(entry);
    else console.log(`${id}: no such function`);
  }
}
