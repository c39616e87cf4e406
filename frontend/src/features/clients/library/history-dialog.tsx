import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, GitCompare, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { ClientContent } from '#shared/content';
import { type ContentVersionSummary, VERSION_SOURCE_LABELS } from '#shared/content-versions';
import { DiffText } from '@/components/content/diff-text';
import { CheckField } from '@/components/tool/check-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatMomentSeconds } from '@/lib/calendar-dates';
import { HISTORY_DIALOG, PREVIEW_DIALOG } from '../messages';
import { notifyError, notifySuccess } from '../notify';
import { useRetained } from '../use-retained';
import { restoreVersion } from './history-api';
import { HtmlFrame } from './html-frame';
import { fullVersionsQuery, libraryKeys, versionsQuery } from './queries';
import { compareVersions, restoredFromLabel, versionNumbers, versionText } from './version-compare';

type Mode =
  | { kind: 'list' }
  | { kind: 'view'; versionId: string }
  | { kind: 'compare'; ids: [string, string] };

const underReview = (item: ClientContent) =>
  item.status === 'in_review' || item.status === 'changes_requested';

function useVersions(item: ClientContent | null) {
  const history = useInfiniteQuery({
    ...versionsQuery(item ?? { client_id: '', id: '' }),
    enabled: item !== null,
    // Closed, the dialog keeps its list while it animates out; another item starts from a skeleton.
    placeholderData: item === null ? keepPreviousData : undefined,
  });
  const versions = useMemo(() => history.data?.pages.flatMap((page) => page.items) ?? null, [history.data]);
  return {
    versions,
    failed: history.isError,
    hasMore: history.hasNextPage,
    loadingMore: history.isFetchingNextPage,
    reload: () => void history.refetch(),
    loadMore: async () => {
      await history.fetchNextPage();
    },
  };
}

function VersionRow({
  version,
  number,
  restoredFrom,
  current,
  selected,
  onSelect,
  onView,
}: {
  version: ContentVersionSummary;
  /** Its number in the item's history, once the whole history is loaded. */
  number: number | undefined;
  /** Which version it restored, when it is a restore. */
  restoredFrom: string | null;
  current: boolean;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onView: () => void;
}) {
  const when = formatMomentSeconds(version.createdAt);
  const id = `version-${version.versionId}`;
  return (
    <li
      className="flex items-start gap-3 rounded-md border p-3"
      data-testid="version-row"
      data-version-id={version.versionId}
    >
      <Checkbox
        id={id}
        className="mt-1"
        checked={selected}
        onCheckedChange={(state) => onSelect(state === true)}
        aria-label={HISTORY_DIALOG.compareLabel(version.title, when)}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {number !== undefined && (
            <span className="font-medium text-muted-foreground text-xs">
              {HISTORY_DIALOG.versionNumber(number)}
            </span>
          )}
          <span className="font-medium text-sm">{when}</span>
          {current && <Badge variant="green">{HISTORY_DIALOG.current}</Badge>}
          <Badge variant="secondary">{VERSION_SOURCE_LABELS[version.source]}</Badge>
        </div>
        <p className="truncate text-sm" title={version.title}>
          {version.title}
        </p>
        <p className="text-muted-foreground text-xs [overflow-wrap:anywhere]">
          {HISTORY_DIALOG.by(version.author)} · {HISTORY_DIALOG.words(version.wordCount)}
          {version.changed.length > 0 && version.source !== 'original' && (
            <>
              {' · '}
              {HISTORY_DIALOG.changed}:{' '}
              {version.changed.map((field) => HISTORY_DIALOG.fields[field]).join(', ')}
            </>
          )}
          {restoredFrom && ` · ${restoredFrom}`}
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onView}>
        {HISTORY_DIALOG.view}
      </Button>
    </li>
  );
}

function useFullVersions(item: ClientContent, ids: readonly string[]) {
  const { data, isError } = useQuery(fullVersionsQuery(item, ids));
  return { loaded: data ?? null, failed: isError };
}

function CompareVersions({ item, ids }: { item: ClientContent; ids: [string, string] }) {
  const { loaded, failed } = useFullVersions(item, ids);
  const ordered = useMemo(
    () =>
      loaded
        ? [...loaded].sort(
            (a, b) => a.createdAt.localeCompare(b.createdAt) || a.versionId.localeCompare(b.versionId),
          )
        : null,
    [loaded],
  );
  const comparison = useMemo(() => {
    const [older, newer] = ordered ?? [];
    return older && newer ? compareVersions(older, newer) : null;
  }, [ordered]);
  if (failed) return <LoadFailed message={HISTORY_DIALOG.loadFailed} />;
  const [older, newer] = ordered ?? [];
  if (!older || !newer || !comparison)
    return <Skeleton className="h-60" role="status" aria-label={HISTORY_DIALOG.loading} />;
  return (
    <section className="grid gap-3" aria-labelledby="compare-heading">
      <h3 id="compare-heading" className="font-semibold">
        {HISTORY_DIALOG.compareTitle}
      </h3>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground text-xs">{HISTORY_DIALOG.older}</dt>
          <dd>
            {formatMomentSeconds(older.createdAt)} · {HISTORY_DIALOG.by(older.author)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">{HISTORY_DIALOG.newer}</dt>
          <dd>
            {formatMomentSeconds(newer.createdAt)} · {HISTORY_DIALOG.by(newer.author)}
          </dd>
        </div>
      </dl>
      {older.title !== newer.title && (
        <p className="text-sm [overflow-wrap:anywhere]">
          {HISTORY_DIALOG.titleChanged(older.title, newer.title)}
        </p>
      )}
      <p className="text-muted-foreground text-xs" data-testid="diff-summary">
        {comparison.summary}
      </p>
      {/* An HTML-only change opens on the rendered pages, where it shows. */}
      <Tabs defaultValue={!comparison.textChanged && comparison.htmlChanged ? 'rendered' : 'text'}>
        <TabsList aria-label={HISTORY_DIALOG.compareViews}>
          <TabsTrigger value="text">{HISTORY_DIALOG.textView}</TabsTrigger>
          <TabsTrigger value="html">{HISTORY_DIALOG.htmlView}</TabsTrigger>
          <TabsTrigger value="rendered">{HISTORY_DIALOG.renderedView}</TabsTrigger>
        </TabsList>
        <TabsContent value="text">
          <DiffText parts={comparison.text} testId="version-diff" tall />
        </TabsContent>
        <TabsContent value="html">
          <DiffText parts={comparison.html} testId="version-html-diff" code tall />
        </TabsContent>
        <TabsContent value="rendered">
          <div className="grid gap-3 md:grid-cols-2" data-testid="version-rendered">
            {[older, newer].map((version, index) => (
              <figure key={version.versionId} className="grid min-w-0 gap-1">
                <figcaption className="text-muted-foreground text-xs">
                  {index === 0 ? HISTORY_DIALOG.older : HISTORY_DIALOG.newer} ·{' '}
                  {formatMomentSeconds(version.createdAt)}
                </figcaption>
                <HtmlFrame
                  html={version.html_content || `<p>${PREVIEW_DIALOG.noHtml}</p>`}
                  title={`${index === 0 ? HISTORY_DIALOG.older : HISTORY_DIALOG.newer}: ${version.title}`}
                  className="h-[45vh] min-h-[300px]"
                />
              </figure>
            ))}
          </div>
        </TabsContent>
      </Tabs>
    </section>
  );
}

function ViewVersion({
  item,
  versionId,
  isCurrent,
  onRestored,
}: {
  item: ClientContent;
  versionId: string;
  isCurrent: boolean;
  onRestored: (item: ClientContent) => void;
}) {
  const { loaded, failed } = useFullVersions(item, [versionId]);
  const [keepReview, setKeepReview] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const version = loaded?.[0];
  if (failed) return <LoadFailed message={HISTORY_DIALOG.loadFailed} />;
  if (!version) return <Skeleton className="h-60" role="status" aria-label={HISTORY_DIALOG.loading} />;
  const restore = async () => {
    setRestoring(true);
    try {
      onRestored(await restoreVersion(item, version.versionId, keepReview));
      notifySuccess(HISTORY_DIALOG.restored, version.title);
    } catch (error) {
      notifyError(error, HISTORY_DIALOG.restoreFailed);
    } finally {
      setRestoring(false);
    }
  };
  return (
    <section className="grid gap-3" aria-labelledby="version-heading">
      <h3 id="version-heading" className="font-semibold [overflow-wrap:anywhere]">
        {version.title}
      </h3>
      <p className="text-muted-foreground text-xs">
        {formatMomentSeconds(version.createdAt)} · {HISTORY_DIALOG.by(version.author)} ·{' '}
        {HISTORY_DIALOG.words(version.wordCount)}
      </p>
      <Tabs defaultValue="preview">
        <TabsList>
          <TabsTrigger value="preview">{PREVIEW_DIALOG.previewTab}</TabsTrigger>
          <TabsTrigger value="text">{PREVIEW_DIALOG.textTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="preview">
          <HtmlFrame
            html={version.html_content || `<p>${PREVIEW_DIALOG.noHtml}</p>`}
            title={PREVIEW_DIALOG.frameTitle}
            className="h-[45vh] min-h-[300px]"
          />
        </TabsContent>
        <TabsContent value="text">
          <pre className="h-[45vh] min-h-[300px] overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/20 p-4 font-sans text-sm">
            {versionText(version) || PREVIEW_DIALOG.noText}
          </pre>
        </TabsContent>
      </Tabs>
      {!isCurrent && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {underReview(item) ? (
            <CheckField
              id="restore-keep-review"
              label={HISTORY_DIALOG.keepReview}
              checked={keepReview}
              onChange={setKeepReview}
            />
          ) : (
            <span />
          )}
          <Button type="button" onClick={() => void restore()} busy={restoring}>
            {restoring ? <Spinner /> : <RotateCcw />}
            {HISTORY_DIALOG.restore}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * 'History' of the item menu: the versions newest first; open one (Restore makes a new
 * version equal to it); tick two to compare them sentence by sentence (the word changes inside an edited
 * sentence), their HTML, or the two rendered side by side.
 */
export function HistoryDialog({
  item,
  onClose,
  onRestored,
}: {
  item: ClientContent | null;
  onClose: () => void;
  onRestored: (item: ClientContent) => void;
}) {
  const shown = useRetained(item);
  const [current, setCurrent] = useState<ClientContent | null>(item);
  useEffect(() => setCurrent(item), [item]);
  const history = useVersions(current);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (item) {
      setMode({ kind: 'list' });
      setSelected([]);
    }
  }, [item]);

  const select = (versionId: string, checked: boolean) =>
    setSelected((now) => {
      if (!checked) return now.filter((id) => id !== versionId);
      // Two at most: a third tick replaces the older of the two picked.
      return [...now.filter((id) => id !== versionId), versionId].slice(-2);
    });
  const queryClient = useQueryClient();
  const restored = (saved: ClientContent) => {
    setCurrent(saved);
    // The restore is a new version: the list is read again.
    void queryClient.invalidateQueries({ queryKey: libraryKeys.history(saved.client_id, saved.id) });
    onRestored(saved);
    setMode({ kind: 'list' });
    setSelected([]);
  };
  const subject = current ?? shown;
  const numbers = useMemo(
    () => versionNumbers(history.versions ?? [], !history.hasMore),
    [history.versions, history.hasMore],
  );

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        {subject && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 leading-snug [overflow-wrap:anywhere]">
                {HISTORY_DIALOG.title(subject.title)}
              </DialogTitle>
              <DialogDescription>{HISTORY_DIALOG.description}</DialogDescription>
            </DialogHeader>
            {mode.kind === 'list' ? (
              <div className="grid gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-muted-foreground text-xs" aria-live="polite">
                    {selected.length === 2 ? '' : HISTORY_DIALOG.compareHint}
                  </p>
                  <Button
                    type="button"
                    size="sm"
                    disabled={selected.length !== 2}
                    onClick={() => {
                      const [a, b] = selected;
                      if (a && b) setMode({ kind: 'compare', ids: [a, b] });
                    }}
                  >
                    <GitCompare />
                    {HISTORY_DIALOG.compare}
                  </Button>
                </div>
                {history.failed ? (
                  <LoadFailed message={HISTORY_DIALOG.loadFailed} onRetry={history.reload} />
                ) : history.versions === null ? (
                  <Skeleton className="h-40" role="status" aria-label={HISTORY_DIALOG.loading} />
                ) : history.versions.length === 0 ? (
                  <p className="text-muted-foreground text-sm">{HISTORY_DIALOG.empty}</p>
                ) : (
                  <ol className="grid gap-2" aria-label={HISTORY_DIALOG.title(subject.title)}>
                    {history.versions.map((version, _index, versions) => (
                      <VersionRow
                        key={version.versionId}
                        version={version}
                        number={numbers.get(version.versionId)}
                        restoredFrom={
                          version.restoredFrom
                            ? restoredFromLabel(version.restoredFrom, versions, numbers, formatMomentSeconds)
                            : null
                        }
                        current={version.versionId === subject.versionId}
                        selected={selected.includes(version.versionId)}
                        onSelect={(checked) => select(version.versionId, checked)}
                        onView={() => setMode({ kind: 'view', versionId: version.versionId })}
                      />
                    ))}
                  </ol>
                )}
                {history.hasMore && (
                  <Button
                    type="button"
                    variant="outline"
                    busy={history.loadingMore}
                    onClick={() => void history.loadMore()}
                  >
                    {history.loadingMore && <Spinner />}
                    {HISTORY_DIALOG.loadMore}
                  </Button>
                )}
              </div>
            ) : (
              <div className="grid gap-3">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => setMode({ kind: 'list' })}
                >
                  <ArrowLeft />
                  {HISTORY_DIALOG.back}
                </Button>
                {mode.kind === 'view' ? (
                  <ViewVersion
                    item={subject}
                    versionId={mode.versionId}
                    isCurrent={mode.versionId === subject.versionId}
                    onRestored={restored}
                  />
                ) : (
                  <CompareVersions item={subject} ids={mode.ids} />
                )}
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
