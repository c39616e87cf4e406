/**
 * Tolerant readers for model replies. Models wrap answers in code fences, add a sentence before the
 * JSON, or return HTML inside a JSON string; these helpers find the payload either way.
 */

const FENCE = /```[a-z0-9_-]*[^\S\n]*\n([\s\S]*?)\n?```/giu;

/** The content of the longest fenced code block, or the trimmed text when there is none. */
export function stripCodeFences(raw: string): string {
  let best: string | null = null;
  for (const match of raw.matchAll(FENCE)) {
    const inner = match[1] ?? '';
    if (best === null || inner.length > best.length) best = inner;
  }
  if (best !== null) return best.trim();
  // An unterminated fence (a reply cut short) still starts with one.
  return raw
    .trim()
    .replace(/^```[a-z0-9_-]*[^\S\n]*\n/iu, '')
    .replace(/\n?```$/u, '')
    .trim();
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The first JSON object in a reply (whole reply, fenced block, or outermost braces), or null. */
export function extractJsonObject(raw: string): Record<string, unknown> | null {
  for (const candidate of [raw.trim(), stripCodeFences(raw)]) {
    const parsed = tryParse(candidate);
    if (isRecord(parsed)) return parsed;
    const start = candidate.indexOf('{');
    const end = candidate.lastIndexOf('}');
    if (start !== -1 && end > start) {
      const inner = tryParse(candidate.slice(start, end + 1));
      if (isRecord(inner)) return inner;
    }
  }
  return null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TAG = /<(?:!doctype|[a-z][a-z0-9]*)\b[^>]*>/iu;

/**
 * The markup of a reply: code fences removed, and any chatter before the first tag or after the last
 * one dropped. Null when the reply has no HTML tag at all.
 */
export function extractHtml(raw: string): string | null {
  const text = stripCodeFences(raw);
  const start = text.search(TAG);
  if (start === -1) return null;
  const end = text.lastIndexOf('>');
  return text.slice(start, end + 1).trim();
}
