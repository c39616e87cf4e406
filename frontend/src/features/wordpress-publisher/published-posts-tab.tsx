import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ExternalLink as ExternalIcon } from 'lucide-react';
import { useState } from 'react';
import { WORDPRESS_MESSAGES, WORDPRESS_STATUS_LABELS } from '#shared/wordpress';
import { ExternalLink } from '@/components/layout/external-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { decodeTitle, formatDate } from './publisher-dates';
import { publishedPostsQuery } from './queries';

/** 001 §2 Published Posts: the site's posts, a page at a time (WordPress pages them; the spec shows no paging). */
export function PublishedPostsTab({ clientId }: { clientId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, refetch } = useQuery(publishedPostsQuery(clientId, page));
  const result = data ?? null;
  if (error && !isSessionEnded(error))
    return (
      <LoadFailed
        message={errorMessage(error, WORDPRESS_MESSAGES.connectionError)}
        onRetry={() => void refetch()}
      />
    );
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
