import { cn } from '@/lib/utils';
import { previewDocument } from './preview-document';

/**
 * Stored HTML shown in a frame with every sandbox restriction on (`sandbox=""`): no scripts, no forms,
 * no popups, and an opaque origin, so nothing in it can reach the app or its session.
 */
export function HtmlFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={previewDocument(html, title)}
      className={cn('min-h-[400px] w-full rounded-md border bg-white', className)}
    />
  );
}
