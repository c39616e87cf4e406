/**
 * The document a sandboxed preview frame shows. Stored HTML is usually a fragment (WordPress-ready
 * body content); it gets a minimal readable page around it. A full document is shown as it is.
 */

const BASE_STYLE = [
  'body{margin:0;padding:24px;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.6;color:#1f2937;background:#fff;word-wrap:break-word}',
  'img,video{max-width:100%;height:auto}',
  // Saved images are figures with their prompt as caption; the browser's 40px side margins waste a phone.
  'figure{margin:0 0 24px}figcaption{margin-top:8px;font-size:14px;color:#4b5563}',
  'table{border-collapse:collapse;max-width:100%}td,th{border:1px solid #e5e7eb;padding:4px 8px}',
  'pre{white-space:pre-wrap}',
].join('');

/** Text safe inside <title>: the frame's name may hold a client's name. */
const titleText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `title` names the frame's document for screen readers, with `lang`. */
export function previewDocument(html: string, title = 'Preview'): string {
  if (/^\s*(<!doctype\b|<html\b)/iu.test(html)) return html;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${titleText(title)}</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>${BASE_STYLE}</style></head><body>${html}</body></html>`;
}
