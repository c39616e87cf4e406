import { BrowserRouter } from 'react-router';
import type { RuntimeConfig } from '#shared/runtime-config';
import { ToastHost } from '@/components/ui/sonner';
import { AuthProvider } from '@/lib/auth/auth-context';
import { AppRoutes } from './router';

/** Providers mounted once for the whole app, around the routes. */
export function App({ config }: { config: RuntimeConfig }) {
  return (
    <AuthProvider>
      <BrowserRouter>
        <AppRoutes config={config} />
      </BrowserRouter>
      <ToastHost />
    </AuthProvider>
  );
}
