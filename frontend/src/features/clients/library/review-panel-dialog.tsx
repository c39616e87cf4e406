import { Check, MessageSquare, PencilLine } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { ClientContent } from '#shared/content';
import { type ContentStatus, isDecidable, type ReviewDecision } from '#shared/content-status';
import { REVIEW_RULE_LABELS } from '#shared/review-outcome';
import {
  REVIEW_EVENT,
  REVIEW_MESSAGES,
  type ReviewComment,
  type ReviewPanel,
  type ReviewSummary,
  type ReviewVersionLabel,
} from '#shared/reviews';
import { ContentStatusBadge } from '@/components/content/content-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { formatMoment } from '@/lib/calendar-dates';
import { passageText, placePassages } from '@/lib/passage-marks';
import { useRealtime } from '@/lib/realtime';
import { REVIEW_PANEL } from '../messages';
import { notifyError, notifyProblem, notifySuccess } from '../notify';
import { useRetained } from '../use-retained';
import { ApprovalStepsSection } from './approval-steps-section';
import { PassageFrame } from './passage-frame';
import { commentOnItem, decideOnItem, fetchReviewPanel, revokeReview } from './review-api';

const STATE_BADGES = { open: 'green', expired: 'secondary', revoked: 'orange' } as const;

/** The versions the panel names, by id. */
type VersionLabels = ReadonlyMap<string, ReviewVersionLabel>;

/** 'on the version of 2 Dec 2026, 09:14' with whether it is the item's words now (History's time). */
function VersionNote({
  label,
  versionId,
  text,
}: {
  label: VersionLabels;
  versionId: string | null;
  text: (date: string) => string;
}) {
  const version = versionId ? label.get(versionId) : undefined;
  if (!version) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="review-version-note">
      {text(formatMoment(version.createdAt))}
      <Badge variant={version.current ? 'blue' : 'secondary'}>
        {version.current ? REVIEW_PANEL.currentVersion : REVIEW_PANEL.olderVersion}
      </Badge>
    </span>
  );
}

function ReviewLink({
  review,
  versions,
  requestSize,
  onRevoke,
  revoking,
}: {
  review: ReviewSummary;
  versions: VersionLabels;
  /** How many links the 'Send for review' it came from made: the rule matters from two. */
  requestSize: number;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const who = REVIEW_PANEL.reviewer(review.reviewerName, review.reviewerEmail);
  // Revoking cannot be undone (the token is gone for good), so it asks first.
  const [confirming, setConfirming] = useState(false);
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border p-3 text-sm"
      data-testid="review-link-row"
    >
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{who}</span>
          <Badge variant={STATE_BADGES[review.state]}>{REVIEW_PANEL.states[review.state]}</Badge>
          {review.decision && (
            <Badge variant={review.decision === 'approved' ? 'green' : 'orange'}>
              {review.decision === 'approved' ? REVIEW_PANEL.decidedApproved : REVIEW_PANEL.decidedChanges}
            </Badge>
          )}
        </div>
        <span className="text-muted-foreground text-xs [overflow-wrap:anywhere]">
          {REVIEW_PANEL.sentBy(review.createdBy)} · {formatMoment(review.createdAt)} ·{' '}
          {review.state === 'expired'
            ? REVIEW_PANEL.expired(formatMoment(review.expiresAt))
            : REVIEW_PANEL.expires(formatMoment(review.expiresAt))}{' '}
          · <VersionNote label={versions} versionId={review.versionId} text={REVIEW_PANEL.linkShows} />
          {requestSize > 1 && ` · ${REVIEW_PANEL.rule(REVIEW_RULE_LABELS[review.rule], requestSize)}`}
          {review.threadApart && ` · ${REVIEW_PANEL.threadApart}`}
        </span>
      </div>
      {review.state === 'open' && !confirming && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={REVIEW_PANEL.revokeLabel(who)}
        >
          {REVIEW_PANEL.revoke}
        </Button>
      )}
      {review.state === 'open' && confirming && (
        <div
          className="grid w-full gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-2"
          role="alertdialog"
          aria-labelledby={`revoke-${review.reviewId}`}
          data-testid="revoke-confirm"
        >
          <p id={`revoke-${review.reviewId}`} className="text-sm [overflow-wrap:anywhere]">
            {REVIEW_PANEL.revokeConfirm(who)}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(false)}>
              {REVIEW_PANEL.revokeCancel}
            </Button>
            <Button
              type="button"
              variant="destructive"
              size="sm"
              // The question just asked: its answer takes the focus.
              autoFocus
              onClick={onRevoke}
              busy={revoking}
            >
              {revoking && <Spinner />}
              {REVIEW_PANEL.revokeConfirmed}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function Comment({
  comment,
  versions,
  passageChanged,
}: {
  comment: ReviewComment;
  versions: VersionLabels;
  passageChanged: boolean;
}) {
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm" data-testid="review-comment">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span className="font-medium text-sm [overflow-wrap:anywhere]">{comment.author.name}</span>
        <span className="text-muted-foreground">
          {comment.author.kind === 'reviewer' ? REVIEW_PANEL.reviewerRole : REVIEW_PANEL.staffRole} ·{' '}
          {formatMoment(comment.createdAt)}
        </span>
        {comment.kind === 'decision' && comment.decision && (
          <Badge variant={comment.decision === 'approve' ? 'green' : 'orange'}>
            {REVIEW_PANEL.decision[comment.decision]}
          </Badge>
        )}
        <span className="text-muted-foreground">
          <VersionNote label={versions} versionId={comment.versionId} text={REVIEW_PANEL.onVersion} />
        </span>
      </div>
      {comment.quote && (
        <blockquote className="border-l-2 pl-3 text-muted-foreground italic [overflow-wrap:anywhere]">
          <span className="sr-only">{REVIEW_PANEL.quoted}: </span>
          {comment.quote}
        </blockquote>
      )}
      {passageChanged && (
        <p className="text-muted-foreground text-xs" data-testid="passage-changed">
          {REVIEW_PANEL.passageChanged}
        </p>
      )}
      {comment.text && <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{comment.text}</p>}
    </li>
  );
}

/**
 * The item's review panel: its links (revocable), every comment and decision, live
 * over the WebSocket, and a colleague's own comment, approval or request for changes.
 */
export function ReviewPanelDialog({
  item,
  onClose,
  onChanged,
}: {
  item: ClientContent | null;
  onClose: () => void;
  onChanged: (item: ClientContent) => void;
}) {
  const shown = useRetained(item);
  const [status, setStatus] = useState<ContentStatus>(item?.status ?? 'draft');
  const [panel, setPanel] = useState<ReviewPanel | null>(null);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const [quote, setQuote] = useState('');
  const [busy, setBusy] = useState<'comment' | ReviewDecision | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!item) return;
    try {
      setPanel(await fetchReviewPanel(item));
      setFailed(false);
    } catch (error) {
      notifyError(error, REVIEW_PANEL.loadFailed);
      setFailed(true);
    }
  }, [item]);

  useEffect(() => {
    if (!item) return;
    setStatus(item.status);
    setPanel(null);
    setText('');
    setQuote('');
    setProblem(null);
    void load();
  }, [item, load]);

  useRealtime(REVIEW_EVENT, (message) => {
    if (!item || message.contentId !== item.id) return;
    if (typeof message.status === 'string') setStatus(message.status as ContentStatus);
    void load();
  });

  // Where each anchored comment's passage is in the item's words now.
  const html = shown?.html_content ?? '';
  const places = useMemo(() => placePassages(passageText(html), panel?.comments ?? []), [html, panel]);

  const changed = (next: ClientContent) => {
    setStatus(next.status);
    onChanged(next);
  };

  const submit = async (decision: ReviewDecision | null) => {
    if (!item || busy) return;
    const comment = text.trim();
    const missing =
      comment !== ''
        ? null
        : decision === 'request_changes'
          ? REVIEW_PANEL.changesNeedComment
          : decision === null
            ? REVIEW_MESSAGES.commentRequired
            : null;
    if (missing) {
      setProblem(missing);
      notifyProblem(missing);
      return;
    }
    setBusy(decision ?? 'comment');
    setProblem(null);
    try {
      const quoted = quote.trim() === '' ? {} : { quote: quote.trim() };
      if (decision === null) {
        await commentOnItem(item, { text: comment, ...quoted });
        notifySuccess(REVIEW_PANEL.commented);
      } else {
        // The version the library showed when the panel opened: a decision is about the words read.
        const versionId = item.versionId ?? item.id;
        const reply = await decideOnItem(item, {
          decision,
          versionId,
          ...(comment ? { comment } : {}),
          ...quoted,
        });
        changed(reply.content);
        notifySuccess(
          decision === 'approve' ? REVIEW_PANEL.decidedApproved : REVIEW_PANEL.decidedChanges,
          item.title,
        );
      }
      setText('');
      setQuote('');
      await load();
    } catch (error) {
      notifyError(error, REVIEW_PANEL.failed);
    } finally {
      setBusy(null);
    }
  };

  const revoke = async (review: ReviewSummary) => {
    if (!item) return;
    setRevoking(review.reviewId);
    try {
      changed(await revokeReview(item, review.reviewId));
      notifySuccess(REVIEW_PANEL.revoked);
      await load();
    } catch (error) {
      notifyError(error, REVIEW_PANEL.revokeFailed);
    } finally {
      setRevoking(null);
    }
  };

  const openLinks = panel?.reviews.filter((review) => review.state === 'open') ?? [];
  const sharesThread = openLinks.some((review) => !review.threadApart);
  const requestSizes = new Map<string, number>();
  for (const review of panel?.reviews ?? []) {
    requestSizes.set(review.requestId, (requestSizes.get(review.requestId) ?? 0) + 1);
  }
  const versions: VersionLabels = new Map(
    (panel?.versions ?? []).map((version) => [version.versionId, version]),
  );
  const decidable = isDecidable(status);

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        {shown && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 leading-snug [overflow-wrap:anywhere]">
                {REVIEW_PANEL.title(shown.title)}
              </DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <ContentStatusBadge status={status} />
                <span>{REVIEW_PANEL.description}</span>
              </DialogDescription>
            </DialogHeader>
            {failed ? (
              <LoadFailed message={REVIEW_PANEL.loadFailed} onRetry={() => void load()} />
            ) : panel === null ? (
              <Skeleton className="h-48" role="status" aria-label={REVIEW_PANEL.loadFailed} />
            ) : (
              <div className="grid gap-5">
                <section className="grid gap-2" aria-labelledby="review-links-heading">
                  <h3 id="review-links-heading" className="font-semibold text-sm">
                    {REVIEW_PANEL.links}
                  </h3>
                  {panel.reviews.length === 0 ? (
                    <p className="text-muted-foreground text-sm">{REVIEW_PANEL.noLinks}</p>
                  ) : (
                    <ul className="grid gap-2">
                      {[...panel.reviews].reverse().map((review) => (
                        <ReviewLink
                          key={review.reviewId}
                          review={review}
                          versions={versions}
                          requestSize={requestSizes.get(review.requestId) ?? 1}
                          revoking={revoking === review.reviewId}
                          onRevoke={() => void revoke(review)}
                        />
                      ))}
                    </ul>
                  )}
                </section>
                <ApprovalStepsSection item={shown} onChanged={changed} />
                <section className="grid gap-2" aria-labelledby="review-comments-heading">
                  <h3 id="review-comments-heading" className="font-semibold text-sm">
                    {REVIEW_PANEL.comments}
                  </h3>
                  {panel.comments.length === 0 ? (
                    <p className="text-muted-foreground text-sm">{REVIEW_PANEL.noComments}</p>
                  ) : (
                    <ol className="grid max-h-72 gap-2 overflow-y-auto" aria-live="polite">
                      {panel.comments.map((comment) => (
                        <Comment
                          key={comment.commentId}
                          comment={comment}
                          versions={versions}
                          passageChanged={places.get(comment)?.found === false}
                        />
                      ))}
                    </ol>
                  )}
                  {places.size > 0 && shown && (
                    <PassageFrame
                      html={shown.html_content}
                      title={REVIEW_PANEL.passagesTitle}
                      places={[...places].map(([comment, place]) => ({
                        place,
                        label: REVIEW_PANEL.markLabel(comment.author.name),
                      }))}
                    />
                  )}
                </section>
                <form
                  className="grid gap-3"
                  onSubmit={(event: FormEvent) => {
                    event.preventDefault();
                    void submit(null);
                  }}
                >
                  <FormField label={REVIEW_PANEL.quoteLabel} htmlFor="review-panel-quote">
                    <Input
                      id="review-panel-quote"
                      value={quote}
                      onChange={(event) => setQuote(event.target.value)}
                    />
                  </FormField>
                  <FormField
                    label={REVIEW_PANEL.commentLabel}
                    htmlFor="review-panel-comment"
                    hint={REVIEW_PANEL.commentHint(sharesThread)}
                    error={problem}
                  >
                    <Textarea
                      id="review-panel-comment"
                      rows={3}
                      value={text}
                      onChange={(event) => {
                        setText(event.target.value);
                        setProblem(null);
                      }}
                    />
                  </FormField>
                  <div className="flex flex-wrap items-center justify-end gap-2">
                    {!decidable && (
                      <p className="mr-auto text-muted-foreground text-xs">{REVIEW_PANEL.notDecidable}</p>
                    )}
                    {decidable && openLinks.length > 0 && (
                      <p className="mr-auto text-muted-foreground text-xs">
                        {REVIEW_PANEL.colleagueDecision}
                      </p>
                    )}
                    <Button type="submit" variant="outline" busy={busy === 'comment'}>
                      {busy === 'comment' ? <Spinner /> : <MessageSquare />}
                      {REVIEW_PANEL.send}
                    </Button>
                    {decidable && (
                      <>
                        <Button
                          type="button"
                          variant="outline"
                          busy={busy === 'request_changes'}
                          onClick={() => void submit('request_changes')}
                        >
                          {busy === 'request_changes' ? <Spinner /> : <PencilLine />}
                          {REVIEW_PANEL.requestChanges}
                        </Button>
                        <Button
                          type="button"
                          busy={busy === 'approve'}
                          onClick={() => void submit('approve')}
                        >
                          {busy === 'approve' ? <Spinner /> : <Check />}
                          {REVIEW_PANEL.approve}
                        </Button>
                      </>
                    )}
                  </div>
                </form>
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
