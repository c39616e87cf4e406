import { Check, Copy } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ClientContent } from '#shared/content';
import {
  type CreatedReview,
  createReviewSchema,
  REVIEW_EXPIRY_DEFAULT_DAYS,
  REVIEW_EXPIRY_MAX_DAYS,
} from '#shared/reviews';
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
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { formatMoment } from '@/lib/calendar-dates';
import { SEND_REVIEW_DIALOG } from '../messages';
import { notifyError, notifyProblem, notifySuccess } from '../notify';
import { useRetained } from '../use-retained';
import { sendForReview } from './review-api';

interface Form {
  reviewerName: string;
  reviewerEmail: string;
  message: string;
  expiresInDays: string;
}

const EMPTY: Form = {
  reviewerName: '',
  reviewerEmail: '',
  message: '',
  expiresInDays: String(REVIEW_EXPIRY_DEFAULT_DAYS),
};

type Problems = Partial<Record<keyof Form, string>>;

/** What the server would refuse, at its field (the same schema the server parses). */
function problemsOf(form: Form): Problems {
  const parsed = createReviewSchema.safeParse({ ...form, expiresInDays: Number(form.expiresInDays) });
  if (parsed.success) return {};
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in EMPTY && !problems[field as keyof Form]) {
      problems[field as keyof Form] = issue.message;
    }
  }
  return problems;
}

function CreatedLink({ created, onDone }: { created: CreatedReview; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  // The form and its 'Create review link' button are gone once the link is made, and Radix then parks
  // the focus on the dialog itself, which shows no ring. The link takes it instead: selected, named
  // 'Review link' and described by its hint, ready to copy (docs/decisions.md, 'Focus after Create
  // review link').
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.reviewUrl);
      setCopied(true);
      notifySuccess(SEND_REVIEW_DIALOG.copied);
    } catch (error) {
      notifyError(error, SEND_REVIEW_DIALOG.failed);
    }
  };
  return (
    <div className="grid gap-4">
      <FormField
        label={SEND_REVIEW_DIALOG.linkLabel}
        htmlFor="review-link"
        hint={`${SEND_REVIEW_DIALOG.linkHint} ${SEND_REVIEW_DIALOG.expires(formatMoment(created.expiresAt))}.`}
      >
        <div className="flex gap-2">
          <Input
            ref={field}
            id="review-link"
            readOnly
            value={created.reviewUrl}
            className="font-mono text-xs md:text-xs"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="review-link"
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => void copy()}
            aria-label={SEND_REVIEW_DIALOG.copy}
          >
            {copied ? <Check /> : <Copy />}
            <span className="max-sm:sr-only">{SEND_REVIEW_DIALOG.copy}</span>
          </Button>
        </div>
      </FormField>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {SEND_REVIEW_DIALOG.done}
        </Button>
      </DialogFooter>
    </div>
  );
}

/**
 * 'Send for review' (issue 33 item 3): an optional reviewer, a message and an expiry make a link that
 * works without an account; the item is In review from then on. The link is shown once, to copy.
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

  const change = (field: keyof Form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
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
      const reply = await sendForReview(item, {
        reviewerName: form.reviewerName,
        reviewerEmail: form.reviewerEmail,
        message: form.message,
        expiresInDays: Number(form.expiresInDays),
      });
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
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField
                    label={SEND_REVIEW_DIALOG.nameLabel}
                    htmlFor="review-name"
                    error={problems.reviewerName}
                  >
                    <Input
                      id="review-name"
                      autoComplete="off"
                      value={form.reviewerName}
                      onChange={(event) => change('reviewerName')(event.target.value)}
                    />
                  </FormField>
                  <FormField
                    label={SEND_REVIEW_DIALOG.emailLabel}
                    htmlFor="review-email"
                    error={problems.reviewerEmail}
                  >
                    <Input
                      id="review-email"
                      type="email"
                      autoComplete="off"
                      value={form.reviewerEmail}
                      onChange={(event) => change('reviewerEmail')(event.target.value)}
                    />
                  </FormField>
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
