import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastHost } from '@/components/ui/sonner';
import { AuthProvider } from '@/lib/auth/auth-context';
import { createQueryClient, QueryProvider } from '@/lib/query-client';

/**
 * A screen as the app mounts it (app/app.tsx): the auth provider (signed in, see setup.ts), a router at
 * `path`, a data layer of its own (so no test sees another's cache), and the toast host, so a test
 * reads the toasts the screen shows.
 */
export function renderScreen(screen: ReactElement, { path = '/' }: { path?: string } = {}): RenderResult {
  return render(
    <AuthProvider>
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
      </QueryProvider>
      <ToastHost />
    </AuthProvider>,
  );
}
