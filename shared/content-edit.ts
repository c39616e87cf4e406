/**
 * The library editor's one way of making HTML from plain text, used only when the user asks for it in
 * the Text Content tab (docs/decisions.md, "Editing library text never destroys the HTML"): never on its own,
 * since it drops headings, lists and links.
 */

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
