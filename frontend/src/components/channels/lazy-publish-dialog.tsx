import { Suspense, useEffect, useState } from 'react';
import { preloadable } from '@/lib/preloadable';
import { preloadableComponent } from '@/lib/preloadable-component';
import type { PublishDialogProps } from './publish-post';

/**
 * The publish dialog's code stays out of the screens that offer Publish until it is wanted: its rules
 * bring twitter-text, and its chunk is about 40 KB gzip (docs/architecture.md, "Budgets"). The button
 * preloads it once a result is shown (`preloadPublishDialog`); the first opening imports it at the latest.
 */
const publishDialog = preloadable(() => import('./publish-dialog'));
const PublishDialogLoaded = preloadableComponent(publishDialog, (module) => module.PublishDialog);

/** Starts loading the dialog's code ahead of its first opening; a failed load is tried again on use. */
export function preloadPublishDialog(): void {
  void publishDialog.load().catch(() => undefined);
}

/**
 * PublishDialog, loaded on first opening and mounted from then on (so it closes with its animation).
 * Same props as PublishDialog (components/channels/publish-post.ts).
 */
export function LazyPublishDialog(props: PublishDialogProps) {
  const [used, setUsed] = useState(props.open);
  useEffect(() => {
    if (props.open) setUsed(true);
  }, [props.open]);
  if (!used && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <PublishDialogLoaded {...props} />
    </Suspense>
  );
}
