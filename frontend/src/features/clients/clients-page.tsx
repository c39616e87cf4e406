import { Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type SetURLSearchParams, useSearchParams } from 'react-router';
import type { Client } from '#shared/client';
import { type ClientSummary, toClientSummary } from '#shared/client-list';
import type { ChannelsClient } from '@/components/channels/channels-dialog';
import { CHANNEL_ERRORS } from '@/components/channels/messages';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import type { VirtualGridHandle } from '@/components/virtual-grid';
import { useAuth } from '@/lib/auth/auth-context';
import { canManageClient } from '@/lib/client-permissions';
import { focusPageHeading } from '@/lib/page-heading';
import { preloadToaster, releaseToastFocus, toast } from '@/lib/toast';
import { useDebounced } from '@/lib/use-debounced';
import { AccessDialog } from './access-dialog';
import { BudgetDialog } from './budget-dialog';
import type { ClientCardActions } from './client-card-menu';
import { ClientFormDialog } from './client-form-dialog';
import { ClientGrid } from './client-grid';
import { ClientListEnd } from './client-list-end';
import { ClientSearch } from './client-search';
import { fetchClient } from './clients-api';
import { ClientsEmptyState } from './clients-empty-state';
import { ClientsSkeleton } from './clients-skeleton';
import { CLIENT_ERRORS, CLIENTS_PAGE } from './messages';
import { notifyError } from './notify';
import { useClients } from './use-clients';
import { useDeleteClient } from './use-delete-client';
import { useRetained } from './use-retained';

/**
 * The content library (its editor, versions, previews and media) is most of the screen's code and is
 * not needed to paint the cards: it loads once they are shown, or on first use, so a first visit's list
 * request does not share the link with it (docs/benchmarks.md, "Signed-in screens").
 */
const loadLibraryDialog = () => import('./library/content-library-dialog');
const ContentLibraryDialog = lazy(() =>
  loadLibraryDialog().then((module) => ({ default: module.ContentLibraryDialog })),
);

/** The Channels dialog: not needed to paint the cards either, and loaded on first use. */
const ChannelsDialog = lazy(() =>
  import('@/components/channels/channels-dialog').then((module) => ({ default: module.ChannelsDialog })),
);

/** The query parameters the Channels dialog is opened with; removed once handled. */
const CHANNEL_PARAMS = ['channels', 'client', 'connect', 'connectError'] as const;

function withoutChannelParams(setParams: SetURLSearchParams): void {
  setParams(
    (current) => {
      const next = new URLSearchParams(current);
      for (const name of CHANNEL_PARAMS) next.delete(name);
      return next;
    },
    { replace: true },
  );
}

/** How long typing in the search box pauses before the server is asked (one request per pause). */
const SEARCH_DEBOUNCE_MS = 250;

/** Spec 000 §2 Client Management screen: search, the client cards, and the dialogs their menus open. */
export function ClientsPage() {
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  // The server is asked once typing pauses, not for every key (SEARCH_DEBOUNCE_MS).
  const searched = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const list = useClients(searched);
  const { clients, prepend, replace, patch } = list;
  // The card (or, with none left, the heading) that takes the focus once the grid has re-rendered.
  const [focusTarget, setFocusTarget] = useState<{ clientId: string | null; scrolled?: boolean } | null>(
    null,
  );
  const moveFocus = useCallback((clientId: string | null) => setFocusTarget({ clientId }), []);
  const deleteClient = useDeleteClient(list, moveFocus);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Client | null>(null);
  const [managingAccess, setManagingAccess] = useState<ClientSummary | null>(null);
  const [browsing, setBrowsing] = useState<ClientSummary | null>(null);
  const [budgeting, setBudgeting] = useState<ClientSummary | null>(null);
  const [channelsFor, setChannelsFor] = useState<{
    client: ChannelsClient;
    authorizationId: string | null;
  } | null>(null);
  // `?library=<clientId>` opens that client's library (a bulk run's results link to it: docs/decisions.md,
  // "Bulk results for every row").
  const [params, setParams] = useSearchParams();
  const libraryFor = params.get('library');
  // The client may be on a page not loaded yet: then its summary comes from its own read.
  useEffect(() => {
    if (!libraryFor || !clients) return;
    const client = clients.find((candidate) => candidate.id === libraryFor);
    if (client) setBrowsing(client);
    else {
      fetchClient(libraryFor).then(
        (found) => setBrowsing(toClientSummary(found)),
        (error: unknown) => notifyError(error, CLIENT_ERRORS.fetch),
      );
    }
    setParams({}, { replace: true });
  }, [libraryFor, clients, setParams]);

  // `?channels=<clientId>` opens the client's Channels (the publish dialog points there); a platform's
  // consent page comes back to `?client=<clientId>&connect=<authorizationId>`, which opens them on the
  // account picker, or to `?connectError=<message>`.
  const channelsParam = params.get('channels');
  const connectClient = params.get('client');
  const connectId = params.get('connect');
  const connectError = params.get('connectError');
  // Said once, though a development build runs each effect twice.
  const saidError = useRef<string | null>(null);
  useEffect(() => {
    if (connectError === null || saidError.current === connectError) return;
    saidError.current = connectError;
    void toast({
      title: CHANNEL_ERRORS.connectFailedTitle,
      description: connectError,
      variant: 'destructive',
    });
    withoutChannelParams(setParams);
  }, [connectError, setParams]);
  useEffect(() => {
    const clientId = connectId !== null ? connectClient : channelsParam;
    if (!clientId || !clients) return;
    const authorizationId = connectId;
    const open = (client: ChannelsClient) => setChannelsFor({ client, authorizationId });
    const shown = clients.find((candidate) => candidate.id === clientId);
    if (shown) open({ id: shown.id, name: shown.name });
    else {
      fetchClient(clientId).then(
        (found) => open({ id: found.id, name: found.name }),
        (error: unknown) => notifyError(error, CLIENT_ERRORS.fetch),
      );
    }
    withoutChannelParams(setParams);
  }, [channelsParam, connectClient, connectId, clients, setParams]);
  const [channelsUsed, setChannelsUsed] = useState(false);
  useEffect(() => {
    if (channelsFor !== null) setChannelsUsed(true);
  }, [channelsFor]);
  const editTarget = useRetained(editing);
  const editLoad = useRef<AbortController | null>(null);

  // The list carries the cards' summary; Edit starts from the full profile (instructions, WordPress).
  const openEdit = useCallback((summary: ClientSummary) => {
    editLoad.current?.abort();
    const controller = new AbortController();
    editLoad.current = controller;
    fetchClient(summary.id, controller.signal).then(
      (client) => {
        if (!controller.signal.aborted) setEditing(client);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) notifyError(error, CLIENT_ERRORS.fetch);
      },
    );
  }, []);
  useEffect(() => () => editLoad.current?.abort(), []);

  // Mounted from its first opening on (so it can close with its animation), loaded ahead once the
  // cards are shown.
  const [libraryUsed, setLibraryUsed] = useState(false);
  useEffect(() => {
    if (browsing !== null) setLibraryUsed(true);
  }, [browsing]);
  const cardsShown = clients !== null;
  useEffect(() => {
    if (!cardsShown) return;
    const timer = setTimeout(() => void loadLibraryDialog().catch(() => undefined), 0);
    return () => clearTimeout(timer);
  }, [cardsShown]);

  // A modal dialog hides the rest of the page from assistive technology when it opens, except live
  // regions that already exist; with the Toaster mounted first, a toast's Undo stays reachable.
  useEffect(() => preloadToaster(), []);

  // The server searched them (GET /api/clients?search=): the cards are the pages as they came.
  const visible = useMemo(() => clients ?? [], [clients]);

  // The cards in view now; read by the card actions, which stay the same object so no card re-renders.
  const shownClients = useRef(visible);
  useLayoutEffect(() => {
    shownClients.current = visible;
  }, [visible]);
  const grid = useRef<VirtualGridHandle>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const { clientId, scrolled } = focusTarget;
    const card = clientId
      ? document.querySelector<HTMLElement>(`[data-client-actions="${CSS.escape(clientId)}"]`)
      : null;
    const index = clientId ? shownClients.current.findIndex((client) => client.id === clientId) : -1;
    if (!card && index >= 0 && !scrolled) {
      // The card is outside the rows the grid renders: its row is scrolled into view first.
      grid.current?.scrollToItem(index);
      requestAnimationFrame(() => setFocusTarget({ clientId, scrolled: true }));
      return;
    }
    // After Undo the focus is on the toast's button: it leaves the toast first (sonner would pull it back).
    releaseToastFocus();
    if (card) card.focus();
    else focusPageHeading();
    setFocusTarget(null);
  }, [focusTarget]);

  const actions = useMemo<ClientCardActions>(
    () => ({
      onViewContent: setBrowsing,
      onManageAccess: setManagingAccess,
      onEdit: openEdit,
      onChannels: (client) =>
        setChannelsFor({ client: { id: client.id, name: client.name }, authorizationId: null }),
      onBudget: setBudgeting,
      onDelete: (client) => {
        const shown = shownClients.current;
        const index = shown.findIndex((candidate) => candidate.id === client.id);
        const next = shown[index + 1] ?? shown[index - 1] ?? null;
        void deleteClient(client, next?.id ?? null);
      },
    }),
    [deleteClient, openEdit],
  );

  const canManage = useCallback((client: ClientSummary) => canManageClient(user, client), [user]);
  const onAccessCount = useCallback(
    (clientId: string, count: number) => patch(clientId, () => ({ access_count: count })),
    [patch],
  );
  const onContentCount = useCallback(
    (clientId: string, update: (count: number) => number) =>
      patch(clientId, (client) => ({ content_count: Math.max(0, update(client.content_count)) })),
    [patch],
  );

  return (
    <PageContainer>
      <PageHeader
        title={CLIENTS_PAGE.title}
        description={CLIENTS_PAGE.subtitle}
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus />
            {CLIENTS_PAGE.addClient}
          </Button>
        }
      />
      <ClientSearch value={search} onChange={setSearch} />
      {list.failed ? (
        <LoadFailed message={CLIENT_ERRORS.fetch} onRetry={list.reload} />
      ) : clients === null || (visible.length === 0 && list.searching) ? (
        <ClientsSkeleton />
      ) : visible.length === 0 && !list.loadingMore && !list.hasMore ? (
        <ClientsEmptyState search={searched} onAdd={() => setAdding(true)} />
      ) : (
        <ClientGrid clients={visible} canManage={canManage} actions={actions} handle={grid} />
      )}
      {clients !== null && !list.failed && (
        <ClientListEnd
          count={visible.length}
          hasMore={list.hasMore && !list.moreFailed}
          loading={list.loadingMore}
          onLoadMore={list.loadMore}
        />
      )}
      {clients !== null && list.loadingMore && (
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground text-sm">
          <Spinner />
          {CLIENTS_PAGE.loadingMore}
        </p>
      )}
      {clients !== null && list.moreFailed && (
        <LoadFailed message={CLIENT_ERRORS.fetch} onRetry={list.reload} />
      )}

      <ClientFormDialog open={adding} onOpenChange={setAdding} client={null} onSaved={prepend} />
      <ClientFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        client={editTarget}
        onSaved={replace}
      />
      <AccessDialog
        client={managingAccess}
        onOpenChange={(open) => !open && setManagingAccess(null)}
        onCount={onAccessCount}
      />
      <BudgetDialog
        client={budgeting}
        onOpenChange={(open) => !open && setBudgeting(null)}
        onSaved={replace}
      />
      {(channelsUsed || channelsFor !== null) && (
        <Suspense fallback={null}>
          <ChannelsDialog
            client={channelsFor?.client ?? null}
            authorizationId={channelsFor?.authorizationId ?? null}
            onOpenChange={(open) => !open && setChannelsFor(null)}
          />
        </Suspense>
      )}
      {(libraryUsed || browsing !== null) && (
        <Suspense fallback={null}>
          <ContentLibraryDialog
            client={browsing}
            onOpenChange={(open) => !open && setBrowsing(null)}
            onCountChange={onContentCount}
          />
        </Suspense>
      )}
    </PageContainer>
  );
}
