import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CalendarClock,
  ExternalLink as ExternalIcon,
  RefreshCw,
  Send,
  ShieldAlert,
  TriangleAlert,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { PublishingRefusal } from '#shared/approvals';
import { CHANNEL_RULES, channelPostProblems, channelTextLength } from '#shared/channel-rules';
import {
  CHANNEL_MESSAGES,
  CHANNEL_PLATFORM_INFO,
  type ChannelConnection,
  type ChannelPlatform,
  formatCount,
  type Publication,
  type PublicationRequest,
} from '#shared/channels';
import { APPROVAL_UI } from '#shared/content-status';
import { ExternalLink } from '@/components/layout/external-link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/utils';
import { ChannelIcon } from './channel-icon';
import { createPublication, retryPublication } from './channels-api';
import { EMPTY_GBP_DRAFT, type GbpDraft, gbpFieldsOf } from './gbp-draft';
import { GbpPostFields } from './gbp-post-fields';
import { PUBLISH_DIALOG } from './messages';
import type { PublishDialogProps, PublishPost } from './publish-post';
import { connectionsQuery, putPublication } from './queries';
import { defaultScheduleValue, formatZonedTime, zonedIso } from './schedule-time';
import { ConnectionStatusBadge, PublicationStatusBadge } from './status-badges';
import { useAgencyTimeZone } from './use-agency-time-zone';
import { type AttachedImage, useImageSize } from './use-image-size';

/** What one channel's request came to: the publication the server made, or why it made none. */
type Outcome =
  | { readonly kind: 'publication'; readonly publication: Publication }
  | { readonly kind: 'refused'; readonly message: string; readonly request: PublicationRequest };

interface Sent {
  readonly connection: ChannelConnection;
  readonly request: PublicationRequest;
  readonly outcome: Outcome;
}

/** The publishing gate's refusal (shared/approvals.ts), the same for WordPress and the channels. */
const APPROVAL_REQUIRED: PublishingRefusal['code'] = 'approval_required';
const isApprovalRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === APPROVAL_REQUIRED;

async function send(clientId: string, contentId: string, request: PublicationRequest) {
  try {
    const publication = await createPublication(clientId, contentId, request);
    return { outcome: { kind: 'publication', publication } as const, approval: null };
  } catch (error) {
    const message = errorMessage(error, PUBLISH_DIALOG.sendFailed);
    return {
      outcome: { kind: 'refused', message, request } as const,
      approval: isApprovalRefusal(error) ? error.message : null,
    };
  }
}

/**
 * The image as the rules see it: its size once read; an unreadable one as 0 × 0 (Instagram then says
 * its size could not be read). While the size is read it counts as square, which every platform takes,
 * and Publish waits for the real size.
 */
function imageForRules(image: AttachedImage | null): { width: number; height: number } | null {
  if (image === null) return null;
  if (image.state === 'read') return { width: image.width, height: image.height };
  if (image.state === 'unreadable') return { width: 0, height: 0 };
  return { width: 1, height: 1 };
}

function textFor(post: PublishPost, platform: ChannelPlatform): string {
  return post.texts?.[platform] ?? post.text;
}

/** One chosen channel's text, counter, rules, and (Business Profile) post fields. */
function ChannelComposer({
  connection,
  text,
  onText,
  gbp,
  onGbp,
  problems,
}: {
  connection: ChannelConnection;
  text: string;
  onText: (text: string) => void;
  gbp: GbpDraft;
  onGbp: (draft: GbpDraft) => void;
  problems: readonly string[];
}) {
  const { platform } = connection;
  const id = `publish-${connection.connectionId}`;
  const length = channelTextLength(platform, text);
  const max = CHANNEL_RULES[platform].textMaxLength;
  const problemsId = `${id}-problems`;
  return (
    <section
      className="grid gap-3 rounded-md border p-3"
      aria-labelledby={`${id}-heading`}
      data-testid="channel-composer"
      data-platform={platform}
    >
      <h3 id={`${id}-heading`} className="flex items-center gap-2 font-medium text-sm">
        <ChannelIcon platform={platform} decorative />
        <span className="min-w-0 break-words">
          {connection.name}{' '}
          <span className="font-normal text-muted-foreground">· {CHANNEL_PLATFORM_INFO[platform].name}</span>
        </span>
      </h3>
      <div className="grid gap-2">
        <div className="flex items-end justify-between gap-2">
          <Label htmlFor={`${id}-text`}>{PUBLISH_DIALOG.text(connection.name)}</Label>
          <span
            className={cn(
              'text-xs tabular-nums',
              length > max ? 'text-destructive' : 'text-muted-foreground',
            )}
            data-testid="text-counter"
          >
            {PUBLISH_DIALOG.counter(formatCount(length), formatCount(max))}
          </span>
        </div>
        <Textarea
          id={`${id}-text`}
          rows={platform === 'x' ? 4 : 6}
          value={text}
          aria-invalid={problems.length > 0 || undefined}
          aria-describedby={problems.length > 0 ? problemsId : undefined}
          onChange={(event) => onText(event.target.value)}
        />
      </div>
      {platform === 'gbp' && <GbpPostFields id={`${id}-gbp`} draft={gbp} onChange={onGbp} />}
      {problems.length > 0 && (
        <ul id={problemsId} className="grid gap-1 text-destructive text-sm" data-testid="channel-problems">
          {problems.map((problem) => (
            <li key={problem} className="flex gap-2">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="[overflow-wrap:anywhere]">{problem}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OutcomeRow({
  sent,
  zone,
  retrying,
  onRetry,
}: {
  sent: Sent;
  zone: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { connection, outcome } = sent;
  const publication = outcome.kind === 'publication' ? outcome.publication : null;
  const failed = outcome.kind === 'refused' || publication?.status === 'failed';
  return (
    <li
      className="grid gap-2 rounded-md border px-3 py-2"
      data-testid="publication-outcome"
      data-platform={connection.platform}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 font-medium text-sm">
          <ChannelIcon platform={connection.platform} />
          <span className="min-w-0 break-words">{connection.name}</span>
        </span>
        {publication ? (
          <PublicationStatusBadge status={publication.status} />
        ) : (
          <Badge variant="destructive">{PUBLISH_DIALOG.notSent}</Badge>
        )}
      </div>
      {publication?.status === 'published' && publication.postUrl && (
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <ExternalLink href={publication.postUrl}>
            <ExternalIcon aria-hidden="true" />
            {PUBLISH_DIALOG.viewPost}
          </ExternalLink>
        </Button>
      )}
      {publication?.status === 'scheduled' &&
        (publication.scheduledAt ? (
          <p className="flex items-center gap-2 text-sm">
            <CalendarClock className="size-4 text-muted-foreground" aria-hidden="true" />
            {PUBLISH_DIALOG.scheduledFor(formatZonedTime(publication.scheduledAt, zone))}
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">
            {publication.error ? `${publication.error} ` : ''}
            {PUBLISH_DIALOG.putOff}
          </p>
        ))}
      {publication?.status === 'publishing' && (
        <p className="text-muted-foreground text-sm">{PUBLISH_DIALOG.stillPublishing}</p>
      )}
      {failed && (
        <div className="grid gap-2">
          <p className="text-destructive text-sm [overflow-wrap:anywhere]">
            {outcome.kind === 'refused' ? outcome.message : (publication?.error ?? PUBLISH_DIALOG.sendFailed)}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            busy={retrying}
            aria-label={`${PUBLISH_DIALOG.retry} ${connection.name}`}
            onClick={onRetry}
          >
            {retrying ? <Spinner /> : <RefreshCw />}
            {retrying ? PUBLISH_DIALOG.retrying : PUBLISH_DIALOG.retry}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Where a client without a usable channel connects one: its Channels on the Clients page. */
function ChannelsLink({ clientId, onNavigate }: { clientId: string; onNavigate: () => void }) {
  return (
    <Button asChild variant="outline" size="sm" className="justify-self-start">
      <Link to={`/clients?channels=${encodeURIComponent(clientId)}`} onClick={onNavigate}>
        {PUBLISH_DIALOG.openChannels}
      </Link>
    </Button>
  );
}

function PublishComposer({ clientId, contentId, post, onOpenChange, onPublished }: PublishDialogProps) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const connections = useQuery(connectionsQuery(clientId));
  const zone = useAgencyTimeZone();
  const image = useImageSize(post.imageUrl ?? null, clientId);
  const whenName = useId();

  const [picked, setPicked] = useState<readonly string[] | null>(null);
  const [texts, setTexts] = useState<Readonly<Record<string, string>>>({});
  const [gbpDrafts, setGbpDrafts] = useState<Readonly<Record<string, GbpDraft>>>({});
  const [attach, setAttach] = useState(Boolean(post.imageUrl));
  const [when, setWhen] = useState<'now' | 'schedule'>('now');
  const [schedule, setSchedule] = useState<string | null>(null);
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<readonly Sent[] | null>(null);
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(() => new Set());

  const all = connections.data?.items ?? [];
  const usable = all.filter((connection) => connection.status === 'connected');
  // Until the user picks, the channels of the platforms the tool wrote for start chosen.
  const chosenIds =
    picked ?? usable.filter((c) => post.platforms?.includes(c.platform)).map((c) => c.connectionId);
  const chosen = usable.filter((connection) => chosenIds.includes(connection.connectionId));
  const attached = attach && post.imageUrl ? image : null;
  const ruleImage = imageForRules(attached);
  const scheduleValue = schedule ?? (zone ? defaultScheduleValue(zone) : '');

  const textOf = (connection: ChannelConnection) =>
    texts[connection.connectionId] ?? textFor(post, connection.platform);
  const gbpOf = (connection: ChannelConnection) =>
    gbpDrafts[connection.connectionId] ?? { ...EMPTY_GBP_DRAFT, topicType: post.gbpTopicType ?? 'STANDARD' };
  const problemsOf = (connection: ChannelConnection) =>
    channelPostProblems(connection.platform, {
      text: textOf(connection),
      image: ruleImage,
      ...(connection.platform === 'gbp' ? { gbp: gbpFieldsOf(gbpOf(connection)) } : {}),
    });
  const problems = new Map(chosen.map((connection) => [connection.connectionId, problemsOf(connection)]));
  const hasProblems = [...problems.values()].some((list) => list.length > 0);
  const imageReading = attached?.state === 'reading';
  const isAdmin = user?.isAdmin === true;
  const override = refusal !== null && isAdmin;
  const blocked = refusal !== null && !isAdmin;
  const canSubmit =
    chosen.length > 0 &&
    !hasProblems &&
    !imageReading &&
    !blocked &&
    (when === 'now' || zone !== null) &&
    !sending;

  const toggle = (connectionId: string, on: boolean) =>
    setPicked(on ? [...chosenIds, connectionId] : chosenIds.filter((id) => id !== connectionId));

  const requestFor = (
    connection: ChannelConnection,
    scheduledAt: string | undefined,
  ): PublicationRequest => ({
    connectionId: connection.connectionId,
    text: textOf(connection),
    ...(attach && post.imageUrl ? { imageUrl: post.imageUrl } : {}),
    ...(scheduledAt ? { scheduledAt } : {}),
    ...(connection.platform === 'gbp' ? { gbp: gbpFieldsOf(gbpOf(connection)) } : {}),
    ...(override ? { overrideApproval: true } : {}),
  });

  const record = (publication: Publication) => {
    putPublication(queryClient, publication);
    onPublished?.(publication);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    let scheduledAt: string | undefined;
    if (when === 'schedule' && zone) {
      const iso = zonedIso(scheduleValue, zone);
      if (!iso) return setScheduleError(PUBLISH_DIALOG.scheduleMissing);
      if (Date.parse(iso) <= Date.now()) return setScheduleError(CHANNEL_MESSAGES.scheduledInPast);
      scheduledAt = iso;
    }
    setSending(true);
    const requests = chosen.map((connection) => ({
      connection,
      request: requestFor(connection, scheduledAt),
    }));
    const replies = await Promise.all(
      requests.map(async ({ connection, request }) => ({
        connection,
        request,
        ...(await send(clientId, contentId, request)),
      })),
    );
    setSending(false);
    // The approval rule is the item's: refused for one channel, it is refused for all of them, and the
    // form stays for an administrator to publish without approval.
    const approval = replies.find((reply) => reply.approval !== null)?.approval ?? null;
    if (approval !== null && replies.every((reply) => reply.approval !== null)) {
      setRefusal(approval);
      return;
    }
    for (const reply of replies) if (reply.outcome.kind === 'publication') record(reply.outcome.publication);
    setSent(replies.map(({ connection, request, outcome }) => ({ connection, request, outcome })));
  };

  const retry = async (target: Sent) => {
    const id = target.connection.connectionId;
    setRetrying((current) => new Set(current).add(id));
    let outcome: Outcome;
    if (target.outcome.kind === 'publication') {
      try {
        const publication = await retryPublication(
          clientId,
          contentId,
          target.outcome.publication.publicationId,
        );
        record(publication);
        outcome = { kind: 'publication', publication };
      } catch (error) {
        outcome = {
          kind: 'refused',
          message: errorMessage(error, PUBLISH_DIALOG.sendFailed),
          request: target.request,
        };
      }
    } else {
      outcome = (await send(clientId, contentId, target.request)).outcome;
      if (outcome.kind === 'publication') record(outcome.publication);
    }
    setSent(
      (current) =>
        current?.map((entry) => (entry.connection.connectionId === id ? { ...entry, outcome } : entry)) ??
        null,
    );
    setRetrying((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  };

  const close = () => onOpenChange(false);

  if (sent !== null) {
    return (
      <>
        <section className="grid gap-2" aria-labelledby="publish-results">
          <h3 id="publish-results" className="font-medium text-sm">
            {PUBLISH_DIALOG.results}
          </h3>
          <ul className="grid gap-2" aria-live="polite">
            {sent.map((entry) => (
              <OutcomeRow
                key={entry.connection.connectionId}
                sent={entry}
                zone={zone ?? 'UTC'}
                retrying={retrying.has(entry.connection.connectionId)}
                onRetry={() => void retry(entry)}
              />
            ))}
          </ul>
        </section>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {PUBLISH_DIALOG.close}
          </Button>
        </DialogFooter>
      </>
    );
  }

  if (connections.isError && !connections.data) {
    return <LoadFailed message={PUBLISH_DIALOG.loadFailed} onRetry={() => void connections.refetch()} />;
  }
  if (!connections.data) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (all.length === 0) {
    return (
      <div className="grid gap-3 rounded-md border border-dashed px-4 py-6" data-testid="no-channels">
        <p className="text-sm">{PUBLISH_DIALOG.noChannels}</p>
        <ChannelsLink clientId={clientId} onNavigate={close} />
      </div>
    );
  }

  const submitLabel = sending
    ? when === 'now'
      ? PUBLISH_DIALOG.publishing
      : PUBLISH_DIALOG.scheduling
    : override
      ? when === 'now'
        ? APPROVAL_UI.override
        : PUBLISH_DIALOG.scheduleOverride
      : when === 'now'
        ? PUBLISH_DIALOG.now
        : PUBLISH_DIALOG.schedule;

  return (
    <form className="grid min-w-0 gap-4" onSubmit={(event) => void submit(event)} noValidate>
      {refusal !== null && (
        <Alert data-testid="approval-required">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{refusal}</AlertTitle>
          <AlertDescription>
            <p>{isAdmin ? APPROVAL_UI.editorAdmin : PUBLISH_DIALOG.approvalStaff}</p>
          </AlertDescription>
        </Alert>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">{PUBLISH_DIALOG.channels}</legend>
        {all.map((connection) => {
          const id = `publish-channel-${connection.connectionId}`;
          const off = connection.status !== 'connected';
          return (
            <div
              key={connection.connectionId}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2"
              data-testid="channel-choice"
              data-platform={connection.platform}
            >
              <Checkbox
                id={id}
                checked={!off && chosenIds.includes(connection.connectionId)}
                disabled={off || sending}
                onCheckedChange={(state) => toggle(connection.connectionId, state === true)}
              />
              <Label htmlFor={id} className="min-w-0 flex-1 font-normal">
                <ChannelIcon platform={connection.platform} decorative />
                <span className="min-w-0 break-words">
                  {connection.name}
                  <span className="sr-only"> ({CHANNEL_PLATFORM_INFO[connection.platform].name})</span>
                </span>
              </Label>
              {off && <ConnectionStatusBadge status={connection.status} />}
            </div>
          );
        })}
        {usable.length === 0 && (
          <div className="grid gap-2">
            <p className="text-muted-foreground text-sm">{PUBLISH_DIALOG.allNeedReconnect}</p>
            <ChannelsLink clientId={clientId} onNavigate={close} />
          </div>
        )}
      </fieldset>

      {post.imageUrl && (
        <div className="grid gap-2 rounded-md border p-3">
          <div className="flex items-center gap-2">
            <Switch id="publish-attach-image" checked={attach} onCheckedChange={setAttach} />
            <Label htmlFor="publish-attach-image">{PUBLISH_DIALOG.attachImage}</Label>
          </div>
          {attach && attached?.state === 'read' && (
            <img
              src={attached.src}
              alt={PUBLISH_DIALOG.imageAlt}
              className="max-h-40 w-auto justify-self-start rounded-md border object-contain"
            />
          )}
          {attach && imageReading && (
            <p role="status" className="flex items-center gap-2 text-muted-foreground text-xs">
              <Spinner />
              {PUBLISH_DIALOG.imageMeasuring}
            </p>
          )}
          {attach && attached?.state === 'read' && (
            <p className="text-muted-foreground text-xs" data-testid="image-size">
              {attached.width} × {attached.height} px
            </p>
          )}
        </div>
      )}

      {chosen.map((connection) => (
        <ChannelComposer
          key={connection.connectionId}
          connection={connection}
          text={textOf(connection)}
          onText={(text) => setTexts((current) => ({ ...current, [connection.connectionId]: text }))}
          gbp={gbpOf(connection)}
          onGbp={(draft) => setGbpDrafts((current) => ({ ...current, [connection.connectionId]: draft }))}
          problems={problems.get(connection.connectionId) ?? []}
        />
      ))}
      {usable.length > 0 && chosen.length === 0 && (
        <p className="text-muted-foreground text-sm">{PUBLISH_DIALOG.chooseChannel}</p>
      )}

      <fieldset className="grid gap-3">
        <legend className="mb-1 font-medium text-sm">{PUBLISH_DIALOG.when}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(['now', 'schedule'] as const).map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={whenName}
                value={choice}
                checked={when === choice}
                disabled={sending}
                onChange={() => setWhen(choice)}
                className="size-4 accent-primary"
              />
              {choice === 'now' ? PUBLISH_DIALOG.now : PUBLISH_DIALOG.schedule}
            </label>
          ))}
        </div>
        {when === 'schedule' && zone && (
          <FormField
            label={PUBLISH_DIALOG.scheduleAt(zone)}
            htmlFor="publish-schedule"
            required
            error={scheduleError}
            className="sm:max-w-xs"
          >
            <Input
              id="publish-schedule"
              type="datetime-local"
              value={scheduleValue}
              onChange={(event) => {
                setSchedule(event.target.value);
                setScheduleError(null);
              }}
            />
          </FormField>
        )}
      </fieldset>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={close}>
          {PUBLISH_DIALOG.cancel}
        </Button>
        <Button
          type="submit"
          variant={override ? 'destructive' : 'default'}
          disabled={!canSubmit && !sending}
          busy={sending}
        >
          {sending ? <Spinner /> : when === 'now' ? <Send /> : <CalendarClock />}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Publishing a library item to its client's channels (shared/channels.ts): one or more connected
 * channels, each with its own text checked live against its platform's rules (shared/channel-rules.ts,
 * the server's own check), the item's image if one is given, a Business Profile post's type and button,
 * now or at a time in the agency's zone; then each channel's outcome, with View post or Retry.
 * Loaded on first use (twitter-text comes with the rules): open it through LazyPublishDialog.
 */
export function PublishDialog(props: PublishDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{PUBLISH_DIALOG.title}</DialogTitle>
          <DialogDescription>{PUBLISH_DIALOG.description}</DialogDescription>
        </DialogHeader>
        {/* The content mounts with each opening, so each starts afresh. */}
        <PublishComposer {...props} />
      </DialogContent>
    </Dialog>
  );
}
