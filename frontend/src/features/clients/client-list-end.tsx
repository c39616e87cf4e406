import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/** The button under the cards while the server has more (a new label: the spec names none). */
export const LOAD_MORE_CLIENTS = 'Load more clients';

/** How far below the viewport the list's end starts the next page, so it is in before it is reached. */
const PRELOAD_MARGIN_PX = 1200;

/**
 * The end of the client cards: while the server has more, the next page loads as this end comes within
 * PRELOAD_MARGIN_PX of the viewport (scrolling, End, or Tab through the cards), and a 'Load more
 * clients' button does the same from the keyboard or where the observer cannot run.
 */
export function ClientListEnd({
  count,
  hasMore,
  loading,
  onLoadMore,
}: {
  /** The cards shown: a page in means a new look at whether the end is still near. */
  count: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page in (count) means a new observer, whose first report says whether the end is still near.
  useEffect(() => {
    const target = end.current;
    if (!target || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    // A fresh observer after each page reports at once whether the end is still near, so a page
    // that did not fill the screen is followed by the next.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: `0px 0px ${PRELOAD_MARGIN_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoadMore, count]);
  return (
    <div ref={end} className="flex justify-center">
      {hasMore && (
        // Stays mounted (aria-disabled, not disabled) while the page loads, so the focus stays on it.
        <Button variant="outline" aria-disabled={loading} onClick={() => !loading && onLoadMore()}>
          {LOAD_MORE_CLIENTS}
        </Button>
      )}
    </div>
  );
}
