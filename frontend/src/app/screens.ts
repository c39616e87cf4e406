import type { ComponentType } from 'react';
import { BARE_SCREEN_PATHS, GUARDED_SCREEN_PATHS, type GuardedScreenPath } from './screen-paths';

/**
 * The signed-in screens. Adding a screen is one path in `screen-paths.ts` (a tool's is its screen in
 * shared/tools/catalog.ts) plus its loader in `screen-loaders.ts` (the record's type makes a missing
 * loader a compile error): the router lazy-loads it into its own chunk behind the route guard, and the
 * sidebar shows its navigation entry (nav-items.ts, a tool's from the catalog) once it is registered here.
 */
export interface Screen {
  /** Absolute app path, as in the spec's route table. */
  readonly path: GuardedScreenPath;
  /** The dynamic import keeps the screen out of the first-load bundle. */
  readonly load: () => Promise<ComponentType>;
  /** 'sidebar' renders in the app shell; 'bare' renders alone (spec 001: /wordpress-editor). */
  readonly layout: 'sidebar' | 'bare';
}

/** A screen's chunk, after lib/class-merge.ts (utils.ts: `cn` merges only once it is loaded). */
export function withClassMerge<T>(load: () => Promise<T>): () => Promise<T> {
  return () => import('@/lib/class-merge').then(load);
}

/** class-merge and the loaders (screen-loaders.ts), which load together before any signed-in screen. */
const loadLoaders = () =>
  Promise.all([import('@/lib/class-merge'), import('./screen-loaders')]).then(([, loaders]) => loaders);

/** A signed-in screen's chunk, after class-merge and the loaders. */
function loadScreen(path: GuardedScreenPath): Promise<ComponentType> {
  return loadLoaders().then(({ screenLoaders }) => screenLoaders[path]());
}

export const guardedScreens: readonly Screen[] = GUARDED_SCREEN_PATHS.map((path) => ({
  path,
  load: () => loadScreen(path),
  layout: BARE_SCREEN_PATHS.has(path) ? 'bare' : 'sidebar',
}));

const registeredPaths = new Set(['/', ...guardedScreens.map((screen) => screen.path)]);

const isGuardedPath = (path: string): path is GuardedScreenPath => path !== '/' && registeredPaths.has(path);

export function isRouteAvailable(path: string): boolean {
  return registeredPaths.has(path);
}

/**
 * A signed-in screen's chunk, started as soon as a session may exist (layouts/app-shell.tsx), beside
 * the frame's chunk and the screen's first request, instead of once the frame has rendered the route
 * (docs/benchmarks.md, "Signed-in screens"). A failure is left to the route's own load to show.
 */
export function preloadScreen(path: string): void {
  if (isGuardedPath(path)) loadScreen(path).catch(() => undefined);
}
