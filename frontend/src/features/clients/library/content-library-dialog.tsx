import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import { isContentStatus } from '#shared/content-status';
import type { ContentSummary } from '#shared/content-summary';
import { REVIEW_EVENT } from '#shared/reviews';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { useRealtime } from '@/lib/realtime';
import { LIBRARY, LIBRARY_ERRORS } from '../messages';
import { notifyError } from '../notify';
import { useRetained } from '../use-retained';
import { fetchContent } from './content-api';
import { ContentEditDialog } from './content-edit-dialog';
import { ContentPreviewDialog } from './content-preview-dialog';
import { DueDateDialog } from './due-date-dialog';
import { HistoryDialog } from './history-dialog';
import { LibraryEmptyState } from './library-empty-state';
import type { ItemHandlers } from './library-item-actions';
import { LibraryItems } from './library-items';
import { LibraryToolbar } from './library-toolbar';
import {
  ALL_STATUSES,
  ALL_TYPES,
  DEFAULT_LAYOUT,
  DEFAULT_SORT,
  type LibraryLayout,
  type LibraryQuery,
  presentTypes,
  viewContent,
} from './library-view';
import { ReviewPanelDialog } from './review-panel-dialog';
import { SendReviewDialog } from './send-review-dialog';
import { useClientContent } from './use-client-content';
import { useLibraryActions } from './use-library-actions';
import { useTextSearch } from './use-text-search';

export type ContentCountChange = (clientId: string, update: (count: number) => number) => void;

/** The name of the library's item area, which takes the focus when the last item in view is deleted. */
const ITEMS_LABEL = 'Library items';

function LoadingItems() {
  return (
    <div
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
      role="status"
      aria-busy="true"
      aria-label="Loading content"
    >
      {['a', 'b', 'c'].map((key) => (
        <Skeleton key={key} className="h-48" />
      ))}
    </div>
  );
}

/** The library of one client; remounted per client, so search, filter, sort and view start fresh. */
function LibraryBody({
  clientId,
  items,
  failed,
  onRetry,
  handlers,
}: {
  clientId: string;
  items: ContentSummary[] | null;
  failed: boolean;
  onRetry: () => void;
  handlers: ItemHandlers;
}) {
  const [query, setQuery] = useState<LibraryQuery>({
    search: '',
    type: ALL_TYPES,
    status: ALL_STATUSES,
    sort: DEFAULT_SORT,
  });
  const [layout, setLayout] = useState<LibraryLayout>(DEFAULT_LAYOUT);
  const types = useMemo(() => presentTypes(items ?? []), [items]);
  // A filter on a type whose last item was deleted falls back to all types instead of showing nothing.
  const effective =
    query.type === ALL_TYPES || types.includes(query.type) ? query : { ...query, type: ALL_TYPES };
  const textMatches = useTextSearch(clientId, query.search);
  const visible = useMemo(
    () => viewContent(items ?? [], effective, textMatches),
    [items, effective, textMatches],
  );

  // A deleted item's Delete button leaves the page, and the focus with it (to <body>). Once
  // the delete succeeds, the focus moves to the item after it in view, or to the item area when it
  // was the last one.
  const area = useRef<HTMLElement>(null);
  const scroller = useCallback(() => area.current, []);
  const [focusAfterDelete, setFocusAfterDelete] = useState<{ nextId: string | null } | null>(null);
  const { remove } = handlers;
  const removeAndMoveFocus = useCallback(
    async (item: ContentSummary) => {
      const index = visible.findIndex((shown) => shown.id === item.id);
      const nextId = index >= 0 ? (visible[index + 1]?.id ?? null) : null;
      const deleted = await remove(item);
      if (deleted) setFocusAfterDelete({ nextId });
      return deleted;
    },
    [visible, remove],
  );
  useEffect(() => {
    if (!focusAfterDelete) return;
    const { nextId } = focusAfterDelete;
    const next = nextId
      ? area.current?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(nextId)}"]`)
      : null;
    (next ?? area.current)?.focus();
    setFocusAfterDelete(null);
  }, [focusAfterDelete]);
  const itemHandlers = useMemo(
    () => ({ ...handlers, remove: removeAndMoveFocus }),
    [handlers, removeAndMoveFocus],
  );

  // p-1: room inside the scrolling area for a focused item's 3px ring, which it would otherwise clip.
  return (
    <>
      <LibraryToolbar
        query={effective}
        onQueryChange={setQuery}
        types={types}
        layout={layout}
        onLayoutChange={setLayout}
      />
      <section
        ref={area}
        tabIndex={-1}
        aria-label={ITEMS_LABEL}
        className="min-h-0 flex-1 overflow-y-auto rounded-md p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        {failed ? (
          <LoadFailed message={LIBRARY_ERRORS.load} onRetry={onRetry} />
        ) : items === null ? (
          <LoadingItems />
        ) : visible.length === 0 ? (
          <LibraryEmptyState libraryEmpty={items.length === 0} />
        ) : (
          <LibraryItems items={visible} layout={layout} handlers={itemHandlers} scroller={scroller} />
        )}
      </section>
    </>
  );
}

/** A coarse pointer (a finger) is the primary input: phones and tablets. */
function isTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/** 'Content Library' (000 §2): a client's saved content with search, type filter, sort and grid/list views. */
export function ContentLibraryDialog({
  client,
  onOpenChange,
  onCountChange,
}: {
  /** The client whose library is open; null keeps the dialog closed. */
  client: Pick<Client, 'id' | 'name'> | null;
  onOpenChange: (open: boolean) => void;
  onCountChange: ContentCountChange;
}) {
  const shown = useRetained(client);
  const onLoaded = useCallback(
    (clientId: string, count: number) => onCountChange(clientId, () => count),
    [onCountChange],
  );
  const content = useClientContent(client?.id ?? null, onLoaded);
  const actions = useLibraryActions(content, onCountChange);
  const [previewing, setPreviewing] = useState<ClientContent | null>(null);
  const [editing, setEditing] = useState<ClientContent | null>(null);
  const [historyOf, setHistoryOf] = useState<ClientContent | null>(null);
  const [sending, setSending] = useState<ClientContent | null>(null);
  const [reviewing, setReviewing] = useState<ClientContent | null>(null);
  const [dating, setDating] = useState<ClientContent | null>(null);
  const handlers = useMemo<ItemHandlers>(() => {
    // The list holds summaries: each dialog opens on the whole item, read when asked for.
    const openWhole = (open: (item: ClientContent) => void) => (item: ContentSummary) => {
      fetchContent(item).then(open, (error: unknown) => notifyError(error, LIBRARY_ERRORS.open));
    };
    return {
      ...actions,
      preview: openWhole(setPreviewing),
      edit: openWhole(setEditing),
      history: openWhole(setHistoryOf),
      sendForReview: openWhole(setSending),
      review: openWhole(setReviewing),
      dueDate: openWhole(setDating),
    };
  }, [actions]);
  const { replace, items } = content;
  // A reviewer's comment or decision, or a colleague's, changes an item's status live.
  useRealtime(REVIEW_EVENT, (message) => {
    const changed = items?.find((candidate) => candidate.id === message.contentId);
    if (changed && isContentStatus(message.status) && changed.status !== message.status) {
      replace({ ...changed, status: message.status });
    }
  });
  // The true total once every item has arrived; the client's count (the card's) until then.
  const count = content.complete ? content.items?.length : undefined;

  return (
    <>
      <Dialog open={client !== null} onOpenChange={onOpenChange}>
        <DialogContent
          className="flex h-[calc(100dvh-2rem)] flex-col sm:max-w-6xl md:h-[85dvh]"
          onOpenAutoFocus={(event) => {
            // On a touch screen, focusing the search box would pop up the keyboard over the library.
            if (isTouchScreen()) {
              event.preventDefault();
              if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
            }
          }}
        >
          <DialogHeader>
            <DialogTitle className="flex flex-wrap items-center justify-center gap-2 pr-6 leading-snug sm:justify-start">
              {LIBRARY.title(shown?.name ?? '')}
              {count !== undefined && (
                <Badge variant="secondary" data-testid="library-count">
                  {LIBRARY.itemCount(count)}
                </Badge>
              )}
            </DialogTitle>
            <DialogDescription>{LIBRARY.description}</DialogDescription>
          </DialogHeader>
          {shown && (
            <LibraryBody
              key={shown.id}
              clientId={shown.id}
              items={content.items}
              failed={content.failed}
              onRetry={content.reload}
              handlers={handlers}
            />
          )}
        </DialogContent>
      </Dialog>
      <ContentPreviewDialog item={previewing} onClose={() => setPreviewing(null)} />
      <ContentEditDialog item={editing} onClose={() => setEditing(null)} onSaved={replace} />
      <HistoryDialog item={historyOf} onClose={() => setHistoryOf(null)} onRestored={replace} />
      <SendReviewDialog item={sending} onClose={() => setSending(null)} onSent={replace} />
      <ReviewPanelDialog item={reviewing} onClose={() => setReviewing(null)} onChanged={replace} />
      <DueDateDialog item={dating} onClose={() => setDating(null)} onSaved={replace} />
    </>
  );
}
