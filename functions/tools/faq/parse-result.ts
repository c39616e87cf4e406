import { sanitizeHtml } from '#functions/commons/sanitize-html';
import { ToolResultError } from '#functions/generation/tool-result-error';
import { countWords, htmlToText } from '#shared/text';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { FAQ_MESSAGES, type FaqResult } from '#shared/tools/faq';
import { extractJsonObject, isRecord, stripCodeFences } from '../compose/model-output';
import { jsonLdText } from './schema';

/**
 * Reads an FAQ reply: a JSON object with "html" and "schema" (001 §5: both are required, otherwise
 * 'Invalid response format'). The schema may come as an object or as JSON text, possibly wrapped in
 * a <script> block or a code fence; it must parse to a JSON-LD object.
 */

function invalid(): ToolResultError {
  return new ToolResultError('invalid_response', FAQ_MESSAGES.invalidResponse);
}

function schemaOf(value: unknown): Record<string, unknown> | unknown[] | null {
  if (isRecord(value) || Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  const text = stripCodeFences(value.replace(/<\/?script[^>]*>/giu, ''));
  return extractJsonObject(text);
}

export function parseFaqResult(raw: string): FaqResult {
  const reply = extractJsonObject(raw);
  if (reply === null) throw invalid();
  const html =
    typeof reply.html === 'string'
      ? reply.html
      : isRecord(reply.html) && typeof reply.html.value === 'string'
        ? reply.html.value
        : null;
  const schema = schemaOf(reply.schema);
  if (html === null || html.trim() === '' || schema === null) throw invalid();
  const generatedHtml = sanitizeHtml(html);
  const text = htmlToText(generatedHtml);
  if (text === '') throw new ToolResultError('no_content', TOOL_MESSAGES.noContent);
  return { generatedHtml, generatedSchema: jsonLdText(schema), wordCount: countWords(text) };
}
