import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Link2, RefreshCw, TriangleAlert, Unplug } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  CHANNEL_PLATFORM_INFO,
  CHANNEL_PLATFORMS,
  type ChannelConnection,
  type ChannelPlatform,
} from '#shared/channels';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
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
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/calendar-dates';
import { toast } from '@/lib/toast';
import { ChannelIcon } from './channel-icon';
import { createConnection, deleteConnection, startAuthorization } from './channels-api';
import { ACCOUNT_PICKER, CHANNEL_ERRORS, CHANNELS_DIALOG } from './messages';
import { authorizationQuery, connectionsQuery, dropConnection, putConnection } from './queries';
import { ConnectionStatusBadge } from './status-badges';

/** The client whose channels the dialog shows. */
export interface ChannelsClient {
  readonly id: string;
  readonly name: string;
}

function notifyFailure(error: unknown, fallback: string): void {
  if (isSessionEnded(error)) return;
  void toast({
    title: CHANNEL_ERRORS.title,
    description: errorMessage(error, fallback),
    variant: 'destructive',
  });
}

/**
 * Connect (and Reconnect): the server starts an authorization and the browser goes to the platform's
 * consent page; the platform sends it back to `/clients?client=…&connect=…`, where the account picker
 * opens. The button stays busy until the page is gone.
 */
function useConnect(clientId: string) {
  const [leaving, setLeaving] = useState<ChannelPlatform | null>(null);
  const start = useMutation({
    mutationFn: (platform: ChannelPlatform) => startAuthorization(clientId, platform),
    onSuccess: ({ authorizationUrl }, platform) => {
      setLeaving(platform);
      window.location.assign(authorizationUrl);
    },
    onError: (error) => notifyFailure(error, CHANNEL_ERRORS.connect),
  });
  const busyWith = leaving ?? (start.isPending ? (start.variables ?? null) : null);
  return { connect: (platform: ChannelPlatform) => start.mutate(platform), busyWith };
}

function ConnectionRow({
  connection,
  reconnecting,
  onReconnect,
  onDisconnect,
}: {
  connection: ChannelConnection;
  reconnecting: boolean;
  onReconnect: () => void;
  onDisconnect: () => void;
}) {
  const { name: platformName } = CHANNEL_PLATFORM_INFO[connection.platform];
  return (
    <li
      className="flex flex-col gap-2 rounded-md border px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
      data-testid="connection-row"
      data-platform={connection.platform}
    >
      <div className="flex min-w-0 items-center gap-3">
        <ChannelIcon platform={connection.platform} />
        <div className="min-w-0">
          <p className="break-words font-medium text-sm">{connection.name}</p>
          <p className="text-muted-foreground text-xs">
            {platformName} · {CHANNELS_DIALOG.connectedAt(formatCalendarDate(connection.connectedAt))}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <ConnectionStatusBadge status={connection.status} />
        {connection.status === 'reconnect_needed' && (
          <Button
            type="button"
            size="sm"
            busy={reconnecting}
            aria-label={`${CHANNELS_DIALOG.reconnect} ${connection.name}`}
            onClick={onReconnect}
          >
            {reconnecting ? <Spinner /> : <RefreshCw />}
            {CHANNELS_DIALOG.reconnect}
          </Button>
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          aria-label={`${CHANNELS_DIALOG.disconnect} ${connection.name}`}
          onClick={onDisconnect}
        >
          <Unplug />
          {CHANNELS_DIALOG.disconnect}
        </Button>
      </div>
    </li>
  );
}

function ChannelList({
  clientId,
  onDisconnect,
}: {
  clientId: string;
  onDisconnect: (connection: ChannelConnection) => void;
}) {
  const connections = useQuery(connectionsQuery(clientId));
  const { connect, busyWith } = useConnect(clientId);
  if (connections.isError && !connections.data) {
    return <LoadFailed message={CHANNEL_ERRORS.loadConnections} onRetry={() => void connections.refetch()} />;
  }
  const reply = connections.data;
  if (!reply) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  const unavailable = new Map(reply.unavailable.map((entry) => [entry.platform, entry.message]));
  return (
    <>
      <section className="grid gap-2" aria-labelledby="channels-connected">
        <h3 id="channels-connected" className="font-medium text-sm">
          {CHANNELS_DIALOG.connections}
        </h3>
        {reply.items.length === 0 ? (
          <p className="rounded-md border border-dashed px-3 py-4 text-muted-foreground text-sm">
            {CHANNELS_DIALOG.none}
          </p>
        ) : (
          <ul className="grid gap-2">
            {reply.items.map((connection) => (
              <ConnectionRow
                key={connection.connectionId}
                connection={connection}
                reconnecting={busyWith === connection.platform}
                onReconnect={() => connect(connection.platform)}
                onDisconnect={() => onDisconnect(connection)}
              />
            ))}
          </ul>
        )}
      </section>
      <section className="grid gap-2" aria-labelledby="channels-connect">
        <h3 id="channels-connect" className="font-medium text-sm">
          {CHANNELS_DIALOG.connectHeading}
        </h3>
        <ul className="grid gap-2">
          {CHANNEL_PLATFORMS.map((platform) => {
            const message = unavailable.get(platform);
            const messageId = `channel-unavailable-${platform}`;
            return (
              <li
                key={platform}
                className="grid gap-2 rounded-md border px-3 py-2"
                data-testid="connect-row"
                data-platform={platform}
              >
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <span className="flex items-center gap-3 font-medium text-sm">
                    <ChannelIcon platform={platform} decorative />
                    {CHANNEL_PLATFORM_INFO[platform].name}
                  </span>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={message !== undefined}
                    busy={busyWith === platform}
                    aria-describedby={message !== undefined ? messageId : undefined}
                    // The platform's name is written beside it: the button shows the verb (a phone's
                    // width has no room for 'Connect Google Business Profile') and is named in full.
                    aria-label={CHANNELS_DIALOG.connect(platform)}
                    onClick={() => connect(platform)}
                  >
                    {busyWith === platform ? <Spinner /> : <Link2 />}
                    {CHANNELS_DIALOG.connectShort}
                  </Button>
                </div>
                {message !== undefined && (
                  <p id={messageId} className="text-muted-foreground text-xs [overflow-wrap:anywhere]">
                    {message}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

/** Back from the consent page: the accounts the sign-in manages, one to pick (chosen already if alone). */
function AccountPicker({
  clientId,
  authorizationId,
  onDone,
}: {
  clientId: string;
  authorizationId: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const choices = useQuery(authorizationQuery(clientId, authorizationId));
  const [picked, setPicked] = useState<string | null>(null);
  const accounts = choices.data?.accounts ?? [];
  const only = accounts.length === 1 ? (accounts[0]?.accountId ?? null) : null;
  const chosen = picked ?? only;
  const connect = useMutation({
    mutationFn: (accountId: string) => createConnection(clientId, authorizationId, accountId),
    onSuccess: (connection) => {
      putConnection(queryClient, clientId, connection);
      void toast({ title: CHANNELS_DIALOG.connected(connection.name), variant: 'success' });
      onDone();
    },
    onError: (error) => notifyFailure(error, CHANNEL_ERRORS.pick),
  });
  const back = (
    <Button type="button" variant="outline" onClick={onDone}>
      <ArrowLeft />
      {ACCOUNT_PICKER.back}
    </Button>
  );

  if (choices.isError) {
    return (
      <>
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle className="line-clamp-none">
            {errorMessage(choices.error, CHANNEL_ERRORS.loadAuthorization)}
          </AlertTitle>
        </Alert>
        <DialogFooter>{back}</DialogFooter>
      </>
    );
  }
  const reply = choices.data;
  if (!reply) {
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label={ACCOUNT_PICKER.loading}>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (reply.error !== undefined) {
    return (
      <>
        <Alert variant="destructive" data-testid="authorization-error">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{CHANNEL_ERRORS.connectFailedTitle}</AlertTitle>
          <AlertDescription>
            <p>{reply.error}</p>
          </AlertDescription>
        </Alert>
        <DialogFooter>{back}</DialogFooter>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== null && !connect.isPending) connect.mutate(chosen);
  };
  return (
    <form className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-1">
        <h3 className="font-medium">{ACCOUNT_PICKER.title(reply.platform)}</h3>
        <p className="text-muted-foreground text-sm">{ACCOUNT_PICKER.description(reply.platform)}</p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="sr-only">{ACCOUNT_PICKER.accounts(reply.platform)}</legend>
        {accounts.map((account) => (
          <label
            key={account.accountId}
            className="flex items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name="channel-account"
              value={account.accountId}
              checked={chosen === account.accountId}
              onChange={() => setPicked(account.accountId)}
              className="size-4 accent-primary"
            />
            <ChannelIcon platform={reply.platform} decorative />
            <span className="min-w-0 break-words">{account.name}</span>
          </label>
        ))}
      </fieldset>
      <DialogFooter>
        {back}
        <Button type="submit" disabled={chosen === null} busy={connect.isPending}>
          {connect.isPending ? <Spinner /> : <Link2 />}
          {connect.isPending ? ACCOUNT_PICKER.connecting : ACCOUNT_PICKER.connect}
        </Button>
      </DialogFooter>
    </form>
  );
}

function DisconnectConfirm({
  clientId,
  connection,
  onClose,
}: {
  clientId: string;
  connection: ChannelConnection | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const shown = useRef(connection);
  if (connection) shown.current = connection;
  const disconnect = useMutation({
    mutationFn: (target: ChannelConnection) => deleteConnection(clientId, target.connectionId),
    onSuccess: (_, target) => {
      dropConnection(queryClient, clientId, target.connectionId);
      void toast({ title: CHANNELS_DIALOG.disconnected(target.name), variant: 'success' });
      onClose();
    },
    onError: (error) => notifyFailure(error, CHANNEL_ERRORS.disconnect),
  });
  const name = shown.current?.name ?? '';
  return (
    <Dialog open={connection !== null} onOpenChange={(open) => !open && !disconnect.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{CHANNELS_DIALOG.confirmTitle(name)}</DialogTitle>
          <DialogDescription>{CHANNELS_DIALOG.confirmDescription}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={disconnect.isPending} onClick={onClose}>
            {CHANNELS_DIALOG.cancel}
          </Button>
          <Button
            type="button"
            variant="destructive"
            busy={disconnect.isPending}
            onClick={() => connection && disconnect.mutate(connection)}
          >
            {disconnect.isPending ? CHANNELS_DIALOG.disconnecting : CHANNELS_DIALOG.disconnect}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A client's publishing channels: its connections with their state, Disconnect (confirmed), Reconnect
 * for one a platform stopped accepting, and Connect per platform (disabled, with the admin's message,
 * where the platform's app is not configured). Given `authorizationId` (back from a consent page), it
 * opens on that Connect's account picker, and shows the list once an account is connected.
 */
export function ChannelsDialog({
  client,
  authorizationId = null,
  onOpenChange,
}: {
  /** Null keeps the dialog closed. */
  client: ChannelsClient | null;
  authorizationId?: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  // The last client, so the text stays while the dialog animates out.
  const last = useRef(client);
  if (client) last.current = client;
  const shown = last.current;
  const [picking, setPicking] = useState<string | null>(authorizationId);
  useEffect(() => setPicking(authorizationId), [authorizationId]);
  const [confirming, setConfirming] = useState<ChannelConnection | null>(null);
  return (
    <Dialog open={client !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{CHANNELS_DIALOG.title}</DialogTitle>
          <DialogDescription>{CHANNELS_DIALOG.description(shown?.name ?? '')}</DialogDescription>
        </DialogHeader>
        {shown &&
          (picking ? (
            <AccountPicker clientId={shown.id} authorizationId={picking} onDone={() => setPicking(null)} />
          ) : (
            <>
              <ChannelList clientId={shown.id} onDisconnect={setConfirming} />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                  {CHANNELS_DIALOG.close}
                </Button>
              </DialogFooter>
            </>
          ))}
        {shown && (
          <DisconnectConfirm
            clientId={shown.id}
            connection={confirming}
            onClose={() => setConfirming(null)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
