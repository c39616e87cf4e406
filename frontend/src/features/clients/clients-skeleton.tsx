import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CLIENT_GRID_CLASS } from './client-grid';

const PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Shown while the client list loads (000 §4): card-shaped placeholders in the same grid. */
export function ClientsSkeleton() {
  return (
    <div
      className={CLIENT_GRID_CLASS}
      role="status"
      aria-busy="true"
      aria-label="Loading clients"
      data-testid="clients-skeleton"
    >
      {PLACEHOLDERS.map((key) => (
        <Card key={key} className="gap-4">
          <CardHeader>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </CardHeader>
          <CardContent className="grid gap-3">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <div className="flex gap-1.5">
              <Skeleton className="h-5 w-16" />
              <Skeleton className="h-5 w-16" />
            </div>
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
