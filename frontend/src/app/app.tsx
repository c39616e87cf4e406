import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import type { RuntimeConfig } from '#shared/runtime-config';
import { ToastHost } from '@/components/ui/sonner';
import { AuthProvider } from '@/lib/auth/auth-context';
import { AppRoutes } from './router';

/**
 * Providers mounted once for the whole app, around the routes. The browser's router by default; the
 * build-time prerender of `/` passes a static one, and the rest of the tree is the very one the browser
 * hydrates.
 */
export function App({
  config,
  Router = BrowserRouter,
}: {
  config: RuntimeConfig;
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <AuthProvider>
      <Router>
        <AppRoutes config={config} />
      </Router>
      <ToastHost />
    </AuthProvider>
  );
}
