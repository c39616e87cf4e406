import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { useAuth } from '@/lib/auth/auth-context';
import { preloadSignedInScreen } from '../screens';

// Signed-out visitors never need the sidebar, so its code (and the navigation icons) loads only for
// signed-in users.
const SidebarLayout = lazy(() =>
  import('./sidebar-layout').then((module) => ({ default: module.SidebarLayout })),
);

/**
 * The page frame: signed-in users get the sidebar layout, signed-out visitors (the landing page) get
 * the bare page, since the sidebar renders nothing for them.
 */
export function AppShell() {
  const { status } = useAuth();
  // The screen's chunk and data start with the frame's, not after it (screens.ts). Only the first
  // signed-in page: the frame prefetches each later one as it is matched.
  useEffect(() => {
    if (status === 'signedIn') preloadSignedInScreen(window.location.pathname);
  }, [status]);
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut') return <Outlet />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SidebarLayout />
    </Suspense>
  );
}
