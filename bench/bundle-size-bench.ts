/**
 * The first-load budget (docs/architecture.md, "Budgets"): what the first load of `/` and `/auth` downloads, gzip-compressed, against a target
 * of 100 KB each (bench/first-load-size.ts finds it in the Vite manifest). The budget is for
 * the JavaScript of a visitor's first load, printed with the CSS beside it; a signed-in user's `/` (SDK
 * and sidebar layout) and what the auth form loads on first interaction are reported too.
 */
import { ensureFrontendBuild } from '#local/frontend-build';
import {
  documentAssets,
  entryKey,
  FIRST_LOAD_TARGET_KB,
  type LoadSize,
  loadSize,
  PUBLIC_SCREENS,
  readManifest,
  staticClosure,
} from './first-load-size';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export async function run(): Promise<void> {
  const rebuilt = await ensureFrontendBuild();
  const manifest = await readManifest();
  const entry = entryKey(manifest);
  const document = await documentAssets();
  const amplify = 'src/lib/auth/amplify.ts';
  const scenarios: { name: string; modules: readonly string[]; budgeted: boolean }[] = [
    { name: '/ (visitor)', modules: [entry, ...PUBLIC_SCREENS['/']], budgeted: true },
    { name: '/auth (visitor)', modules: [entry, ...PUBLIC_SCREENS['/auth']], budgeted: true },
    // A returning user: the Amplify SDK reads the stored session, and the sidebar layout loads.
    {
      name: '/ (signed in)',
      modules: [entry, ...PUBLIC_SCREENS['/'], amplify, 'src/app/layouts/sidebar-layout.tsx'],
      budgeted: false,
    },
  ];

  console.log(`frontend build: ${rebuilt ? 'rebuilt' : 'up to date'}`);
  console.log(`target: at most ${FIRST_LOAD_TARGET_KB} KB of gzip JS per first load (each file gzip -9)`);
  const line = (name: string, size: LoadSize, verdict: string) =>
    console.log(
      `${name.padEnd(18)} JS ${kb(size.jsGzip).padStart(6)} KB gzip  (+ CSS ${kb(size.cssGzip)} KB; ${kb(size.jsRaw)} KB raw JS, ${size.files} files)  ${verdict}`,
    );
  for (const scenario of scenarios) {
    const size = await loadSize(manifest, staticClosure(manifest, scenario.modules), document);
    const verdict = !scenario.budgeted
      ? '(not budgeted)'
      : size.jsGzip / 1024 <= FIRST_LOAD_TARGET_KB
        ? 'within target'
        : 'OVER TARGET';
    line(scenario.name, size, verdict);
  }

  // Loaded on the first focus or click in the auth card, not on page load: the Cognito calls, the SDK,
  // the toaster, and the other auth views with tailwind-merge.
  const firstLoad = staticClosure(manifest, [entry, ...PUBLIC_SCREENS['/auth']]);
  const preloaded = new Set(document);
  const onInteraction = staticClosure(manifest, [
    'src/lib/auth/auth-actions.ts',
    amplify,
    'src/components/ui/toaster.tsx',
    'src/lib/class-merge.ts',
    ...['sign-up-form', 'confirm-sign-up-form', 'forgot-password-form', 'reset-password-form'].map(
      (view) => `src/features/auth/${view}.tsx`,
    ),
  ]);
  const deferred = await loadSize(
    manifest,
    [...onInteraction].filter((key) => !firstLoad.has(key) && !preloaded.has(manifest[key]?.file ?? '')),
  );
  console.log(
    `${'/auth interaction'.padEnd(18)} +${kb(deferred.jsGzip).padStart(6)} KB gzip JS  (Cognito calls, SDK, toaster, other views; after load)`,
  );
}
