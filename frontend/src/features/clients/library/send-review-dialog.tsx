import { Check, Copy, UserPlus, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ClientContent } from '#shared/content';
import { REVIEW_RULE_LABELS, REVIEW_RULES, type ReviewRule } from '#shared/review-outcome';
import {
  type CreatedReview,
  createReviewSchema,
  MAX_REVIEWERS,
  REVIEW_EXPIRY_DEFAULT_DAYS,
  REVIEW_EXPIRY_MAX_DAYS,
} from '#shared/reviews';
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
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { formatMoment } from '@/lib/calendar-dates';
import { REVIEW_PANEL, SEND_REVIEW_DIALOG } from '../messages';
import { notifyError, notifyProblem, notifySuccess } from '../notify';
import { useRetained } from '../use-retained';
import { sendForReview } from './review-api';

interface ReviewerRow {
  name: string;
  email: string;
}

interface Form {
  reviewers: ReviewerRow[];
  rule: ReviewRule;
  threadApart: boolean;
  message: string;
  expiresInDays: string;
}

const EMPTY_ROW: ReviewerRow = { name: '', email: '' };

const EMPTY: Form = {
  reviewers: [EMPTY_ROW],
  rule: 'all',
  threadApart: false,
  message: '',
  expiresInDays: String(REVIEW_EXPIRY_DEFAULT_DAYS),
};

/** A problem at its field: `message`, `expiresInDays`, or `reviewers.<row>.<name|email>`. */
type Problems = Partial<Record<string, string>>;

const bodyOf = (form: Form) => ({
  reviewers: form.reviewers,
  rule: form.rule,
  threadApart: form.threadApart,
  message: form.message,
  expiresInDays: Number(form.expiresInDays),
});

/** What the server would refuse, at its field (the same schema the server parses). */
function problemsOf(form: Form): Problems {
  const parsed = createReviewSchema.safeParse(bodyOf(form));
  if (parsed.success) return {};
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (!problems[field]) problems[field] = issue.message;
  }
  return problems;
}

const rowId = (index: number, field: keyof ReviewerRow) =>
  index === 0 ? `review-${field}` : `review-${field}-${index + 1}`;

function CopyLink({
  label,
  id,
  url,
  hint,
  focus,
}: {
  label: string;
  id: string;
  url: string;
  hint?: string;
  focus: boolean;
}) {
  const [copied, setCopied] = useState(false);
  // The form and its 'Create review link' button are gone once the link is made, and Radix then parks
  // the focus on the dialog itself, which shows no ring. The link takes it instead: selected, named
  // 'Review link' and described by its hint, ready to copy (docs/decisions.md, 'Focus after Create
  // review link').
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) field.current?.focus();
  }, [focus]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notifySuccess(SEND_REVIEW_DIALOG.copied);
    } catch (error) {
      notifyError(error, SEND_REVIEW_DIALOG.failed);
    }
  };
  return (
    <FormField label={label} htmlFor={id} {...(hint ? { hint } : {})}>
      <div className="flex gap-2">
        <Input
          ref={field}
          id={id}
          readOnly
          value={url}
          className="font-mono text-xs md:text-xs"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="review-link"
        />
        <Button
          type="button"
          variant="outline"
          onClick={() => void copy()}
          aria-label={`${SEND_REVIEW_DIALOG.copy}: ${label}`}
        >
          {copied ? <Check /> : <Copy />}
          <span className="max-sm:sr-only">{SEND_REVIEW_DIALOG.copy}</span>
        </Button>
      </div>
    </FormField>
  );
}

function CreatedLink({ created, onDone }: { created: CreatedReview; onDone: () => void }) {
  const several = created.links.length > 1;
  return (
    <div className="grid gap-4">
      {created.links.map((link, index) => (
        <CopyLink
          key={link.reviewId}
          id={index === 0 ? 'review-link' : `review-link-${index + 1}`}
          label={
            several
              ? SEND_REVIEW_DIALOG.linksLabel(
                  REVIEW_PANEL.reviewer(link.review.reviewerName, link.review.reviewerEmail),
                )
              : SEND_REVIEW_DIALOG.linkLabel
          }
          url={link.reviewUrl}
          focus={index === 0}
          {...(index === 0
            ? {
                hint: `${SEND_REVIEW_DIALOG.linkHint} ${SEND_REVIEW_DIALOG.expires(formatMoment(created.expiresAt))}.`,
              }
            : {})}
        />
      ))}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {SEND_REVIEW_DIALOG.done}
        </Button>
      </DialogFooter>
    </div>
  );
}

/**
 * 'Send for review': reviewers (a link each, with the rule among them),
 * a message and an expiry make links that work without an account; the item is In review from then on.
 * Each link is shown once, to copy.
 */
export function SendReviewDialog({
  item,
  onClose,
  onSent,
}: {
  item: ClientContent | null;
  onClose: () => void;
  onSent: (item: ClientContent) => void;
}) {
  const shown = useRetained(item);
  const [form, setForm] = useState<Form>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  const [created, setCreated] = useState<CreatedReview | null>(null);
  useEffect(() => {
    if (item) {
      setForm(EMPTY);
      setProblems({});
      setCreated(null);
    }
  }, [item]);

  const change = (field: 'message' | 'expiresInDays') => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const changeRow = (index: number, field: keyof ReviewerRow) => (value: string) => {
    setForm((current) => ({
      ...current,
      reviewers: current.reviewers.map((row, at) => (at === index ? { ...row, [field]: value } : row)),
    }));
    setProblems((current) => ({ ...current, [`reviewers.${index}.${field}`]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!item || sending) return;
    const found = problemsOf(form);
    setProblems(found);
    const first = Object.values(found).find((message) => message !== undefined);
    if (first) {
      notifyProblem(first);
      return;
    }
    setSending(true);
    try {
      const reply = await sendForReview(item, bodyOf(form));
      setCreated(reply);
      onSent(reply.content);
      notifySuccess(SEND_REVIEW_DIALOG.created, item.title);
    } catch (error) {
      notifyError(error, SEND_REVIEW_DIALOG.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        {shown && (
          <>
            <DialogHeader>
              <DialogTitle>{SEND_REVIEW_DIALOG.title}</DialogTitle>
              <DialogDescription>{SEND_REVIEW_DIALOG.description}</DialogDescription>
            </DialogHeader>
            {created ? (
              <CreatedLink created={created} onDone={onClose} />
            ) : (
              <form onSubmit={submit} className="grid gap-4" noValidate>
                {form.reviewers.map((row, index) => (
                  <fieldset
                    // Rows are only added at the end and removed by position: the index names a row.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={index}
                    className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
                  >
                    <legend className="sr-only">{SEND_REVIEW_DIALOG.reviewerHeading(index + 1)}</legend>
                    <FormField
                      label={
                        index === 0
                          ? SEND_REVIEW_DIALOG.nameLabel
                          : SEND_REVIEW_DIALOG.extraNameLabel(index + 1)
                      }
                      htmlFor={rowId(index, 'name')}
                      error={problems[`reviewers.${index}.name`]}
                    >
                      <Input
                        id={rowId(index, 'name')}
                        autoComplete="off"
                        value={row.name}
                        onChange={(event) => changeRow(index, 'name')(event.target.value)}
                      />
                    </FormField>
                    <FormField
                      label={
                        index === 0
                          ? SEND_REVIEW_DIALOG.emailLabel
                          : SEND_REVIEW_DIALOG.extraEmailLabel(index + 1)
                      }
                      htmlFor={rowId(index, 'email')}
                      error={problems[`reviewers.${index}.email`]}
                    >
                      <Input
                        id={rowId(index, 'email')}
                        type="email"
                        autoComplete="off"
                        value={row.email}
                        onChange={(event) => changeRow(index, 'email')(event.target.value)}
                      />
                    </FormField>
                    {form.reviewers.length > 1 && (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="sm:mt-6"
                        aria-label={SEND_REVIEW_DIALOG.removeReviewer(index + 1)}
                        onClick={() =>
                          setForm((current) => ({
                            ...current,
                            reviewers: current.reviewers.filter((_, at) => at !== index),
                          }))
                        }
                      >
                        <X />
                      </Button>
                    )}
                  </fieldset>
                ))}
                {form.reviewers.length < MAX_REVIEWERS && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    onClick={() =>
                      setForm((current) => ({ ...current, reviewers: [...current.reviewers, EMPTY_ROW] }))
                    }
                  >
                    <UserPlus />
                    {SEND_REVIEW_DIALOG.addReviewer}
                  </Button>
                )}
                {form.reviewers.length > 1 && (
                  <fieldset className="grid gap-2">
                    <legend className="mb-1 font-medium text-sm">{SEND_REVIEW_DIALOG.ruleLegend}</legend>
                    {REVIEW_RULES.map((rule) => (
                      <label key={rule} className="flex items-center gap-2 text-sm">
                        <input
                          type="radio"
                          name="review-rule"
                          value={rule}
                          checked={form.rule === rule}
                          onChange={() => setForm((current) => ({ ...current, rule }))}
                          className="size-4 accent-primary"
                        />
                        {REVIEW_RULE_LABELS[rule]}
                      </label>
                    ))}
                  </fieldset>
                )}
                <div className="flex items-start gap-2">
                  <Checkbox
                    id="review-thread-apart"
                    className="mt-0.5"
                    checked={form.threadApart}
                    onCheckedChange={(state) =>
                      setForm((current) => ({ ...current, threadApart: state === true }))
                    }
                    aria-describedby="review-thread-apart-hint"
                  />
                  <div className="grid gap-1">
                    <Label htmlFor="review-thread-apart">{SEND_REVIEW_DIALOG.threadApartLabel}</Label>
                    <p id="review-thread-apart-hint" className="text-muted-foreground text-xs">
                      {SEND_REVIEW_DIALOG.threadApartHint}
                    </p>
                  </div>
                </div>
                <FormField
                  label={SEND_REVIEW_DIALOG.messageLabel}
                  htmlFor="review-message"
                  error={problems.message}
                >
                  <Textarea
                    id="review-message"
                    rows={3}
                    value={form.message}
                    onChange={(event) => change('message')(event.target.value)}
                  />
                </FormField>
                <FormField
                  label={SEND_REVIEW_DIALOG.expiryLabel}
                  htmlFor="review-expiry"
                  hint={SEND_REVIEW_DIALOG.expiryHint(REVIEW_EXPIRY_MAX_DAYS)}
                  error={problems.expiresInDays}
                  className="sm:max-w-60"
                >
                  <Input
                    id="review-expiry"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={REVIEW_EXPIRY_MAX_DAYS}
                    value={form.expiresInDays}
                    onChange={(event) => change('expiresInDays')(event.target.value)}
                  />
                </FormField>
                <DialogFooter>
                  <Button type="button" variant="outline" onClick={onClose}>
                    {SEND_REVIEW_DIALOG.cancel}
                  </Button>
                  <Button type="submit" busy={sending}>
                    {sending && <Spinner />}
                    {SEND_REVIEW_DIALOG.send}
                  </Button>
                </DialogFooter>
              </form>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
