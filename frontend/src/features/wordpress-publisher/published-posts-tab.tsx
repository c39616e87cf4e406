import { ChevronLeft, ChevronRight, ExternalLink as ExternalIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { WORDPRESS_MESSAGES, WORDPRESS_STATUS_LABELS, type WordPressPostsPage } from '#shared/wordpress';
import { ExternalLink } from '@/components/layout/external-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { fetchPosts } from './publisher-api';
import { decodeTitle, formatDate } from './publisher-dates';

/** 001 §2 Published Posts: the site's posts, a page at a time (WordPress pages them; the spec shows no paging). */
export function PublishedPostsTab({ clientId }: { clientId: string }) {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<WordPressPostsPage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) loads again.
  useEffect(() => {
    const controller = new AbortController();
    setResult(null);
    setFailed(null);
    fetchPosts(clientId, page, controller.signal).then(setResult, (error: unknown) => {
      if (controller.signal.aborted || isSessionEnded(error)) return;
      const message = errorMessage(error, WORDPRESS_MESSAGES.connectionError);
      setFailed(message);
      // 001 §8: 'WordPress Connection Error: Failed to connect to WordPress.' (or what the site said).
      void toast({
        title: WORDPRESS_MESSAGES.connectionErrorTitle,
        description: message,
        variant: 'destructive',
      });
    });
    return () => controller.abort();
  }, [clientId, page, attempt]);

  if (failed) return <LoadFailed message={failed} onRetry={() => setAttempt((value) => value + 1)} />;
  if (!result) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading posts">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (result.posts.length === 0 && page === 1) {
    return (
      <p className="rounded-lg border border-dashed px-6 py-12 text-center text-muted-foreground">
        {WORDPRESS_MESSAGES.noPosts}
      </p>
    );
  }
  const totalPages = Math.max(result.totalPages, page);
  return (
    <div className="space-y-3">
      <ul className="divide-y rounded-lg border" aria-label="Published posts">
        {result.posts.map((post) => {
          const title = decodeTitle(post.title.rendered);
          return (
            <li key={post.id} data-testid="post-row" className="flex items-center justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <p className="break-words font-medium">{title}</p>
                <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
                  <Badge variant={post.status === 'publish' ? 'green' : 'secondary'}>
                    {WORDPRESS_STATUS_LABELS[post.status] ?? post.status}
                  </Badge>
                  <span>{formatDate(post.date)}</span>
                </div>
              </div>
              <Button asChild variant="outline" size="icon" className="shrink-0">
                <ExternalLink href={post.link} aria-label={`Open ${title}`}>
                  <ExternalIcon aria-hidden="true" />
                </ExternalLink>
              </Button>
            </li>
          );
        })}
      </ul>
      {totalPages > 1 && (
        <nav className="flex items-center justify-between gap-2" aria-label="Post pages">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="text-muted-foreground text-sm">
            Page {page} of {totalPages} · {result.total} posts
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={page >= totalPages}
            onClick={() => setPage(page + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
