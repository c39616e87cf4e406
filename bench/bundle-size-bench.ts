/**
 * DESIGN §6 budget: the JavaScript that the first load of `/` and `/auth` downloads, gzip-compressed,
 * against a target of 100 KB each (issue 15). A route's first load is the entry chunk, every chunk it imports
 * statically (transitively), and the lazy chunk of the route's screen with its static imports: all
 * found in the Vite manifest. The budget is for a visitor's first load; a signed-in user's `/` (SDK and
 * sidebar layout) and what the auth form loads on first interaction are reported beside it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir, ensureFrontendBuild, manifestPath } from '#local/frontend-build';

const TARGET_KB = 100;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The chunk keys a first load of these modules fetches: themselves and their static imports. */
function staticClosure(manifest: Manifest, roots: readonly string[]): Set<string> {
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

async function gzipBytes(
  manifest: Manifest,
  keys: Iterable<string>,
): Promise<{ raw: number; gzip: number; files: number }> {
  let raw = 0;
  let gzip = 0;
  let files = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (!file?.endsWith('.js')) continue;
    const content = await readFile(join(distDir, file));
    raw += content.byteLength;
    gzip += gzipSync(content, { level: 9 }).byteLength;
    files += 1;
  }
  return { raw, gzip, files };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export async function run(): Promise<void> {
  const rebuilt = await ensureFrontendBuild();
  const manifest: Manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The Vite manifest has no entry chunk.');

  const landing = 'src/features/landing/landing-page.tsx';
  const auth = 'src/features/auth/auth-page.tsx';
  const amplify = 'src/lib/auth/amplify.ts';
  const scenarios: { name: string; modules: string[]; budgeted: boolean }[] = [
    { name: '/ (visitor)', modules: [entry, landing], budgeted: true },
    { name: '/auth (visitor)', modules: [entry, auth], budgeted: true },
    // A returning user: the Amplify SDK reads the stored session, and the sidebar layout loads.
    {
      name: '/ (signed in)',
      modules: [entry, landing, amplify, 'src/app/layouts/sidebar-layout.tsx'],
      budgeted: false,
    },
  ];

  console.log(`frontend build: ${rebuilt ? 'rebuilt' : 'up to date'} (${distDir})`);
  console.log(`target: at most ${TARGET_KB} KB of gzip JS per first load (gzip level 9)`);
  for (const scenario of scenarios) {
    const { raw, gzip, files } = await gzipBytes(manifest, staticClosure(manifest, scenario.modules));
    const verdict = !scenario.budgeted
      ? '(not budgeted)'
      : gzip / 1024 <= TARGET_KB
        ? 'within target'
        : 'OVER TARGET';
    console.log(
      `${scenario.name.padEnd(18)} ${kb(gzip).padStart(7)} KB gzip  (${kb(raw)} KB raw, ${files} files)  ${verdict}`,
    );
  }

  // Loaded on the first focus or click in the auth card, not on page load: the Cognito calls, the SDK
  // and the toaster.
  const firstLoad = staticClosure(manifest, [entry, auth]);
  const onInteraction = staticClosure(manifest, [
    'src/lib/auth/auth-actions.ts',
    amplify,
    'src/components/ui/toaster.tsx',
  ]);
  const deferred = [...onInteraction].filter((key) => !firstLoad.has(key));
  const { gzip } = await gzipBytes(manifest, deferred);
  console.log(
    `${'/auth interaction'.padEnd(18)} +${kb(gzip).padStart(6)} KB gzip  (Cognito calls, SDK, toaster; after load)`,
  );
}
