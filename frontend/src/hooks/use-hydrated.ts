import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the HTML prerendered at build time (and in that prerender), true in every other
 * render. A part that depends on what only the browser knows (the deployment's runtime config) renders its
 * build-time form until then, so hydration finds exactly the prerendered markup; React renders it again with
 * the real values right after hydrating
 * (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids": LCP of `/`).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
