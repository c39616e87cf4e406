/**
 * The library editor keeps a saved item's text and HTML in step (issue 10 #1): an edit to the text
 * rebuilds the HTML as paragraphs of that text, unless the HTML was edited in the same save, so an
 * edit never looks lost in Preview, the Text view or Download HTML. The server applies this rule on
 * every PUT (functions/content/update-content.ts) and the Edit dialog shows the same result before
 * Save, from this one function.
 */

export interface ContentBody {
  readonly content: string;
  readonly html_content: string;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (character) => ESCAPES[character] ?? character);
}

/** Blank lines separate paragraphs; a single line break inside one stays a line break. */
export function textToHtmlParagraphs(text: string): string {
  return text
    .replace(/\r\n?/gu, '\n')
    .split(/\n\s*\n/u)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('\n');
}

/** What a save stores, given the item before and the edit; `htmlRebuilt` says the HTML came from the text. */
export function reconcileContentEdit(
  before: ContentBody,
  edit: ContentBody,
): ContentBody & { readonly htmlRebuilt: boolean } {
  const textEdited = edit.content !== before.content;
  const htmlEdited = edit.html_content !== before.html_content;
  if (textEdited && !htmlEdited) {
    return { content: edit.content, html_content: textToHtmlParagraphs(edit.content), htmlRebuilt: true };
  }
  return { content: edit.content, html_content: edit.html_content, htmlRebuilt: false };
}
