import { MessageSquare, X } from 'lucide-react';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import type { PublicReviewComment } from '#shared/reviews';
import type { AnchorPlace } from '#shared/text-anchor';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { addMarkStyle, markPassages, passageText, placePassages } from '@/lib/passage-marks';
import { REVIEW_PAGE } from './messages';

/**
 * Anchored comments on the review page: each comment's passage highlighted in the
 * content's frame where it is now, and a box to comment on a selection that comes up beside it.
 */

/** Where each anchored comment's passage is in the version shown; marks them in the frame. */
export function usePassageMarks(
  frame: RefObject<HTMLIFrameElement | null>,
  html: string,
  comments: readonly PublicReviewComment[],
  /** Changes when the frame loads a document (each `srcDoc` is a new one). */
  loads: number,
): ReadonlyMap<PublicReviewComment, AnchorPlace> {
  const places = useMemo(() => placePassages(passageText(html), comments), [html, comments]);
  useEffect(() => {
    const document = frame.current?.contentDocument;
    if (!document?.body || loads === 0) return;
    addMarkStyle(document);
    markPassages(
      document.body,
      [...places].flatMap(([comment, place]) =>
        place.found
          ? [{ start: place.start, end: place.end, label: REVIEW_PAGE.markLabel(comment.author.name) }]
          : [],
      ),
    );
  }, [frame, places, loads]);
  return places;
}

/** Below this width the comment form is under the content, far from a selection, so the box opens beside it. */
const SIDE_FORM_QUERY = '(min-width: 1024px)';

/**
 * Follows the selection in the frame: where its end is, in the coordinates of the frame's positioned
 * parent, or null when nothing is selected.
 */
export function useSelectionSpot(frame: RefObject<HTMLIFrameElement | null>, loads: number): number | null {
  const [spot, setSpot] = useState<number | null>(null);
  useEffect(() => {
    const element = frame.current;
    const document = element?.contentDocument;
    if (!element || !document || loads === 0) return;
    const follow = () => {
      const selection = document.getSelection();
      if (!selection || selection.rangeCount === 0 || selection.toString().trim() === '') {
        setSpot(null);
        return;
      }
      const box = selection.getRangeAt(0).getBoundingClientRect();
      setSpot(element.offsetTop + element.clientTop + box.bottom);
    };
    document.addEventListener('selectionchange', follow);
    return () => document.removeEventListener('selectionchange', follow);
  }, [frame, loads]);
  return spot;
}

/**
 * Beside a selection: 'Comment on this passage'. On a wide screen it quotes the passage into the form
 * beside the content; on a phone it opens a comment box right there, under the selection.
 */
export function SelectionCommentBox({
  spot,
  quote,
  text,
  busy,
  problem,
  onQuote,
  onText,
  onSend,
  onClose,
}: {
  spot: number | null;
  /** The passage quoted into the box, '' before. */
  quote: string;
  text: string;
  busy: boolean;
  problem: string | null;
  /** Quotes the selection; false when nothing could be. */
  onQuote: () => boolean;
  onText: (text: string) => void;
  onSend: () => Promise<boolean>;
  onClose: () => void;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const top = open ?? spot;
  if (top === null) return null;
  const start = () => {
    if (!onQuote() || spot === null) return;
    if (window.matchMedia(SIDE_FORM_QUERY).matches) {
      document.getElementById('review-page-comment')?.focus();
      return;
    }
    setOpen(spot);
  };
  const close = () => {
    setOpen(null);
    onClose();
  };
  return (
    <div
      className="absolute inset-x-2 z-10 sm:inset-x-auto sm:left-4 sm:w-80"
      style={{ top: top + 8 }}
      data-testid="selection-comment"
    >
      {open === null ? (
        <Button type="button" size="sm" className="shadow-md" onClick={start}>
          <MessageSquare aria-hidden="true" />
          {REVIEW_PAGE.commentOnPassage}
        </Button>
      ) : (
        <form
          className="grid gap-2 rounded-md border bg-background p-3 shadow-lg"
          noValidate
          aria-label={REVIEW_PAGE.commentOnPassage}
          onSubmit={async (event) => {
            event.preventDefault();
            if (await onSend()) setOpen(null);
          }}
        >
          <div className="flex items-start gap-2">
            <blockquote className="line-clamp-3 min-w-0 flex-1 border-l-2 pl-3 text-muted-foreground text-sm italic [overflow-wrap:anywhere]">
              {quote}
            </blockquote>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={REVIEW_PAGE.closeInlineComment}
              onClick={close}
            >
              <X />
            </Button>
          </div>
          <FormField label={REVIEW_PAGE.commentLabel} htmlFor="review-page-inline-comment" error={problem}>
            <Textarea
              id="review-page-inline-comment"
              rows={3}
              // The box opened for this comment.
              autoFocus
              value={text}
              onChange={(event) => onText(event.target.value)}
            />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" busy={busy}>
              {busy ? <Spinner /> : <MessageSquare aria-hidden="true" />}
              {REVIEW_PAGE.comment}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
