import type { ClientContent } from '#shared/content';
import { formatDisplayDate } from '#shared/saved-title';
import { htmlToText } from '#shared/text';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PREVIEW_DIALOG } from '../messages';
import { useRetained } from '../use-retained';
import { viewerTimeZone } from '../viewer-time-zone';
import { ContentTypeBadge } from './content-type-badge';
import { GenerationDetails } from './generation-details';
import { savedImages } from './item-media';
import { ItemPublications } from './item-publications';
import { ItemPublishButton } from './item-publish-button';
import { SignedHtmlFrame } from './signed-html-frame';

const PANEL = 'h-[55vh] min-h-[400px] w-full overflow-auto rounded-md border bg-muted/20 p-4';

function PreviewTabs({ item }: { item: ClientContent }) {
  const html = item.html_content;
  const text = html.trim() === '' ? item.content : htmlToText(html);
  const images = savedImages(item.metadata);
  return (
    <Tabs defaultValue="preview">
      <TabsList>
        <TabsTrigger value="preview">{PREVIEW_DIALOG.previewTab}</TabsTrigger>
        <TabsTrigger value="html">{PREVIEW_DIALOG.htmlTab}</TabsTrigger>
        <TabsTrigger value="text">{PREVIEW_DIALOG.textTab}</TabsTrigger>
      </TabsList>
      <TabsContent value="preview">
        <SignedHtmlFrame
          html={html === '' && images.length === 0 ? `<p>${PREVIEW_DIALOG.noHtml}</p>` : html}
          clientId={item.client_id}
          images={images}
          title={PREVIEW_DIALOG.frameTitle}
          className="h-[55vh]"
        />
      </TabsContent>
      <TabsContent value="html">
        <pre
          className={`${PANEL} whitespace-pre-wrap break-all font-mono text-xs`}
          data-testid="preview-html"
        >
          {html === '' ? PREVIEW_DIALOG.noHtml : html}
        </pre>
      </TabsContent>
      <TabsContent value="text">
        <pre
          className={`${PANEL} whitespace-pre-wrap break-words font-sans text-sm`}
          data-testid="preview-text"
        >
          {text.trim() === '' ? PREVIEW_DIALOG.noText : text}
        </pre>
      </TabsContent>
    </Tabs>
  );
}

/**
 * The library's Preview dialog (000 §2): Preview, HTML and Text tabs, the item's posts to the publishing
 * channels with its Publish, then 'Generation Details'.
 */
export function ContentPreviewDialog({ item, onClose }: { item: ClientContent | null; onClose: () => void }) {
  const shown = useRetained(item);
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-4xl">
        {shown && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 leading-snug">{shown.title}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <ContentTypeBadge type={shown.content_type} />
                <span>{formatDisplayDate(new Date(shown.created_at), viewerTimeZone())}</span>
              </DialogDescription>
            </DialogHeader>
            <PreviewTabs key={shown.id} item={shown} />
            <ItemPublications
              key={`publications-${shown.id}`}
              item={shown}
              publishAction={<ItemPublishButton item={shown} />}
            />
            <GenerationDetails metadata={shown.metadata} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
