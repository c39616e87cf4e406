import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { useAuth } from '@/lib/auth/auth-context';
import { preloadScreen } from '../screens';

// Signed-out visitors never need the sidebar, so its code (and the navigation icons) loads only for
// signed-in users.
const loadSidebarLayout = () => import('./sidebar-layout');
const SidebarLayout = lazy(() => loadSidebarLayout().then((module) => ({ default: module.SidebarLayout })));

let preloaded = false;

/**
 * The page frame: signed-in users get the sidebar layout, signed-out visitors (the landing page) get
 * the bare page, since the sidebar renders nothing for them.
 */
export function AppShell() {
  const { status } = useAuth();
  // 'Loading...' shows only while a stored session is being read (auth-context.tsx), which is nearly
  // always a signed-in one: the frame's chunk, the screen's and its first request (screen-prefetch.ts,
  // through the frame's chunk) start then, together, rather than each after the one before. Once per
  // page load: the frame prefetches each later route as it is matched.
  const maySignIn = status !== 'signedOut';
  useEffect(() => {
    if (!maySignIn || preloaded) return;
    preloaded = true;
    const path = window.location.pathname;
    loadSidebarLayout()
      .then((frame) => frame.prefetchScreen(path))
      .catch(() => undefined);
    preloadScreen(path);
  }, [maySignIn]);
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut') return <Outlet />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SidebarLayout />
    </Suspense>
  );
}
