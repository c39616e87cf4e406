import { sanitizeHtml } from '#functions/commons/sanitize-html';
import { ToolResultError } from '#functions/generation/tool-result-error';
import { htmlToText } from '#shared/text';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { escapeHtml } from './html';
import { extractHtml } from './model-output';
import { splitParagraphs } from './sentences';

/** Paragraphs of plain text as `<p>` elements. */
export function textToHtml(text: string): string {
  return splitParagraphs(text)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('\n');
}

/**
 * The HTML of a reply that should be HTML: chatter and code fences removed, a plain-text reply kept as
 * paragraphs rather than lost, and the result sanitized. Empty content is the spec's 'No content
 * generated'.
 */
export function htmlFromReply(raw: string): string {
  const html = sanitizeHtml(extractHtml(raw) ?? textToHtml(raw));
  if (htmlToText(html) === '') throw new ToolResultError('no_content', TOOL_MESSAGES.noContent);
  return html;
}
