// Before any signed-in screen renders: `cn` resolves the Tailwind conflicts of callers' classes.
import '@/lib/class-merge';
// The screens' loaders arrive with the layout, so the screen inside it loads without waiting for them.
import '../screen-loaders';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/ui/skip-link';
import { QueryProvider, queryClient } from '@/lib/query-client';
import { AppSidebar } from '../navigation/app-sidebar';
import { activeNavTitle } from '../navigation/nav-items';
import { useNavGroups } from '../navigation/use-nav-groups';
import { prefetchScreen } from '../screen-prefetch';

// The app shell starts a first load's request through this chunk, which it loads first anyway.
export { prefetchScreen };

/** The bell (docs/decisions.md, "Notifications") loads after the frame: the first load carries none of it. */
const NotificationCenter = lazy(() =>
  import('@/features/notifications/notification-center').then((module) => ({
    default: module.NotificationCenter,
  })),
);

/**
 * The signed-in frame: the side navigation, and a header with its toggle, the current page's name and
 * the notifications' bell.
 */
export function SidebarLayout() {
  const groups = useNavGroups();
  const { pathname } = useLocation();
  const title = activeNavTitle(pathname, groups);
  // The frame leaves when its user signs out: what it loaded must not be shown to the next one.
  useEffect(() => () => queryClient.clear(), []);
  // Each route's first request starts as it is matched, while its chunk may still be loading.
  useEffect(() => prefetchScreen(pathname), [pathname]);

  return (
    <QueryProvider>
      <SidebarProvider>
        <SkipLink />
        <AppSidebar />
        <SidebarInset>
          <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80 print:hidden">
            <SidebarTrigger className="-ml-1" />
            {title && (
              <>
                <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
                <span className="font-medium text-sm">{title}</span>
              </>
            )}
            <Suspense fallback={<span className="ml-auto size-9" />}>
              <NotificationCenter />
            </Suspense>
          </header>
          <div id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
            {/* Keeps the sidebar on screen while the next screen's code loads. */}
            <Suspense fallback={<LoadingScreen className="min-h-[60svh]" />}>
              <Outlet />
            </Suspense>
          </div>
        </SidebarInset>
      </SidebarProvider>
    </QueryProvider>
  );
}
