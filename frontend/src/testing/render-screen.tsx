import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastHost } from '@/components/ui/sonner';
import { AuthProvider } from '@/lib/auth/auth-context';

/**
 * A screen as the app mounts it (app/app.tsx): the auth provider (signed in, see setup.ts), a router at
 * `path`, and the toast host, so a test reads the toasts the screen shows.
 */
export function renderScreen(screen: ReactElement, { path = '/' }: { path?: string } = {}): RenderResult {
  return render(
    <AuthProvider>
      <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
      <ToastHost />
    </AuthProvider>,
  );
}
