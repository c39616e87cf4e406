import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Publication } from '#shared/channels';
import { useActionDisabled } from '@/components/tool/result-actions-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { LazyPublishDialog, preloadPublishDialog } from './lazy-publish-dialog';
import { CHANNEL_ERRORS, PUBLISH_BUTTON } from './messages';
import type { PublishPost } from './publish-post';

/**
 * 'Publish' on a tool's result: publications belong to a library item, so a result not saved yet is
 * saved to the chosen client first (`save`), then the publish dialog opens on that item. Inside a
 * result card it is disabled until the result is finished, like Copy and Save.
 */
export function PublishButton({
  clientId,
  contentId,
  save,
  post,
  label = PUBLISH_BUTTON.label,
  disabled,
  onPublished,
}: {
  /** The client the result goes to (the settings' choice); null: the button says to choose one. */
  clientId: string | null;
  /** The result's library item for that client, once saved. */
  contentId: string | null;
  /** Saves the result to the client's library, answering the new item's id; null when it failed (and said so). */
  save: (clientId: string) => Promise<string | null>;
  /** What the dialog starts from; null without a result. */
  post: PublishPost | null;
  label?: string;
  disabled?: boolean;
  onPublished?: (publication: Publication) => void;
}) {
  const off = useActionDisabled(disabled || post === null);
  const [saving, setSaving] = useState(false);
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<{ clientId: string; contentId: string } | null>(null);
  useEffect(() => {
    if (!off) preloadPublishDialog();
  }, [off]);

  const start = async () => {
    if (saving || !post) return;
    if (!clientId) {
      void toast({
        title: CHANNEL_ERRORS.title,
        description: PUBLISH_BUTTON.noClient,
        variant: 'destructive',
      });
      return;
    }
    let id = contentId;
    if (id === null) {
      setSaving(true);
      try {
        id = await save(clientId);
      } finally {
        setSaving(false);
      }
    }
    if (id === null) return;
    setTarget({ clientId, contentId: id });
    setOpen(true);
  };

  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={off}
        busy={saving}
        onClick={() => void start()}
      >
        {saving ? <Spinner /> : <Send aria-hidden="true" />}
        {saving ? PUBLISH_BUTTON.saving : label}
      </Button>
      {target && post && (
        <LazyPublishDialog
          open={open}
          onOpenChange={setOpen}
          clientId={target.clientId}
          contentId={target.contentId}
          post={post}
          {...(onPublished ? { onPublished } : {})}
        />
      )}
    </>
  );
}
