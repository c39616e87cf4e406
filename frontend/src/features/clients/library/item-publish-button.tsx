import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ClientContent } from '#shared/content';
import { htmlToText } from '#shared/text';
import { LazyPublishDialog, preloadPublishDialog } from '@/components/channels/lazy-publish-dialog';
import { PUBLISH_BUTTON } from '@/components/channels/messages';
import type { PublishPost } from '@/components/channels/publish-post';
import { Button } from '@/components/ui/button';
import { itemMediaPaths, savedImages } from './item-media';

/**
 * What a library item offers the publish dialog: its text (the plain copy, else its HTML's text) and
 * the first image it holds (in its HTML, else listed in `metadata.images`), which 'Attach image' offers.
 */
export function itemPost(item: Pick<ClientContent, 'content' | 'html_content' | 'metadata'>): PublishPost {
  const text = item.content.trim() === '' ? htmlToText(item.html_content) : item.content;
  const [image] = itemMediaPaths(item.html_content, savedImages(item.metadata));
  return { text, imageUrl: image ?? null };
}

/**
 * 'Publish' on an item's Preview: the publish dialog on that item. What it publishes goes into the
 * item's cached list of publications, which the section beside it shows.
 */
export function ItemPublishButton({ item }: { item: ClientContent }) {
  const [open, setOpen] = useState(false);
  useEffect(() => preloadPublishDialog(), []);
  return (
    <>
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
        {PUBLISH_BUTTON.label}
      </Button>
      <LazyPublishDialog
        open={open}
        onOpenChange={setOpen}
        clientId={item.client_id}
        contentId={item.id}
        post={itemPost(item)}
      />
    </>
  );
}
