import { Activity as ActivityIcon, RefreshCw, TriangleAlert } from 'lucide-react';
import type { Activity } from '#shared/activity';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ACTIVITY_GRID_CLASS, ActivityRow } from './activity-row';
import { ACTIVITY_PAGE } from './messages';

const PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

function HeaderRow() {
  const { columns } = ACTIVITY_PAGE;
  return (
    <div
      className={`hidden border-b bg-muted/50 px-4 py-2 font-medium text-muted-foreground text-xs uppercase tracking-wide ${ACTIVITY_GRID_CLASS}`}
      aria-hidden="true"
    >
      <span>{columns.time}</span>
      <span>{columns.user}</span>
      <span>{columns.action}</span>
      <span>{columns.resource}</span>
      <span>{columns.details}</span>
    </div>
  );
}

function LoadingRows() {
  return (
    <div role="status" aria-busy="true" aria-label={ACTIVITY_PAGE.loading} data-testid="activity-skeleton">
      {PLACEHOLDERS.map((key) => (
        <div key={key} className={`grid gap-2 border-b px-4 py-3 last:border-b-0 ${ACTIVITY_GRID_CLASS}`}>
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-44" />
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-full max-w-56" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({
  failed,
  filtered,
  onRetry,
}: {
  failed: boolean;
  filtered: boolean;
  onRetry: () => void;
}) {
  const Icon = failed ? TriangleAlert : ActivityIcon;
  const title = failed
    ? ACTIVITY_PAGE.loadFailedTitle
    : filtered
      ? ACTIVITY_PAGE.emptyFilteredTitle
      : ACTIVITY_PAGE.emptyTitle;
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium text-lg">{title}</p>
      {failed ? (
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw />
          {ACTIVITY_PAGE.retry}
        </Button>
      ) : (
        <p className="max-w-sm text-muted-foreground text-sm">
          {filtered ? ACTIVITY_PAGE.emptyFilteredHint : ACTIVITY_PAGE.emptyHint}
        </p>
      )}
    </div>
  );
}

/** Under the rows: 'Load more' while older rows exist, what went wrong, or that the oldest is shown. */
function OlderRows({ older }: { older: OlderPages }) {
  if (older.cursor === undefined) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 border-t px-4 py-3 text-muted-foreground text-sm">
      {older.cursor === null ? (
        <span data-testid="activity-oldest-shown">{ACTIVITY_PAGE.oldestShown}</span>
      ) : (
        <>
          {older.failed && <span role="alert">{ACTIVITY_PAGE.olderPageFailed}</span>}
          <Button variant="outline" size="sm" onClick={older.onLoad} disabled={older.loading}>
            {older.loading ? <Spinner /> : older.failed ? <RefreshCw /> : null}
            {older.loading
              ? ACTIVITY_PAGE.loadingMore
              : older.failed
                ? ACTIVITY_PAGE.retry
                : ACTIVITY_PAGE.loadMore}
          </Button>
        </>
      )}
    </div>
  );
}

/** Where the next older page starts (undefined before the first page, null at the oldest row). */
export interface OlderPages {
  readonly cursor: string | null | undefined;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly onLoad: () => void;
}

/**
 * The feed: column headings, then the rows newest first and 'Load more', or the skeleton, or the empty
 * state (its own words when a filter is chosen).
 */
export function ActivityList({
  activities,
  failed,
  filtered = false,
  older,
  timeZone,
  onRetry,
}: {
  activities: readonly Activity[] | null;
  failed: boolean;
  filtered?: boolean;
  older?: OlderPages;
  timeZone: string;
  onRetry: () => void;
}) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
      <HeaderRow />
      {activities === null ? (
        <LoadingRows />
      ) : activities.length === 0 ? (
        <EmptyState failed={failed} filtered={filtered} onRetry={onRetry} />
      ) : (
        <>
          {failed && (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-2 border-b bg-destructive/5 px-4 py-2 text-sm"
            >
              <span>{ACTIVITY_PAGE.olderFailed}</span>
              <Button variant="outline" size="sm" onClick={onRetry}>
                <RefreshCw />
                {ACTIVITY_PAGE.retry}
              </Button>
            </div>
          )}
          <ul className="divide-y" aria-label={ACTIVITY_PAGE.listLabel} aria-live="polite">
            {activities.map((activity) => (
              <ActivityRow key={activity.id} activity={activity} timeZone={timeZone} />
            ))}
          </ul>
          {older && <OlderRows older={older} />}
        </>
      )}
    </div>
  );
}
