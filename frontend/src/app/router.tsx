import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import type { RuntimeConfig } from '#shared/runtime-config';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { preloadableComponent } from '@/lib/preloadable-component';
import { AppShell } from './layouts/app-shell';
import { RequireAuth } from './layouts/require-auth';
import { REVIEW_PAGE_PREFIX, STATEMENT_PAGE_PREFIX } from './navigation/page-title';
import { authScreen, landingScreen } from './public-screens';
import { RouteErrorBoundary } from './route-error';
import { guardedScreens, isRouteAvailable, withClassMerge } from './screens';
import { useRouteFocus } from './use-route-focus';

/**
 * Spec 000 §2 routes, in react-router's declarative mode (its data-router half would add ~18 KB gzip to
 * every first load, docs/architecture.md, "Budgets"). Every screen is its own lazily loaded chunk, so the first load of `/`
 * or `/auth` downloads only the shell and that one screen.
 */

// The landing page and the auth screen render with `cn` only joining classes (lib/utils.ts), which keeps
// tailwind-merge out of their first load; every other page loads the merge first.
const LandingPage = preloadableComponent(landingScreen, (module) => module.LandingPage);
const AuthPage = preloadableComponent(authScreen, (module) => module.AuthPage);
const DevMailboxPage = lazy(
  withClassMerge(() =>
    import('@/features/dev-mailbox/dev-mailbox-page').then((module) => ({ default: module.DevMailboxPage })),
  ),
);
// A review link's page, public (no account, no sidebar) and kept out of every other chunk.
const ReviewPage = lazy(
  withClassMerge(() =>
    import('@/features/review-page/review-page').then((module) => ({ default: module.ReviewPage })),
  ),
);
// A statement link's page, public like the review page and in a chunk of its own.
const PublicStatementPage = lazy(
  withClassMerge(() =>
    import('@/features/statements/public-statement-page').then((module) => ({
      default: module.PublicStatementPage,
    })),
  ),
);
const NotFoundPage = lazy(
  withClassMerge(() =>
    import('@/features/not-found/not-found-page').then((module) => ({ default: module.NotFoundPage })),
  ),
);

const screens = guardedScreens.map((screen) => ({
  ...screen,
  Component: lazy(() => screen.load().then((Screen) => ({ default: Screen }))),
}));

function Landing() {
  return <LandingPage isRouteAvailable={isRouteAvailable} />;
}

/** The paths this build routes; anything else is the 404 page. */
const isKnownPath = (local: boolean) => (path: string) =>
  path === '/auth' ||
  path.startsWith(REVIEW_PAGE_PREFIX) ||
  path.startsWith(STATEMENT_PAGE_PREFIX) ||
  (local && path === '/dev/mailbox') ||
  isRouteAvailable(path);
const knownLocal = isKnownPath(true);
const knownDeployed = isKnownPath(false);

export function AppRoutes({ config }: { config: RuntimeConfig }) {
  const { pathname } = useLocation();
  useRouteFocus(pathname, config.local ? knownLocal : knownDeployed);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route element={<AppShell />}>
            <Route index element={<Landing />} />
            <Route element={<RequireAuth />}>
              {screens
                .filter((screen) => screen.layout !== 'bare')
                .map(({ path, Component }) => (
                  <Route key={path} path={path} element={<Component />} />
                ))}
            </Route>
          </Route>
          <Route element={<RequireAuth />}>
            {screens
              .filter((screen) => screen.layout === 'bare')
              .map(({ path, Component }) => (
                <Route key={path} path={path} element={<Component />} />
              ))}
          </Route>
          <Route path="/auth" element={<AuthPage />} />
          <Route path={`${REVIEW_PAGE_PREFIX}:token`} element={<ReviewPage />} />
          <Route path={`${STATEMENT_PAGE_PREFIX}:token`} element={<PublicStatementPage />} />
          {/* Local runtime only: what Cognito would have e-mailed. The AWS build never routes it. */}
          {config.local && <Route path="/dev/mailbox" element={<DevMailboxPage />} />}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
