import { sanitizeHtml } from '#functions/commons/sanitize-html';
import { ToolResultError } from '#functions/generation/tool-result-error';
import { countWords, htmlToText } from '#shared/text';
import type { BlogRewriteResult } from '#shared/tools/blog-rewrite';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { extractHtml, extractJsonObject, isRecord } from '../compose/model-output';
import { textToHtml } from '../compose/reply-html';

/**
 * Reads a rewrite reply tolerantly (001 §7): the asked-for {"text", "html"} object; the same object
 * nested as a JSON string inside "text" or "content"; "html" given as an object with a "value"; or no
 * JSON at all, in which case the markup is extracted from the text (code fences included).
 */

const MAX_NESTING = 3;

interface Parts {
  text: string | null;
  html: string | null;
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.value === 'string') return value.value;
  return null;
}

function partsOf(raw: string, depth = 0): Parts {
  const object = extractJsonObject(raw);
  if (object === null) {
    return { text: null, html: extractHtml(raw) ?? (raw.trim() === '' ? null : textToHtml(raw)) };
  }
  const text = stringOf(object.text) ?? stringOf(object.content) ?? stringOf(object.rewrittenContent);
  const html = stringOf(object.html) ?? stringOf(object.rewrittenHtml);
  // A model sometimes serialises its whole answer again inside the text field.
  if (text !== null && html === null && depth < MAX_NESTING && text.trim().startsWith('{')) {
    const inner = partsOf(text, depth + 1);
    if (inner.html !== null) return inner;
  }
  if (html !== null) return { text, html };
  return { text, html: text === null ? null : (extractHtml(text) ?? textToHtml(text)) };
}

export function parseBlogRewriteResult(raw: string): BlogRewriteResult {
  const parts = partsOf(raw);
  const rewrittenHtml = sanitizeHtml(parts.html ?? '');
  // The text view comes from the model's own text when it gave one, else from the sanitized markup.
  const fromText = parts.text !== null && !/<[a-z][^>]*>/iu.test(parts.text) ? parts.text.trim() : '';
  const rewrittenContent = fromText !== '' ? fromText : htmlToText(rewrittenHtml);
  if (rewrittenContent === '' || htmlToText(rewrittenHtml) === '') {
    throw new ToolResultError('no_content', TOOL_MESSAGES.noContent);
  }
  return { rewrittenContent, rewrittenHtml, wordCount: countWords(rewrittenContent) };
}
