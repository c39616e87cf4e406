import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableStack } from './readable-stack';

/**
 * Stacks from minified, code-split bundles built as the stack builds the Lambdas (ESM, linked maps
 * without the sources), mapped back to the lines that threw.
 */

const SOURCE = {
  'entry.ts': [
    "import { failInEntry } from './fail';",
    '',
    'export async function handler(where: string): Promise<void> {',
    "  if (where === 'entry') failInEntry();",
    "  const { failInChunk } = await import('./lazy');",
    '  failInChunk();',
    '}',
    '',
  ].join('\n'),
  'fail.ts': [
    '/** Padding, so the line is not the first. */',
    'export function failInEntry(): never {',
    "  throw new Error('entry failed');",
    '}',
    '',
  ].join('\n'),
  'lazy.ts': [
    'export function failInChunk(): never {',
    "  const where = ['ch', 'unk'].join('');",
    "  throw new Error('failed in ' + where);",
    '}',
    '',
  ].join('\n'),
};

let dir = '';
let handler: (where: string) => Promise<void>;

const failure = (where: string) =>
  handler(where).then(
    () => undefined,
    (caught: unknown) => caught,
  );

beforeAll(async () => {
  const cache = join(process.cwd(), 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'lbm-readable-stack-'));
  mkdirSync(join(dir, 'src'));
  for (const [name, text] of Object.entries(SOURCE)) writeFileSync(join(dir, 'src', name), text);
  await build({
    entryPoints: [join(dir, 'src', 'entry.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    minify: true,
    sourcemap: 'linked',
    sourcesContent: false,
    outdir: join(dir, 'out'),
    logLevel: 'silent',
  });
  ({ handler } = (await import(pathToFileURL(join(dir, 'out', 'entry.js')).href)) as {
    handler: typeof handler;
  });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('readableStack', () => {
  it("points a minified bundle's frames at the source lines", async () => {
    const error = await failure('entry');
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).stack).toMatch(/out\/entry\.js:1:\d+/u);
    const readable = readableStack(error) ?? '';
    expect(readable).toContain('Error: entry failed');
    expect(readable).toMatch(/src\/fail\.ts:3:\d+/u);
    expect(readable).toMatch(/src\/entry\.ts:4:\d+/u);
    expect(readable).not.toMatch(/out\/entry\.js/u);
  });

  it("reads a lazily loaded chunk's own map", async () => {
    const error = await failure('chunk');
    expect((error as Error).stack).toMatch(/out\/lazy-[A-Z0-9]+\.js:1:\d+/u);
    const readable = readableStack(error) ?? '';
    expect(readable).toMatch(/src\/lazy\.ts:3:\d+/u);
    expect(readable).toMatch(/src\/entry\.ts:6:\d+/u);
  });

  it('keeps frames it cannot map, and has nothing for what is not an Error', () => {
    const unmapped = join(dir, 'plain.mjs');
    writeFileSync(unmapped, 'export const x = 1;\n');
    const error = new Error('x');
    error.stack = `Error: x\n    at f (${pathToFileURL(unmapped).href}:1:5)\n    at node:internal/x:2:3`;
    expect(readableStack(error)).toBe(error.stack);
    expect(readableStack('Error: x')).toBeUndefined();
    expect(readableStack(undefined)).toBeUndefined();
  });
});
