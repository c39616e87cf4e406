import { cn } from '@/lib/utils';

/**
 * Generated HTML rendered in a sandboxed frame (docs/architecture.md, "Security"). `sandbox=""` grants nothing: no scripts,
 * no same-origin access, no forms, no popups, no top navigation. The server sanitizes the HTML as well;
 * this keeps even a partial, not yet sanitized streaming reply harmless.
 */

const FRAME_STYLE =
  'body{margin:0;padding:16px;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:#1a1a1a;background:#fff;word-wrap:break-word}img{max-width:100%;height:auto}table{max-width:100%}';

/** Text safe inside <title>: the frame's name comes from the app, but may hold a client's name. */
const titleText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A full document around a fragment, so the preview has a charset, a viewport and readable defaults,
 * and the `lang` and `<title>` a screen reader needs inside the frame.
 */
export function frameDocument(html: string, title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${titleText(title)}</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>${FRAME_STYLE}</style></head><body>${html}</body></html>`;
}

export function HtmlFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={frameDocument(html, title)}
      className={cn('h-[600px] min-h-[400px] w-full rounded-md border bg-white', className)}
    />
  );
}
