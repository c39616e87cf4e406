import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format, isToday, parseISO } from 'date-fns';
import { ChevronLeft, ChevronRight, ExternalLink, RotateCw } from 'lucide-react';
import { type DragEvent, type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  CALENDAR_ENTRY_KINDS,
  CALENDAR_ENTRY_LABELS,
  type CalendarEntry,
  type CalendarEntryKind,
} from '#shared/calendar';
import { CHANNEL_PLATFORM_INFO } from '#shared/channels';
import {
  CONTENT_STATUS_LABELS,
  CONTENT_STATUSES,
  type ContentStatus,
  isContentStatus,
} from '#shared/content-status';
import { ChannelIcon } from '@/components/channels/channel-icon';
import { PUBLICATION_WORDS } from '@/components/channels/messages';
import { publicationOutcome } from '@/components/channels/publication-outcome';
import { channelKeys } from '@/components/channels/queries';
import { ContentStatusBadge } from '@/components/content/content-status-badge';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { ClientCombobox } from '@/components/tool/client-combobox';
import { findClient, useToolClients } from '@/components/tool/use-tool-clients';
import { Button } from '@/components/ui/button';
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
import { LoadFailed } from '@/components/ui/load-failed';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { errorMessage } from '@/lib/api-client';
import { formatMoment } from '@/lib/calendar-dates';
import { toast } from '@/lib/toast';
import { reschedule, retry } from './calendar-api';
import {
  type CalendarDay,
  type CalendarView,
  canMove,
  entriesByDay,
  entryWithPublication,
  movedTo,
  moveRefusal,
  periodDays,
  periodLabel,
  publishedOn,
  rangeOf,
  rescheduleFailure,
  shiftPeriod,
} from './calendar-grid';
import { CALENDAR_PAGE } from './messages';
import { calendarKeys, calendarQuery } from './queries';

const ALL = 'all';
/** A month cell shows this many entries, then '+N more' (the week view shows them all). */
const MONTH_CELL_ENTRIES = 3;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const KIND_STYLES: Record<CalendarEntryKind, string> = {
  scheduled:
    'border-purple-300 bg-purple-50 text-purple-900 dark:border-purple-800 dark:bg-purple-950/50 dark:text-purple-100',
  published:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-100',
  failed: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  due: 'border-orange-300 bg-orange-50 text-orange-950 dark:border-orange-800 dark:bg-orange-950/50 dark:text-orange-100',
  review_expiry:
    'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950/50 dark:text-blue-100',
};

/** The entry's time of day, when it has one (a due date is a whole day). */
const timeOf = (entry: CalendarEntry) =>
  entry.kind === 'due' ? null : format(parseISO(entry.date), 'h:mm a');

/** A channel post's channel: 'Harbor Bakery on Instagram'; nothing for WordPress and the other kinds. */
const channelOf = (entry: CalendarEntry) =>
  entry.channel ? `${entry.channel.channelName} on ${publishedOn(entry)}` : null;

/** The chip's tooltip: what, which post, where it goes, whose, when, and a failed post's error. */
function entryName(entry: CalendarEntry): string {
  const parts = [entry.title, channelOf(entry), entry.clientName, timeOf(entry)].filter(
    (part): part is string => part !== null,
  );
  const error = entry.kind === 'failed' && entry.channel?.error ? ` (${entry.channel.error})` : '';
  return `${CALENDAR_ENTRY_LABELS[entry.kind]}: ${parts.join(', ')}${error}`;
}

function EntryChip({
  entry,
  wrap,
  onOpen,
  onDragStart,
}: {
  entry: CalendarEntry;
  /** The week view has room for whole titles; the month view keeps one line each. */
  wrap: boolean;
  onOpen: (entry: CalendarEntry) => void;
  onDragStart: (entry: CalendarEntry) => void;
}) {
  const time = timeOf(entry);
  const movable = canMove(entry);
  return (
    <li className="min-w-0">
      <button
        type="button"
        className={`flex w-full min-w-0 gap-1 rounded border px-1.5 py-0.5 text-left text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring ${wrap ? 'flex-col items-start' : 'items-center'} ${KIND_STYLES[entry.kind]} ${movable ? 'cursor-grab active:cursor-grabbing' : ''}`}
        title={entryName(entry)}
        data-testid="calendar-entry"
        data-kind={entry.kind}
        data-content-id={entry.contentId}
        // Every entry can be picked up, so one that does not move says why instead of staying put.
        draggable
        onDragStart={(event) => {
          const refusal = moveRefusal(entry);
          if (refusal) {
            event.preventDefault();
            void toast({ title: refusal, description: entry.title });
            return;
          }
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', entry.id);
          onDragStart(entry);
        }}
        onClick={() => onOpen(entry)}
      >
        <span className="sr-only">{CALENDAR_ENTRY_LABELS[entry.kind]}: </span>
        {entry.channel && !wrap && <ChannelIcon platform={entry.channel.platform} className="size-3.5" />}
        {time && <span className="shrink-0 tabular-nums opacity-80">{time}</span>}
        <span className={wrap ? 'line-clamp-3 break-words' : 'truncate'}>{entry.title}</span>
        {entry.channel && wrap && (
          <span className="flex min-w-0 items-center gap-1 opacity-80">
            <ChannelIcon platform={entry.channel.platform} className="size-3.5" />
            <span className="truncate">{entry.channel.channelName}</span>
          </span>
        )}
        <span className="sr-only">
          {entry.channel && !wrap ? `, ${entry.channel.channelName}` : ''}, {entry.clientName}
        </span>
      </button>
    </li>
  );
}

interface DayProps {
  readonly day: CalendarDay;
  readonly entries: readonly CalendarEntry[];
  readonly view: CalendarView;
  readonly dragging: CalendarEntry | null;
  readonly onOpen: (entry: CalendarEntry) => void;
  readonly onDragStart: (entry: CalendarEntry) => void;
  readonly onDrop: (day: CalendarDay) => void;
  readonly onShowWeek: (day: CalendarDay) => void;
}

function DayCell({ day, entries, view, dragging, onOpen, onDragStart, onDrop, onShowWeek }: DayProps) {
  const [over, setOver] = useState(false);
  const shown = view === 'month' ? entries.slice(0, MONTH_CELL_ENTRIES) : entries;
  const hidden = entries.length - shown.length;
  const dayName = format(day.date, 'EEEE, MMMM d');
  const accept = (event: DragEvent) => {
    if (!dragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a day of the grid; its entries are the controls.
    <div
      role="group"
      aria-label={CALENDAR_PAGE.dayLabel(dayName, entries.length)}
      data-testid="calendar-day"
      data-day={day.key}
      className={`flex min-h-24 min-w-0 flex-col gap-1 border-t border-l p-1.5 ${view === 'week' ? 'min-h-64' : ''} ${day.inPeriod ? 'bg-background' : 'bg-muted/40 text-muted-foreground'} ${over ? 'ring-2 ring-ring ring-inset' : ''}`}
      onDragOver={accept}
      onDragEnter={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        onDrop(day);
      }}
    >
      <span
        className={`self-end rounded-full px-1.5 text-xs tabular-nums ${isToday(day.date) ? 'bg-primary font-semibold text-primary-foreground' : ''}`}
        aria-hidden="true"
      >
        {format(day.date, 'd')}
      </span>
      {/* One column no wider than the cell: an auto column grew to a long title's
          width, so entries ran over the next days and clicks landed there. */}
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-1">
        {shown.map((entry) => (
          <EntryChip
            key={entry.id}
            entry={entry}
            wrap={view === 'week'}
            onOpen={onOpen}
            onDragStart={onDragStart}
          />
        ))}
      </ul>
      {hidden > 0 && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-6 justify-start px-1.5 text-xs"
          onClick={() => onShowWeek(day)}
        >
          {CALENDAR_PAGE.more(hidden)}
        </Button>
      )}
    </div>
  );
}

/** Wide screens: the days as a grid of weeks. */
function CalendarGrid(
  props: Omit<DayProps, 'day' | 'entries'> & {
    days: readonly CalendarDay[];
    byDay: Map<string, CalendarEntry[]>;
  },
) {
  const { days, byDay, ...rest } = props;
  return (
    <div className="hidden overflow-hidden rounded-lg border-r border-b sm:block" data-testid="calendar-grid">
      <div
        className="grid grid-cols-7 border-t border-l bg-muted/50 text-center font-medium text-muted-foreground text-xs"
        aria-hidden="true"
      >
        {WEEKDAYS.map((name) => (
          <div key={name} className="border-l py-1.5 first:border-l-0">
            {name}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {days.map((day) => (
          <DayCell key={day.key} day={day} entries={byDay.get(day.key) ?? []} {...rest} />
        ))}
      </div>
    </div>
  );
}

/** Phones: the days with something on them as a list (every day of a week view). */
function CalendarAgenda({
  days,
  byDay,
  view,
  onOpen,
}: {
  days: readonly CalendarDay[];
  byDay: Map<string, CalendarEntry[]>;
  view: CalendarView;
  onOpen: (entry: CalendarEntry) => void;
}) {
  const listed = days.filter(
    (day) => day.inPeriod && (view === 'week' || (byDay.get(day.key)?.length ?? 0) > 0),
  );
  if (listed.length === 0)
    return <p className="text-muted-foreground text-sm sm:hidden">{CALENDAR_PAGE.empty}</p>;
  return (
    <ol className="grid gap-3 sm:hidden" data-testid="calendar-agenda">
      {listed.map((day) => {
        const entries = byDay.get(day.key) ?? [];
        return (
          <li key={day.key} className="grid gap-1.5">
            <h3 className={`font-medium text-sm ${isToday(day.date) ? 'text-primary' : ''}`}>
              {format(day.date, 'EEEE, MMMM d')}
            </h3>
            {entries.length === 0 ? (
              <p className="text-muted-foreground text-xs">{CALENDAR_PAGE.noWeekEntries}</p>
            ) : (
              <ul className="grid gap-1.5">
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <button
                      type="button"
                      className={`grid w-full gap-0.5 rounded-md border px-3 py-2 text-left text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring ${KIND_STYLES[entry.kind]}`}
                      data-testid="calendar-agenda-entry"
                      onClick={() => onOpen(entry)}
                    >
                      <span className="font-medium [overflow-wrap:anywhere]">{entry.title}</span>
                      <span className="flex flex-wrap items-center gap-x-1 text-xs opacity-80">
                        {entry.channel && (
                          <ChannelIcon platform={entry.channel.platform} className="size-3.5" />
                        )}
                        {CALENDAR_ENTRY_LABELS[entry.kind]}
                        {timeOf(entry) ? ` · ${timeOf(entry)}` : ''}
                        {entry.channel ? ` · ${entry.channel.channelName}` : ''} · {entry.clientName}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A channel post's channel, a failed one's error and Retry, a published one's link to the post. */
function ChannelDetails({
  entry,
  onRetry,
}: {
  entry: CalendarEntry;
  onRetry: (entry: CalendarEntry) => Promise<void>;
}) {
  const [retrying, setRetrying] = useState(false);
  const { channel } = entry;
  if (!channel) return null;
  const platform = CHANNEL_PLATFORM_INFO[channel.platform].name;
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{CALENDAR_PAGE.channelField}</dt>
        <dd className="flex min-w-0 items-center gap-1.5" data-testid="calendar-entry-channel">
          <ChannelIcon platform={channel.platform} decorative />
          <span className="[overflow-wrap:anywhere]">
            {channel.channelName} <span className="text-muted-foreground">({platform})</span>
          </span>
        </dd>
        {entry.kind === 'failed' && channel.error && (
          <>
            <dt className="text-muted-foreground">{CALENDAR_PAGE.errorField}</dt>
            <dd className="text-destructive [overflow-wrap:anywhere]" data-testid="calendar-entry-error">
              {channel.error}
            </dd>
          </>
        )}
      </dl>
      {entry.kind === 'failed' && (
        <div>
          <Button
            type="button"
            busy={retrying}
            onClick={async () => {
              setRetrying(true);
              await onRetry(entry);
              setRetrying(false);
            }}
          >
            {retrying ? <Spinner /> : <RotateCw />}
            {PUBLICATION_WORDS.retry}
          </Button>
        </div>
      )}
    </>
  );
}

/** An entry's details; a scheduled post can be moved to another date and time here (the keyboard's drag). */
function EntryDialog({
  entry,
  onClose,
  onMove,
  onRetry,
}: {
  entry: CalendarEntry | null;
  onClose: () => void;
  onMove: (entry: CalendarEntry, date: string) => Promise<boolean>;
  onRetry: (entry: CalendarEntry) => Promise<void>;
}) {
  const [when, setWhen] = useState('');
  const [moving, setMoving] = useState(false);
  useEffect(() => {
    if (entry) setWhen(format(parseISO(entry.date), "yyyy-MM-dd'T'HH:mm"));
  }, [entry]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!entry || when === '') return;
    setMoving(true);
    const moved = await onMove(entry, parseISO(when).toISOString());
    setMoving(false);
    if (moved) onClose();
  };
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {entry && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 leading-snug [overflow-wrap:anywhere]">{entry.title}</DialogTitle>
              <DialogDescription>{CALENDAR_ENTRY_LABELS[entry.kind]}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{CALENDAR_PAGE.clientField}</dt>
              <dd className="[overflow-wrap:anywhere]">{entry.clientName}</dd>
              <dt className="text-muted-foreground">{CALENDAR_PAGE.whenField}</dt>
              <dd>
                {entry.kind === 'due'
                  ? format(parseISO(entry.date), 'MMM d, yyyy')
                  : formatMoment(entry.date)}
              </dd>
              <dt className="text-muted-foreground">{CALENDAR_PAGE.statusField}</dt>
              <dd>
                <ContentStatusBadge status={entry.status} />
              </dd>
            </dl>
            <ChannelDetails key={entry.id} entry={entry} onRetry={onRetry} />
            {canMove(entry) && (
              <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
                <FormField label={CALENDAR_PAGE.moveLabel} htmlFor="calendar-move">
                  <Input
                    id="calendar-move"
                    type="datetime-local"
                    value={when}
                    onChange={(event) => setWhen(event.target.value)}
                  />
                </FormField>
                <Button type="submit" busy={moving}>
                  {moving && <Spinner />}
                  {CALENDAR_PAGE.move}
                </Button>
              </form>
            )}
            <DialogFooter>
              {entry.channel ? (
                entry.kind === 'published' &&
                entry.channel.postUrl && (
                  <Button asChild variant="outline">
                    <a href={entry.channel.postUrl} target="_blank" rel="noopener">
                      <ExternalLink />
                      {PUBLICATION_WORDS.viewPost}
                    </a>
                  </Button>
                )
              ) : (
                <Button asChild variant="outline">
                  <Link to={`/wordpress-publisher?clientId=${encodeURIComponent(entry.clientId)}`}>
                    {CALENDAR_PAGE.openPublisher}
                  </Link>
                </Button>
              )}
              <Button type="button" onClick={onClose}>
                {CALENDAR_PAGE.close}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * `/calendar`: month and week views of the posts, review expiries and due dates the
 * user can see, across clients, filtered by client and status. A scheduled post is dragged to another
 * day, or moved from its details, which reschedules it on WordPress or, for a post to a publishing channel
 * (Google Business Profile, Facebook, Instagram, LinkedIn, X), its publication; a failed channel post is
 * retried from its details, and a published one links to the post. On a phone the period is a list.
 */
export function CalendarPage() {
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => new Date());
  const [clientId, setClientId] = useState<string>(ALL);
  const [status, setStatus] = useState<string>(ALL);
  const [opened, setOpened] = useState<CalendarEntry | null>(null);
  const [dragging, setDragging] = useState<CalendarEntry | null>(null);
  const queryClient = useQueryClient();

  const days = useMemo(() => periodDays(view, anchor), [view, anchor]);
  // The client filter picks from a first page and the server's search, as the tools' pickers do.
  const clientList = useToolClients([], { toastOnError: false });
  const calendar = useQuery(
    calendarQuery(rangeOf(days), {
      clientId: clientId === ALL ? null : clientId,
      status: isContentStatus(status) ? (status as ContentStatus) : null,
    }),
  );
  const entries = calendar.data ?? null;
  const failed = calendar.isError;
  const byDay = useMemo(() => entriesByDay(entries ?? [], days), [entries, days]);

  const move = useCallback(
    async (entry: CalendarEntry, date: string): Promise<boolean> => {
      try {
        await reschedule(entry, date);
        void toast({
          title: CALENDAR_PAGE.moved(formatMoment(date)),
          description: entry.title,
          variant: 'success',
        });
        // The post moved on the site: every period shown or kept is read again.
        void queryClient.invalidateQueries({ queryKey: calendarKeys.entries() });
        if (entry.channel)
          void queryClient.invalidateQueries({
            queryKey: channelKeys.publications(entry.clientId, entry.contentId),
          });
        return true;
      } catch (error) {
        void toast({ ...rescheduleFailure(error), variant: 'destructive' });
        return false;
      }
    },
    [queryClient],
  );

  /** A failed channel post sent again: the dialog shows what it came to, and every period is read again. */
  const retryEntry = useCallback(
    async (entry: CalendarEntry): Promise<void> => {
      if (!entry.channel) return;
      try {
        const publication = await retry(entry);
        void toast(publicationOutcome(publication));
        setOpened((shown) => (shown?.id === entry.id ? entryWithPublication(entry, publication) : shown));
      } catch (error) {
        void toast({
          title: PUBLICATION_WORDS.retryFailed,
          description: errorMessage(error, PUBLICATION_WORDS.retryFailed),
          variant: 'destructive',
        });
      }
      void queryClient.invalidateQueries({ queryKey: calendarKeys.entries() });
      void queryClient.invalidateQueries({
        queryKey: channelKeys.publications(entry.clientId, entry.contentId),
      });
    },
    [queryClient],
  );

  const drop = (day: CalendarDay) => {
    const entry = dragging;
    setDragging(null);
    if (!entry || day.key === format(parseISO(entry.date), 'yyyy-MM-dd')) return;
    void move(entry, movedTo(entry.date, day.date));
  };

  const unit = view === 'month' ? CALENDAR_PAGE.month.toLowerCase() : CALENDAR_PAGE.week.toLowerCase();
  return (
    <PageContainer>
      <PageHeader title={CALENDAR_PAGE.title} description={CALENDAR_PAGE.description} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={CALENDAR_PAGE.previous(unit)}
            onClick={() => setAnchor((now) => shiftPeriod(view, now, -1))}
          >
            <ChevronLeft />
          </Button>
          <Button type="button" variant="outline" onClick={() => setAnchor(new Date())}>
            {CALENDAR_PAGE.today}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={CALENDAR_PAGE.next(unit)}
            onClick={() => setAnchor((now) => shiftPeriod(view, now, 1))}
          >
            <ChevronRight />
          </Button>
        </div>
        <h2
          className="min-w-40 flex-1 font-semibold text-lg"
          aria-live="polite"
          data-testid="calendar-period"
        >
          {periodLabel(view, anchor)}
        </h2>
        <ToggleGroup
          type="single"
          value={view}
          onValueChange={(value) => (value === 'month' || value === 'week') && setView(value)}
          aria-label={CALENDAR_PAGE.viewLabel}
        >
          <ToggleGroupItem value="month" className="px-3">
            {CALENDAR_PAGE.month}
          </ToggleGroupItem>
          <ToggleGroupItem value="week" className="px-3">
            {CALENDAR_PAGE.week}
          </ToggleGroupItem>
        </ToggleGroup>
        <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
          {clientList.search && (
            <ClientCombobox
              id="calendar-client"
              ariaLabel={CALENDAR_PAGE.clientLabel}
              search={clientList.search}
              chosen={findClient(clientList.clients, clientId === ALL ? null : clientId)}
              value={clientId === ALL ? null : clientId}
              onChange={(next) => setClientId(next ?? ALL)}
              allowNone
              noneLabel={CALENDAR_PAGE.allClients}
              placeholder={CALENDAR_PAGE.allClients}
              // A filter that failed to load offers all clients only.
              disabled={false}
              failed={false}
              failedText={CALENDAR_PAGE.allClients}
              loading={false}
              // "All Clients" is a choice of the filter, not a placeholder: shown as the status filter's.
              className="min-w-0 data-[placeholder]:text-foreground sm:w-48"
            />
          )}
          <Select value={status} onValueChange={setStatus}>
            <SelectTrigger className="min-w-0 sm:w-44" aria-label={CALENDAR_PAGE.statusLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{CALENDAR_PAGE.allStatuses}</SelectItem>
              {CONTENT_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {CONTENT_STATUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-muted-foreground text-xs">
          <span className="max-sm:hidden">{CALENDAR_PAGE.dragHint}</span>
          <span className="sm:hidden">{CALENDAR_PAGE.moveHint}</span>
        </p>
        <ul className="flex flex-wrap gap-2 text-xs" aria-label={CALENDAR_PAGE.legend}>
          {CALENDAR_ENTRY_KINDS.map((kind) => (
            <li key={kind} className={`rounded border px-1.5 py-0.5 ${KIND_STYLES[kind]}`}>
              {CALENDAR_ENTRY_LABELS[kind]}
            </li>
          ))}
        </ul>
      </div>
      {failed ? (
        <LoadFailed message={CALENDAR_PAGE.loadFailed} onRetry={() => void calendar.refetch()} />
      ) : entries === null ? (
        <Skeleton className="h-[480px]" role="status" aria-label={CALENDAR_PAGE.loading} />
      ) : (
        <>
          <CalendarGrid
            days={days}
            byDay={byDay}
            view={view}
            dragging={dragging}
            onOpen={setOpened}
            onDragStart={setDragging}
            onDrop={drop}
            onShowWeek={(day) => {
              setAnchor(day.date);
              setView('week');
            }}
          />
          <CalendarAgenda days={days} byDay={byDay} view={view} onOpen={setOpened} />
        </>
      )}
      <EntryDialog entry={opened} onClose={() => setOpened(null)} onMove={move} onRetry={retryEntry} />
    </PageContainer>
  );
}
