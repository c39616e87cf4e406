import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterRequested, subscribeToToasterRequest } from '@/lib/toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** Mounted once by the app; renders the Toaster (and loads sonner) when the first toast is requested. */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToToasterRequest, isToasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
