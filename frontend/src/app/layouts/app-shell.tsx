import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { useAuth } from '@/lib/auth/auth-context';

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
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut') return <Outlet />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SidebarLayout />
    </Suspense>
  );
}
