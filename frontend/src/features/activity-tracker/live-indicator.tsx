import { cn } from '@/lib/utils';
import { ACTIVITY_PAGE } from './messages';

/** A green pulsing dot while new activities arrive live; amber while the socket (re)connects. */
export function LiveIndicator({ live }: { live: boolean }) {
  return (
    <span
      className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 font-medium text-sm"
      role="status"
      data-testid="activity-live-indicator"
      data-live={live}
    >
      <span className="relative flex size-2.5" aria-hidden="true">
        {live && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-500 opacity-75 motion-reduce:hidden" />
        )}
        <span
          className={cn('relative inline-flex size-2.5 rounded-full', live ? 'bg-green-500' : 'bg-amber-500')}
        />
      </span>
      {live ? ACTIVITY_PAGE.live : ACTIVITY_PAGE.connecting}
    </span>
  );
}
