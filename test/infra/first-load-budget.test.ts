import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFrontendBuild } from '#local/frontend-build';
import {
  entryKey,
  FIRST_LOAD_TARGET_KB,
  type LoadSize,
  PUBLIC_SCREENS,
  publicFirstLoads,
  readManifest,
  staticClosure,
} from '../../bench/first-load-size';

/**
 * docs/architecture.md, "Budgets": a size check, not a timing. The JavaScript a visitor's first load of `/`
 * and `/auth` downloads (found in the Vite manifest and index.html, each file gzip -9) is held to
 * FIRST_LOAD_TARGET_KB (bench/first-load-size.ts). Reuses `frontend/dist` when it is current, otherwise
 * builds it first (about 30 s). `npm run bench bundle-size` prints the figures.
 */

let loads: Record<string, LoadSize>;
let manifest: Awaited<ReturnType<typeof readManifest>>;

beforeAll(async () => {
  await ensureFrontendBuild();
  loads = await publicFirstLoads();
  manifest = await readManifest();
}, 300_000);

describe('first-load JavaScript', () => {
  it.each(Object.keys(PUBLIC_SCREENS))(`%s stays within ${FIRST_LOAD_TARGET_KB} KB gzip`, (route) => {
    const load = loads[route];
    expect(load, route).toBeDefined();
    expect(Math.round(((load?.jsGzip ?? Number.POSITIVE_INFINITY) / 1024) * 10) / 10).toBeLessThanOrEqual(
      FIRST_LOAD_TARGET_KB,
    );
  });

  // The entry starts the screen's chunk as soon as it runs, so it must not wait for React (or anything
  // else large) to download first; and neither public screen brings the other's code along.
  it('has an entry that imports no React, and screens that do not load each other', () => {
    const entry = staticClosure(manifest, [entryKey(manifest)]);
    const files = (keys: Set<string>) => [...keys].map((key) => manifest[key]?.file ?? key);
    expect(files(entry).filter((file) => /react|shell|boot/.test(file))).toEqual([]);
    const landing = files(staticClosure(manifest, PUBLIC_SCREENS['/']));
    const auth = files(staticClosure(manifest, PUBLIC_SCREENS['/auth']));
    expect(landing.filter((file) => file.includes('auth-page'))).toEqual([]);
    expect(auth.filter((file) => file.includes('landing-page') || file.includes('class-merge'))).toEqual([]);
  });
});
