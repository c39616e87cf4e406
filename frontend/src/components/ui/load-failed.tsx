import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from './button';

/**
 * Shown instead of an empty state when a screen's data failed to load (docs/decisions.md, "Failed loads"): an
 * empty state would say "nothing here yet" and invite the user to add what already exists. Try again is by
 * hand only, so nothing retries a refused call in a loop.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      data-testid="load-failed"
      className="flex flex-col items-center justify-center gap-3 rounded-lg border border-destructive/40 border-dashed px-6 py-14 text-center"
    >
      <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
      <p className="font-medium">{message}</p>
      {onRetry && (
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  );
}
