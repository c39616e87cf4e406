import { type FormEvent, useEffect, useState } from 'react';
import type { ClientContent } from '#shared/content';
import { reconcileContentEdit } from '#shared/content-edit';
import { formatDisplayDate } from '#shared/saved-title';
import { countWords, htmlToText } from '#shared/text';
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
import { EDIT_DIALOG, LIBRARY, LIBRARY_ERRORS, LIBRARY_TOASTS } from '../messages';
import { notifyError, notifySuccess } from '../notify';
import { useRetained } from '../use-retained';
import { viewerTimeZone } from '../viewer-time-zone';
import { updateContent } from './content-api';
import { savedImages } from './item-media';
import { SignedHtmlFrame } from './signed-html-frame';

interface Draft {
  title: string;
  content: string;
  html: string;
}

const draftOf = (item: ClientContent | null): Draft => ({
  title: item?.title ?? '',
  content: item?.content ?? '',
  html: item?.html_content ?? '',
});

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
 * a new `updated_at`.
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

  useEffect(() => {
    if (item) setDraft(draftOf(item));
  }, [item]);

  const words = countWords(draft.content.trim() === '' ? htmlToText(draft.html) : draft.content);
  // What Save will store: the same rule the server applies, so the preview shows the edit (issue 10 #1).
  const stored = reconcileContentEdit(
    { content: shown?.content ?? '', html_content: shown?.html_content ?? '' },
    { content: draft.content, html_content: draft.html },
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!item || saving || draft.title.trim() === '') return;
    setSaving(true);
    try {
      const saved = await updateContent(item, {
        title: draft.title.trim(),
        content: draft.content,
        html_content: draft.html,
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
          <form onSubmit={save} className="grid gap-4">
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
              <TabsList>
                <TabsTrigger value="text">{EDIT_DIALOG.textTab}</TabsTrigger>
                <TabsTrigger value="html">{EDIT_DIALOG.htmlTab}</TabsTrigger>
                <TabsTrigger value="preview">{EDIT_DIALOG.previewTab}</TabsTrigger>
              </TabsList>
              <TabsContent value="text">
                <Textarea
                  aria-label={EDIT_DIALOG.textTab}
                  className="min-h-[400px] resize-y"
                  value={draft.content}
                  onChange={(event) => setDraft({ ...draft, content: event.target.value })}
                />
              </TabsContent>
              <TabsContent value="html">
                {stored.htmlRebuilt && (
                  <p className="mb-2 text-muted-foreground text-xs" data-testid="html-rebuilt-note">
                    {EDIT_DIALOG.htmlRebuilt}
                  </p>
                )}
                <Textarea
                  aria-label={EDIT_DIALOG.htmlTab}
                  className="min-h-[400px] resize-y font-mono text-xs md:text-xs"
                  spellCheck={false}
                  value={draft.html}
                  onChange={(event) => setDraft({ ...draft, html: event.target.value })}
                />
              </TabsContent>
              <TabsContent value="preview">
                {stored.htmlRebuilt && (
                  <p className="mb-2 text-muted-foreground text-xs">{EDIT_DIALOG.previewFromText}</p>
                )}
                <SignedHtmlFrame
                  html={stored.html_content}
                  clientId={shown.client_id}
                  images={savedImages(shown.metadata)}
                  title={EDIT_DIALOG.previewTab}
                  className="h-[400px]"
                />
              </TabsContent>
            </Tabs>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {EDIT_DIALOG.cancel}
              </Button>
              {/* busy, not disabled, while saving: the keyboard focus stays on Save (issue 18). */}
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
