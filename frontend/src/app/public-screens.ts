/**
 * The screens of the two routes a first visit lands on, `/` and `/auth`. main.tsx starts loading the
 * one for the current path before React has even downloaded, and boot.tsx waits for it before the first
 * render, so the router can render it at once instead of suspending: a Suspense fallback, once shown,
 * holds the page back for React's reveal throttle (up to 300 ms) and costs a second render (docs/benchmarks.md,
 * "lcp"). No React import here: this module is part of the entry chunk.
 */
import { type Preloadable, preloadable } from '@/lib/preloadable';

export const landingScreen = preloadable(() => import('@/features/landing/landing-page'));
export const authScreen = preloadable(() => import('@/features/auth/auth-page'));

/** The public screen of a path, if a first visit there has one. */
export function publicScreenFor(pathname: string): Preloadable<unknown> | undefined {
  if (pathname === '/') return landingScreen;
  if (pathname === '/auth') return authScreen;
  return undefined;
}
