import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { useAuth } from '@/lib/auth/auth-context';

/** Spec 000 §2 route guard: 'Loading...' while auth resolves, then /auth for signed-out visitors. */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut') return <Navigate to="/auth" replace />;
  return <Outlet />;
}
