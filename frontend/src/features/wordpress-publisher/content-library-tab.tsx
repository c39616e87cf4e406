import { ExternalLink as ExternalIcon, Pencil, Send, ShieldAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type PublishingRules, publishingRefusal } from '#shared/approvals';
import { type ClientContent, contentTypeBadgeColour, contentTypeLabel } from '#shared/content';
import { APPROVAL_UI, CONTENT_STATUS_LABELS, CONTENT_STATUSES } from '#shared/content-status';
import type { ContentSummary } from '#shared/content-summary';
import { isPublicStatus, WORDPRESS_MESSAGES, WORDPRESS_STATUS_LABELS } from '#shared/wordpress';
import { ContentStatusBadge } from '@/components/content/content-status-badge';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { editorHref } from './editor-link';
import { deletePost } from './publisher-api';
import { formatDate, formatDateTime } from './publisher-dates';

/** Above the list when the client's approval rule is on. */
const APPROVAL_SETTING_NOTE = 'This client requires approval before publishing.';

/**
 * The post's state on the site: 'Published' only when readers can see it (001 §2's badge); a draft,
 * a private post or one waiting for review says so, and a scheduled one says when.
 */
function PublishStateBadge({ item }: { item: ContentSummary }) {
  const link = item.wordpress;
  if (!link) return null;
  if (link.status === 'future' && link.date) {
    return <Badge variant="outline">Scheduled for {formatDateTime(link.date)}</Badge>;
  }
  if (link.status === null || isPublicStatus(link.status)) return <Badge variant="green">Published</Badge>;
  return <Badge variant="outline">{WORDPRESS_STATUS_LABELS[link.status] ?? link.status}</Badge>;
}

const ALL_STATUSES = 'all';

export function ContentLibraryTab({
  clientId,
  rules,
  items,
  failed,
  onRetry,
  onChanged,
}: {
  clientId: string | null;
  /** The client's approval rules: 'Require approval before publishing' and its approval steps. */
  rules: PublishingRules;
  items: ContentSummary[] | null;
  failed: string | null;
  onRetry: () => void;
  onChanged: (item: ClientContent) => void;
}) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<ContentSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [statusFilter, setStatusFilter] = useState<string>(ALL_STATUSES);

  const openEditor = (item: ContentSummary) => {
    // 001 §5: the edit button needs a selected client.
    if (!clientId) {
      void toast({ title: WORDPRESS_MESSAGES.selectClientFirst, variant: 'destructive' });
      return;
    }
    navigate(editorHref(clientId, item.id));
  };

  const remove = async () => {
    const item = confirming;
    const link = item ? item.wordpress : null;
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
  const shown = statusFilter === ALL_STATUSES ? items : items.filter((item) => item.status === statusFilter);
  return (
    <>
      <p className="mb-2 text-muted-foreground text-sm">{WORDPRESS_MESSAGES.publishableTypes}</p>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        {rules.requireApproval || rules.approvalSteps !== 'none' ? (
          <p className="text-muted-foreground text-sm">{APPROVAL_SETTING_NOTE}</p>
        ) : (
          <span />
        )}
        <Select value={statusFilter} onValueChange={setStatusFilter}>
          <SelectTrigger className="w-full sm:w-52" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_STATUSES}>All Statuses</SelectItem>
            {CONTENT_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {CONTENT_STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {shown.length === 0 && (
        <p className="rounded-lg border border-dashed px-6 py-12 text-center text-muted-foreground">
          No content with this status.
        </p>
      )}
      <ul className="divide-y rounded-lg border empty:hidden" aria-label="Content library">
        {shown.map((item) => {
          const link = item.wordpress;
          // The server's own rule (shared/approvals.ts), so the row says what a publish would be told.
          const refusal = publishingRefusal(rules, item);
          const needsApproval = refusal !== null;
          return (
            <li
              key={item.id}
              data-testid="library-row"
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <p className="break-words font-medium">{item.title}</p>
                <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
                  <Badge variant={contentTypeBadgeColour(item.content_type) ?? 'secondary'}>
                    {contentTypeLabel(item.content_type)}
                  </Badge>
                  {/* The post's own badge already says Draft, Scheduled or Published for a linked item. */}
                  {!(link && ['draft', 'scheduled', 'published'].includes(item.status)) && (
                    <ContentStatusBadge status={item.status} />
                  )}
                  <PublishStateBadge item={item} />
                  <span>{formatDate(item.created_at)}</span>
                </div>
                {needsApproval && (
                  <p className="text-muted-foreground text-xs" data-testid="needs-approval">
                    {refusal?.message} {APPROVAL_UI.publisher}
                  </p>
                )}
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
                ) : needsApproval ? (
                  <Button type="button" variant="outline" size="sm" onClick={() => openEditor(item)}>
                    <ShieldAlert aria-hidden="true" />
                    {APPROVAL_UI.badge}
                  </Button>
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
