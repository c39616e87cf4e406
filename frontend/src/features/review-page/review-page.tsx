import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, MessageSquare, PencilLine, Quote, X } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { ReviewDecision } from '#shared/content-status';
import { type PublicReview, type PublicReviewComment, REVIEW_MESSAGES } from '#shared/reviews';
import type { TextAnchor } from '#shared/text-anchor';
import { diffStats, diffWords } from '#shared/word-diff';
import { ContentStatusBadge } from '@/components/content/content-status-badge';
import { DiffText } from '@/components/content/diff-text';
import { frameDocument } from '@/components/tool/html-frame';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatMoment } from '@/lib/calendar-dates';
import { selectionAnchor } from '@/lib/passage-marks';
import { QueryProvider } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import type { SeenVersion } from './last-seen';
import { REVIEW_PAGE } from './messages';
import { SelectionCommentBox, usePassageMarks, useSelectionSpot } from './passage-comments';
import { isGone, reviewQuery, type ShownReview } from './queries';
import { commentKey } from './review-changes';
import { postComment, postDecision } from './review-page-api';
import { FITTED_FRAME_MIN_HEIGHT, useFittedFrame } from './use-fitted-frame';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; review: PublicReview; etag: string | null }
  | { kind: 'unavailable' }
  | { kind: 'busy' }
  | { kind: 'error' };

const QUOTE_MAX = 1000;

/** The words of the version the reviewer last looked at against the ones shown now. */
function ChangesSince({
  since,
  review,
  onHide,
}: {
  since: SeenVersion;
  review: PublicReview;
  onHide: () => void;
}) {
  const parts = useMemo(() => diffWords(since.text, review.text), [since.text, review.text]);
  const stats = diffStats(parts);
  return (
    <section
      className="grid gap-2 rounded-md border bg-background p-4"
      aria-labelledby="review-changes-heading"
      data-testid="review-page-changes"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="review-changes-heading" className="font-semibold">
          {REVIEW_PAGE.changesHeading}
        </h2>
        <Button type="button" variant="ghost" size="sm" onClick={onHide}>
          {REVIEW_PAGE.hideChanges}
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        {REVIEW_PAGE.changesSince(formatMoment(since.versionCreatedAt))}{' '}
        {stats.added === 0 && stats.removed === 0
          ? REVIEW_PAGE.changesNone
          : REVIEW_PAGE.changesSummary(stats.added, stats.removed)}
      </p>
      {since.title !== review.title && (
        <p className="text-sm [overflow-wrap:anywhere]">
          {REVIEW_PAGE.titleChanged(since.title, review.title)}
        </p>
      )}
      <DiffText parts={parts} testId="review-page-diff" />
    </section>
  );
}

/** A plain page: no data, no sidebar, nothing of the agency (a dead link, a flood, a failure). */
function PlainPage({ title, text }: { title: string; text: string }) {
  return (
    <main className="mx-auto flex min-h-svh max-w-xl flex-col justify-center gap-3 px-6 py-16">
      <h1 className="font-semibold text-2xl">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
    </main>
  );
}

function CommentItem({ comment, passageChanged }: { comment: PublicReviewComment; passageChanged: boolean }) {
  return (
    <li className="grid gap-1 rounded-md border bg-background p-3 text-sm" data-testid="review-page-comment">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span className="font-medium text-sm [overflow-wrap:anywhere]">{comment.author.name}</span>
        <span className="text-muted-foreground">
          {comment.author.kind === 'reviewer' ? REVIEW_PAGE.reviewerRole : REVIEW_PAGE.staffRole} ·{' '}
          {formatMoment(comment.createdAt)}
        </span>
        {comment.kind === 'decision' && comment.decision && (
          <Badge variant={comment.decision === 'approve' ? 'green' : 'orange'}>
            {REVIEW_PAGE.decision[comment.decision]}
          </Badge>
        )}
      </div>
      {comment.quote && (
        <blockquote className="border-l-2 pl-3 text-muted-foreground italic [overflow-wrap:anywhere]">
          <span className="sr-only">{REVIEW_PAGE.quoted}: </span>
          {comment.quote}
        </blockquote>
      )}
      {passageChanged && (
        <p className="text-muted-foreground text-xs" data-testid="passage-changed">
          {REVIEW_PAGE.passageChanged}
        </p>
      )}
      {comment.text && <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{comment.text}</p>}
    </li>
  );
}

/**
 * The agency's name and logo (the Settings page), when an admin set them. A logo that
 * fails to load is left out rather than shown broken.
 */
function AgencyMark({ agency }: { agency: PublicReview['agency'] }) {
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const logo = agency.logoUrl && agency.logoUrl !== failedLogo ? agency.logoUrl : null;
  if (!logo && !agency.name) return null;
  return (
    <div className="flex min-w-0 items-center gap-3 pb-1" data-testid="review-page-agency">
      {logo && (
        <img
          src={logo}
          alt={agency.name ? REVIEW_PAGE.logoAlt(agency.name) : REVIEW_PAGE.logoAltUnnamed}
          referrerPolicy="no-referrer"
          className="h-10 max-w-40 object-contain"
          onError={() => setFailedLogo(logo)}
        />
      )}
      {agency.name && <span className="font-semibold [overflow-wrap:anywhere]">{agency.name}</span>}
    </div>
  );
}

/**
 * The text selected inside the content's frame. The frame has no scripts (`sandbox="allow-same-origin"`
 * without allow-scripts: the sanitized HTML cannot run anything), and sharing the page's origin is what
 * lets this page read the reviewer's selection to quote it.
 */
function frameSelection(frame: HTMLIFrameElement | null): string {
  const selected = frame?.contentDocument?.getSelection()?.toString() ?? '';
  return selected.replace(/\s+/gu, ' ').trim().slice(0, QUOTE_MAX);
}

function ReviewView({
  token,
  review,
  notice,
  since,
  live,
  onHideSince,
  onOwn,
  onChanged,
  onStale,
}: {
  token: string;
  review: PublicReview;
  /** Why the page shows other words than before (a decision on an older version was refused). */
  notice: string | null;
  /** The version the reviewer looked at before this one, when they have not seen this one yet. */
  since: SeenVersion | null;
  /** The latest change the poll found, said politely. */
  live: string;
  onHideSince: () => void;
  /** The reviewer's own comment or decision: not news to them when the poll brings it. */
  onOwn: (comment: PublicReviewComment) => void;
  onChanged: () => void;
  onStale: (message: string) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const fitted = useFittedFrame(frame);
  const [quote, setQuote] = useState('');
  const [anchor, setAnchor] = useState<TextAnchor | null>(null);
  const [loads, setLoads] = useState(0);
  const places = usePassageMarks(frame, review.html, review.comments, loads);
  const selectionSpot = useSelectionSpot(frame, loads);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'comment' | ReviewDecision | null>(null);
  const noticeBox = useRef<HTMLParagraphElement>(null);
  // Below a long item the decision buttons are far from the notice: a refused decision would change the
  // page out of the reviewer's sight. The notice is brought into view, the changes and the words after
  // it; on a phone 6rem down, under the toasts there (toaster.tsx), as dialogs start (dialog.tsx).
  useEffect(() => {
    const element = noticeBox.current;
    if (!notice || !element) return;
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: 'start' });
  }, [notice]);

  const quoteSelection = (): boolean => {
    const selected = frameSelection(frame.current);
    if (selected === '') {
      void toast({ title: REVIEW_PAGE.quoteNothing, variant: 'destructive' });
      return false;
    }
    setQuote(selected);
    // Where the passage is, so it is highlighted and found again after edits elsewhere.
    const document = frame.current?.contentDocument;
    setAnchor(document ? selectionAnchor(document.body, document.getSelection()) : null);
    return true;
  };
  const clearQuote = () => {
    setQuote('');
    setAnchor(null);
  };

  const send = async (decision: ReviewDecision | null): Promise<boolean> => {
    if (busy) return false;
    const comment = text.trim();
    if (comment === '' && decision !== 'approve') {
      const missing =
        decision === 'request_changes' ? REVIEW_MESSAGES.changesNeedComment : REVIEW_MESSAGES.commentRequired;
      setProblem(missing);
      void toast({ title: missing, variant: 'destructive' });
      return false;
    }
    setBusy(decision ?? 'comment');
    setProblem(null);
    const quoted = quote === '' ? {} : { quote, ...(anchor ? { anchor } : {}) };
    try {
      if (decision === null) onOwn(await postComment(token, { text: comment, ...quoted }));
      else {
        const decided = await postDecision(token, {
          decision,
          versionId: review.versionId,
          ...(comment ? { comment } : {}),
          ...quoted,
        });
        onOwn(decided.comment);
      }
      void toast({
        title:
          decision === null
            ? REVIEW_PAGE.commented
            : decision === 'approve'
              ? REVIEW_PAGE.approved
              : REVIEW_PAGE.changesRequested,
        variant: 'success',
      });
      setText('');
      clearQuote();
      onChanged();
      return true;
    } catch (error) {
      // The editor updated the open review after this page was read: the decision was about words
      // the server no longer holds. The page reads the current version and says why it changed.
      if (error instanceof ApiError && error.code === 'stale_version') {
        onStale(error.message);
        return false;
      }
      void toast({
        title: REVIEW_PAGE.failed,
        description: errorMessage(error, REVIEW_PAGE.failed),
        variant: 'destructive',
      });
      // A link revoked or expired meanwhile: the page says so.
      if (error instanceof ApiError && error.status === 404) onChanged();
      return false;
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(null);
  };

  return (
    <div className="min-h-svh bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto grid max-w-6xl gap-1 px-4 py-4 sm:px-6">
          <AgencyMark agency={review.agency} />
          <p className="text-muted-foreground text-sm">
            {REVIEW_PAGE.heading} · {REVIEW_PAGE.forClient(review.clientName)}
          </p>
          <h1 className="break-words font-semibold text-xl sm:text-2xl">{review.title}</h1>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
            <ContentStatusBadge status={review.status} />
            <span>
              {REVIEW_PAGE.sent(formatMoment(review.sentAt))} ·{' '}
              {REVIEW_PAGE.version(formatMoment(review.versionCreatedAt))} ·{' '}
              {REVIEW_PAGE.expires(formatMoment(review.expiresAt))}
            </span>
          </p>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section className="relative grid content-start gap-3" aria-labelledby="review-content-heading">
          <p className="sr-only" aria-live="polite" data-testid="review-page-live">
            {live}
          </p>
          {notice && (
            <p
              className="rounded-md border border-orange-300 bg-orange-50 p-3 text-orange-950 text-sm max-sm:scroll-mt-24 dark:bg-orange-950 dark:text-orange-50"
              role="alert"
              ref={noticeBox}
              data-testid="review-page-notice"
            >
              {notice}
            </p>
          )}
          {since && <ChangesSince since={since} review={review} onHide={onHideSince} />}
          {review.message && (
            <div className="rounded-md border bg-background p-4 text-sm">
              <h2 className="mb-1 font-medium">{REVIEW_PAGE.messageHeading}</h2>
              <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{review.message}</p>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="review-content-heading" className="font-semibold">
              {REVIEW_PAGE.contentHeading}
            </h2>
            <Button type="button" variant="outline" size="sm" onClick={quoteSelection}>
              <Quote aria-hidden="true" />
              {REVIEW_PAGE.quoteSelection}
            </Button>
          </div>
          {/* Above the frame: a long item's end is far below. */}
          <p className="text-muted-foreground text-xs">{REVIEW_PAGE.quoteHint}</p>
          <iframe
            ref={frame}
            title={REVIEW_PAGE.frameTitle}
            sandbox="allow-same-origin"
            referrerPolicy="no-referrer"
            srcDoc={frameDocument(review.html, review.title)}
            onLoad={() => {
              fitted.onLoad();
              setLoads((count) => count + 1);
            }}
            // As tall as the content: a short item leaves no blank frame below it,
            // a long one reads with the page's own scrolling instead of a box scrolling inside it.
            style={{ height: fitted.height ?? FITTED_FRAME_MIN_HEIGHT }}
            className="block w-full rounded-md border bg-white"
          />
          <SelectionCommentBox
            spot={selectionSpot}
            quote={quote}
            text={text}
            busy={busy === 'comment'}
            problem={problem}
            onQuote={quoteSelection}
            onText={(value) => {
              setText(value);
              setProblem(null);
            }}
            onSend={() => send(null)}
            onClose={clearQuote}
          />
        </section>
        {/* Beside a long item the comment form stays in view as the reviewer reads down the page. */}
        <aside
          className="grid content-start gap-4 lg:sticky lg:top-6 lg:max-h-[calc(100svh-3rem)] lg:self-start lg:overflow-y-auto"
          aria-label={REVIEW_PAGE.commentsHeading}
        >
          <p
            className="rounded-md border bg-background p-3 text-sm"
            role="status"
            data-testid="review-page-state"
          >
            {review.canDecide && review.status === 'in_review'
              ? review.decision === 'approved'
                ? REVIEW_PAGE.youApproved
                : REVIEW_PAGE.waiting
              : review.canDecide && review.decision === 'changes_requested'
                ? REVIEW_PAGE.youRequested
                : REVIEW_PAGE.states[review.status]}
          </p>
          <form onSubmit={submit} className="grid gap-3 rounded-md border bg-background p-4" noValidate>
            {quote !== '' && (
              <div className="grid gap-1">
                <span className="font-medium text-sm" id="review-quote-label">
                  {REVIEW_PAGE.quoteLabel}
                </span>
                <div className="flex items-start gap-2">
                  <blockquote
                    aria-labelledby="review-quote-label"
                    className="min-w-0 flex-1 border-l-2 pl-3 text-muted-foreground text-sm italic [overflow-wrap:anywhere]"
                    data-testid="review-page-quote"
                  >
                    {quote}
                  </blockquote>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={REVIEW_PAGE.clearQuote}
                    onClick={clearQuote}
                  >
                    <X />
                  </Button>
                </div>
              </div>
            )}
            <FormField label={REVIEW_PAGE.commentLabel} htmlFor="review-page-comment" error={problem}>
              <Textarea
                id="review-page-comment"
                rows={4}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setProblem(null);
                }}
              />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="submit" variant="outline" busy={busy === 'comment'}>
                {busy === 'comment' ? <Spinner /> : <MessageSquare aria-hidden="true" />}
                {REVIEW_PAGE.comment}
              </Button>
              {review.canDecide && (
                <>
                  <Button
                    type="button"
                    variant="outline"
                    busy={busy === 'request_changes'}
                    onClick={() => void send('request_changes')}
                  >
                    {busy === 'request_changes' ? <Spinner /> : <PencilLine aria-hidden="true" />}
                    {REVIEW_PAGE.requestChanges}
                  </Button>
                  <Button type="button" busy={busy === 'approve'} onClick={() => void send('approve')}>
                    {busy === 'approve' ? <Spinner /> : <Check aria-hidden="true" />}
                    {REVIEW_PAGE.approve}
                  </Button>
                </>
              )}
            </div>
          </form>
          <section className="grid gap-2" aria-labelledby="review-page-comments-heading">
            <h2 id="review-page-comments-heading" className="font-semibold">
              {REVIEW_PAGE.commentsHeading}
            </h2>
            {review.comments.length === 0 ? (
              <p className="text-muted-foreground text-sm">{REVIEW_PAGE.noComments}</p>
            ) : (
              <ol className="grid gap-2" aria-live="polite">
                {/* The page gets no comment ids: a comment is its time, author and kind. */}
                {[...review.comments].reverse().map((comment) => (
                  <CommentItem
                    key={commentKey(comment)}
                    comment={comment}
                    passageChanged={places.get(comment)?.found === false}
                  />
                ))}
              </ol>
            )}
          </section>
        </aside>
      </main>
    </div>
  );
}

/**
 * `/review/{token}`: what a reviewer sees without an account, no sidebar. The page
 * follows the link live: it asks every REVIEW_POLL_MS, and when it comes back into view,
 * whether anything changed, says what did (a new version, others' comments and decisions), and shows the
 * words that changed since the version the reviewer last looked at (kept in their browser).
 */
export function ReviewPage() {
  // Outside the signed-in frame, so the page brings the data layer itself (docs/architecture.md,
  // "The frontend's data layer").
  return (
    <QueryProvider>
      <LiveReview />
    </QueryProvider>
  );
}

function loadState(shown: ShownReview | undefined, error: Error | null): LoadState {
  if (isGone(error)) return { kind: 'unavailable' };
  if (shown) return { kind: 'ready', review: shown.review, etag: shown.etag };
  if (error instanceof ApiError && error.status === 429) return { kind: 'busy' };
  return error ? { kind: 'error' } : { kind: 'loading' };
}

function LiveReview() {
  const { token = '' } = useParams();
  const [notice, setNotice] = useState<string | null>(null);
  const [since, setSince] = useState<SeenVersion | null>(null);
  const [live, setLive] = useState('');
  const own = useRef(new Set<string>());
  const queryClient = useQueryClient();
  const { data, error, refetch } = useQuery(reviewQuery(queryClient, token, own.current));
  const load = () => void refetch();
  // What a read found new is taken up once, when it comes (React's state adjusted while rendering).
  const [taken, setTaken] = useState<ShownReview | undefined>(undefined);
  if (data !== taken) {
    setTaken(data);
    if (data?.since) setSince(data.since);
    if (data?.said) setLive(data.said);
  }
  const state = loadState(data, error);

  if (state.kind === 'loading') {
    return (
      <main className="mx-auto grid max-w-6xl gap-4 px-4 py-8" aria-busy="true">
        <h1 className="sr-only">{REVIEW_PAGE.loading}</h1>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-[50vh]" />
      </main>
    );
  }
  if (state.kind === 'unavailable')
    return <PlainPage title={REVIEW_MESSAGES.linkUnavailable} text={REVIEW_PAGE.unavailable} />;
  if (state.kind === 'busy') return <PlainPage title={REVIEW_PAGE.busyTitle} text={REVIEW_PAGE.busy} />;
  if (state.kind === 'error') return <PlainPage title={REVIEW_PAGE.errorTitle} text={REVIEW_PAGE.error} />;
  return (
    <ReviewView
      token={token}
      review={state.review}
      notice={notice}
      since={since}
      live={live}
      onHideSince={() => setSince(null)}
      onOwn={(comment) => {
        own.current.add(commentKey(comment));
        setNotice(null);
      }}
      onChanged={load}
      onStale={(message) => {
        setNotice(message);
        load();
      }}
    />
  );
}
