import { ExternalLink as ExternalIcon, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type ClientContent, CONTENT_TYPE_BADGE_COLOURS, contentTypeLabel } from '#shared/content';
import {
  isPublicStatus,
  WORDPRESS_MESSAGES,
  WORDPRESS_STATUS_LABELS,
  wordpressLinkOf,
} from '#shared/wordpress';
import { ExternalLink } from '@/components/layout/external-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { editorHref } from './editor-link';
import { deletePost } from './publisher-api';
import { formatDate, formatDateTime } from './publisher-dates';

/**
 * The post's state on the site: 'Published' only when readers can see it (001 §2's badge); a draft,
 * a private post or one waiting for review says so, and a scheduled one says when.
 */
function PublishStateBadge({ item }: { item: ClientContent }) {
  const link = wordpressLinkOf(item.metadata);
  if (!link) return null;
  if (link.status === 'future' && link.date) {
    return <Badge variant="outline">Scheduled for {formatDateTime(link.date)}</Badge>;
  }
  if (link.status === null || isPublicStatus(link.status)) return <Badge variant="green">Published</Badge>;
  return <Badge variant="outline">{WORDPRESS_STATUS_LABELS[link.status] ?? link.status}</Badge>;
}

export function ContentLibraryTab({
  clientId,
  items,
  failed,
  onRetry,
  onChanged,
}: {
  clientId: string | null;
  items: ClientContent[] | null;
  failed: string | null;
  onRetry: () => void;
  onChanged: (item: ClientContent) => void;
}) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<ClientContent | null>(null);
  const [deleting, setDeleting] = useState(false);

  const openEditor = (item: ClientContent) => {
    // 001 §5: the edit button needs a selected client.
    if (!clientId) {
      void toast({ title: WORDPRESS_MESSAGES.selectClientFirst, variant: 'destructive' });
      return;
    }
    navigate(editorHref(clientId, item.id));
  };

  const remove = async () => {
    const item = confirming;
    const link = item ? wordpressLinkOf(item.metadata) : null;
    if (!item || !link || !clientId) return;
    setDeleting(true);
    try {
      const { content } = await deletePost(clientId, link.id, item.id);
      onChanged(content);
      void toast({ title: WORDPRESS_MESSAGES.deleted, variant: 'success' });
      setConfirming(null);
    } catch (error) {
      void toast({
        title: WORDPRESS_MESSAGES.deleteFailedTitle,
        description: errorMessage(error, WORDPRESS_MESSAGES.deleteFailed),
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  };

  if (failed) return <LoadFailed message={failed} onRetry={onRetry} />;
  if (!items) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading content">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="grid gap-1 rounded-lg border border-dashed px-6 py-12 text-center text-muted-foreground">
        <p>{WORDPRESS_MESSAGES.noContent}</p>
        <p className="text-sm">{WORDPRESS_MESSAGES.publishableTypes}</p>
      </div>
    );
  }
  return (
    <>
      <p className="mb-2 text-muted-foreground text-sm">{WORDPRESS_MESSAGES.publishableTypes}</p>
      <ul className="divide-y rounded-lg border" aria-label="Content library">
        {items.map((item) => {
          const link = wordpressLinkOf(item.metadata);
          return (
            <li
              key={item.id}
              data-testid="library-row"
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <p className="break-words font-medium">{item.title}</p>
                <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
                  <Badge variant={CONTENT_TYPE_BADGE_COLOURS[item.content_type] ?? 'secondary'}>
                    {contentTypeLabel(item.content_type)}
                  </Badge>
                  <PublishStateBadge item={item} />
                  <span>{formatDate(item.created_at)}</span>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                {link ? (
                  <>
                    <Button type="button" variant="outline" size="sm" onClick={() => openEditor(item)}>
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    {link.url && (link.status === null || isPublicStatus(link.status)) && (
                      <Button asChild variant="outline" size="sm">
                        <ExternalLink href={link.url}>
                          <ExternalIcon aria-hidden="true" />
                          View post
                        </ExternalLink>
                      </Button>
                    )}
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`Delete WordPress post of ${item.title}`}
                      onClick={() => setConfirming(item)}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </>
                ) : (
                  <Button type="button" size="sm" onClick={() => openEditor(item)}>
                    <Send aria-hidden="true" />
                    Publish
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && !deleting && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete the WordPress post?</DialogTitle>
            <DialogDescription>
              “{confirming?.title}” moves to the WordPress trash and becomes unpublished here. The content
              stays in the library.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={deleting} onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button type="button" variant="destructive" busy={deleting} onClick={() => void remove()}>
              {deleting ? 'Deleting…' : 'Delete post'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
