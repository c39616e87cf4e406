import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Spec 000 §2: the 'Loading...' spinner shown while authentication resolves. */
export function LoadingScreen({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex min-h-svh w-full flex-1 flex-col items-center justify-center gap-3', className)}
    >
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-muted-foreground text-sm">{label}</p>
    </div>
  );
}
