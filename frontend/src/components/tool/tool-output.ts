import { countWords, htmlToText } from '#shared/text';
import type { JobResult } from './job-state';

/**
 * A finished result in the one shape the result views, copy, download and save buttons work with,
 * whatever the tool's spec field names are (generatedHtml, rewrittenHtml, content, ...).
 */
export interface ToolOutput {
  readonly html: string;
  /** The Text view: the server's plain text when the tool gives one, else the HTML as text (000 §9). */
  readonly text: string;
  readonly wordCount: number;
  /** Tool-specific extras (the FAQ's JSON-LD, the client content's title). */
  readonly extras: Readonly<Record<string, string>>;
}

/** Who wrote a result and what happened to it: the engine's fields on every job result. */
export interface JobMeta {
  readonly provider: string | null;
  readonly model: string | null;
  /** Why the offline composer wrote it (e.g. no key for the provider); shown as a visible notice. */
  readonly notice: string | null;
  /** What the offline composer says about its draft (shorter than asked, rules it could not keep). */
  readonly notes: readonly string[];
  readonly savedContent: {
    readonly id: string;
    readonly clientId: string;
    readonly clientName: string;
  } | null;
}

const stringOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The first of `keys` that holds a non-blank string, or ''. */
export function resultString(result: JobResult, ...keys: string[]): string {
  for (const key of keys) {
    const value = stringOf(result[key]);
    if (value !== null && value.trim() !== '') return value;
  }
  return '';
}

export function readJobMeta(result: JobResult | null): JobMeta {
  if (!result) return { provider: null, model: null, notice: null, notes: [], savedContent: null };
  const saved = result.savedContent;
  let savedContent: JobMeta['savedContent'] = null;
  if (typeof saved === 'object' && saved !== null) {
    const record = saved as Record<string, unknown>;
    const [id, clientId, clientName] = [
      stringOf(record.id),
      stringOf(record.clientId),
      stringOf(record.clientName),
    ];
    if (id && clientId) savedContent = { id, clientId, clientName: clientName ?? '' };
  }
  const notes = Array.isArray(result.offlineNotes)
    ? result.offlineNotes.filter((note): note is string => typeof note === 'string' && note.trim() !== '')
    : [];
  // The notice ends with the notes (API clients read it whole); the screen lists them apart.
  const joined = notes.join(' ');
  const full = stringOf(result.notice)?.trim() ?? '';
  const notice = joined !== '' && full.endsWith(joined) ? full.slice(0, -joined.length).trim() : full;
  return {
    provider: stringOf(result.provider),
    model: stringOf(result.model),
    notice: notice !== '' ? notice : null,
    notes,
    savedContent,
  };
}

/** Builds the output from HTML and an optional plain text; null when there is nothing to show. */
export function toolOutput(html: string, text = '', extras: Record<string, string> = {}): ToolOutput | null {
  const plain = text.trim() !== '' ? text : htmlToText(html);
  if (html.trim() === '' || plain.trim() === '') return null;
  return { html, text: plain, wordCount: countWords(plain), extras };
}
