import { type FormEvent, useEffect, useMemo, useState } from 'react';
import type { ClientContent } from '#shared/content';
import { textToHtmlParagraphs } from '#shared/content-edit';
import { formatDisplayDate } from '#shared/saved-title';
import { countWords } from '#shared/text';
import { CheckField } from '@/components/tool/check-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { EDIT_DIALOG, EDIT_REVIEW, LIBRARY, LIBRARY_ERRORS, LIBRARY_TOASTS } from '../messages';
import { notifyError, notifySuccess } from '../notify';
import { useRetained } from '../use-retained';
import { viewerTimeZone } from '../viewer-time-zone';
import { updateContent } from './content-api';
import { approvalWarning, type Draft, draftOf, initialText, withTypedHtml } from './edit-draft';
import { savedImages } from './item-media';
import { SignedHtmlFrame } from './signed-html-frame';
import { applyTextEditToHtml, type TextEditResult } from './text-edit-html';

/** The three tab names fit a 360 px phone in a smaller type. */
const TAB = 'px-1.5 text-xs sm:px-2 sm:text-sm';

const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** The HTML Save stores: the text's changes applied to the HTML, or the text as paragraphs if chosen. */
function htmlOf(draft: Draft): TextEditResult {
  if (draft.rebuild) return { html: textToHtmlParagraphs(draft.text), unplaced: [] };
  return applyTextEditToHtml(draft.html, draft.textBase, draft.text, parseHtml);
}

function Timestamps({ item }: { item: ClientContent }) {
  const zone = viewerTimeZone();
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-muted-foreground text-xs">
      <div className="flex gap-1">
        <dt>{EDIT_DIALOG.created}:</dt>
        <dd>{formatDisplayDate(new Date(item.created_at), zone)}</dd>
      </div>
      <div className="flex gap-1">
        <dt>{EDIT_DIALOG.lastModified}:</dt>
        <dd>{formatDisplayDate(new Date(item.updated_at), zone)}</dd>
      </div>
    </dl>
  );
}

/**
 * The library's Edit dialog (000 §2, §5): title, Text Content / HTML Content / Live Preview tabs, a word
 * count and the timestamps. Save is disabled while the title is blank or a save runs; the server sets
 * a new `updated_at`. An edit of the text is applied to the HTML where its lines are,
 * so headings, lists, links and images stay; the HTML is rebuilt from the text only when the user asks
 * for it in the Text Content tab, where a change that has no place in the HTML is reported.
 */
export function ContentEditDialog({
  item,
  onClose,
  onSaved,
}: {
  item: ClientContent | null;
  onClose: () => void;
  onSaved: (item: ClientContent) => void;
}) {
  const shown = useRetained(item);
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [saving, setSaving] = useState(false);
  const [keepReview, setKeepReview] = useState(false);

  useEffect(() => {
    if (item) {
      setDraft(draftOf(item));
      setKeepReview(false);
    }
  }, [item]);
  const underReview = item?.status === 'in_review' || item?.status === 'changes_requested';
  const approval = shown ? approvalWarning(shown.status) : null;

  const words = countWords(draft.text);
  const edited = useMemo(() => htmlOf(draft), [draft]);
  const askRebuild = draft.rebuild || edited.unplaced.length > 0;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!item || saving || draft.title.trim() === '') return;
    setSaving(true);
    try {
      const saved = await updateContent(item, {
        title: draft.title.trim(),
        // A text shown in place of a blank one is stored only when the user changed it.
        content: draft.text === initialText(item) ? item.content : draft.text,
        html_content: edited.html,
        ...(underReview ? { updateOpenReview: keepReview } : {}),
      });
      onSaved(saved);
      notifySuccess(LIBRARY_TOASTS.updated);
      onClose();
    } catch (error) {
      notifyError(error, LIBRARY_ERRORS.update);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-4xl">
        {shown && (
          <form onSubmit={save} className="grid grid-cols-1 gap-4">
            <DialogHeader>
              <DialogTitle>{EDIT_DIALOG.title}</DialogTitle>
              <DialogDescription>{EDIT_DIALOG.description}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="edit-content-title">{EDIT_DIALOG.titleLabel}</Label>
              <Input
                id="edit-content-title"
                value={draft.title}
                onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Timestamps item={shown} />
                <span className="text-muted-foreground text-xs" data-testid="edit-word-count">
                  {LIBRARY.words(words)}
                </span>
              </div>
            </div>
            <Tabs defaultValue="text">
              <TabsList className="w-full sm:w-fit">
                <TabsTrigger value="text" className={TAB}>
                  {EDIT_DIALOG.textTab}
                </TabsTrigger>
                <TabsTrigger value="html" className={TAB}>
                  {EDIT_DIALOG.htmlTab}
                </TabsTrigger>
                <TabsTrigger value="preview" className={TAB}>
                  {EDIT_DIALOG.previewTab}
                </TabsTrigger>
              </TabsList>
              <TabsContent value="text">
                {askRebuild && (
                  <div
                    className="mb-2 grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
                    data-testid="text-edit-unplaced"
                  >
                    <p>{draft.rebuild ? EDIT_DIALOG.rebuildChosen : EDIT_DIALOG.textUnplaced}</p>
                    <CheckField
                      id="edit-rebuild-html"
                      label={EDIT_DIALOG.rebuildHtml}
                      checked={draft.rebuild}
                      onChange={(rebuild) => setDraft({ ...draft, rebuild })}
                    />
                  </div>
                )}
                <Textarea
                  aria-label={EDIT_DIALOG.textTab}
                  className="min-h-[400px] resize-y"
                  value={draft.text}
                  onChange={(event) => setDraft({ ...draft, text: event.target.value })}
                />
              </TabsContent>
              <TabsContent value="html">
                {draft.rebuild && (
                  <p className="mb-2 text-muted-foreground text-xs" data-testid="html-rebuilt-note">
                    {EDIT_DIALOG.htmlRebuilt}
                  </p>
                )}
                <Textarea
                  aria-label={EDIT_DIALOG.htmlTab}
                  className="min-h-[400px] resize-y font-mono text-xs md:text-xs"
                  spellCheck={false}
                  value={edited.html}
                  onChange={(event) =>
                    // Typed HTML is the new base, and the text follows it; the text's later changes
                    // apply on top of it.
                    setDraft(withTypedHtml(draft, event.target.value))
                  }
                />
              </TabsContent>
              <TabsContent value="preview">
                <SignedHtmlFrame
                  html={edited.html}
                  clientId={shown.client_id}
                  images={savedImages(shown.metadata)}
                  title={EDIT_DIALOG.previewTab}
                  className="h-[400px]"
                />
              </TabsContent>
            </Tabs>
            {approval && (
              <p
                className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
                role="note"
                data-testid="edit-approval-warning"
              >
                {approval}
              </p>
            )}
            {underReview && (
              <div
                className="grid gap-2 rounded-md border bg-muted/30 p-3 text-sm"
                data-testid="edit-review-choice"
              >
                <p>{EDIT_REVIEW.note}</p>
                <CheckField
                  id="edit-keep-review"
                  label={EDIT_REVIEW.keep}
                  checked={keepReview}
                  onChange={setKeepReview}
                />
              </div>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {EDIT_DIALOG.cancel}
              </Button>
              {/* busy, not disabled, while saving: the keyboard focus stays on Save. */}
              <Button type="submit" disabled={draft.title.trim() === ''} busy={saving}>
                {saving && <Spinner />}
                {EDIT_DIALOG.save}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
