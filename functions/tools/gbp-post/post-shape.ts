import { MONTH_NAMES, monthIndexOf } from '#functions/tools/compose/dates';
import { GBP_MAX_POST_CHARACTERS } from '#shared/tools/gbp-post';

/**
 * Facts a GBP post's shape needs from the brief: dates (event and offer posts carry them) and an offer's
 * coupon code or terms, which are written only when the brief gives them.
 */

const MONTH_DAY = new RegExp(
  `\\b(${MONTH_NAMES.join('|')}|${MONTH_NAMES.map((m) => m.slice(0, 3)).join('|')})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`,
  'giu',
);
const COUPON = /\b(?:code|coupon(?:\s+code)?|promo(?:\s+code)?)\s*[:-]?\s*([A-Z0-9][A-Z0-9-]{2,19})\b/u;
const TERMS = /\b(?:terms?|conditions?|restrictions?|valid|excludes?|limit)\b[^.!?\n]*[.!?]?/iu;

export interface DateSpan {
  readonly start: Date;
  readonly end: Date;
}

const DAY_MS = 86_400_000;

/** Month-day dates the brief names, in the year that puts them on or after `now`. */
export function datesIn(text: string, now: Date): Date[] {
  const dates: Date[] = [];
  for (const match of text.matchAll(MONTH_DAY)) {
    const month = monthIndexOf(match[1] ?? '');
    const day = Number(match[2]);
    if (month < 0 || day < 1 || day > 31) continue;
    let date = new Date(Date.UTC(now.getUTCFullYear(), month, day));
    if (date.getTime() < now.getTime() - DAY_MS)
      date = new Date(Date.UTC(now.getUTCFullYear() + 1, month, day));
    dates.push(date);
  }
  return dates;
}

/**
 * The post's dates: the brief's (first to last), else a span starting on the Saturday after the job was
 * made (one day for an event, two weeks for an offer).
 */
export function dateSpanFor(text: string, now: Date, kind: 'event' | 'offer'): DateSpan {
  const named = datesIn(text, now).sort((a, b) => a.getTime() - b.getTime());
  const first = named[0];
  const last = named.at(-1);
  if (first && last) return { start: first, end: last };
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const toSaturday = (6 - start.getUTCDay() + 7) % 7 || 7;
  const begin = new Date(start.getTime() + toSaturday * DAY_MS);
  return { start: begin, end: new Date(begin.getTime() + (kind === 'event' ? 0 : 13) * DAY_MS) };
}

export function formatDay(date: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

export function formatSpan(span: DateSpan): string {
  return span.start.getTime() === span.end.getTime()
    ? formatDay(span.start)
    : `${formatDay(span.start)} - ${formatDay(span.end)}`;
}

export function couponIn(text: string): string | null {
  return COUPON.exec(text)?.[1] ?? null;
}

export function termsIn(text: string): string | null {
  const match = TERMS.exec(text)?.[0]?.trim();
  if (!match) return null;
  const sentence = match.charAt(0).toUpperCase() + match.slice(1);
  return /[.!?]$/u.test(sentence) ? sentence : `${sentence}.`;
}

/** Google's limit: whole trailing lines, then sentences, then words are dropped until the post fits. */
export function fitGbpPost(text: string): string {
  let current = text.trim();
  while (Array.from(current).length > GBP_MAX_POST_CHARACTERS) {
    const paragraph = current.lastIndexOf('\n');
    const sentence = Math.max(
      current.lastIndexOf('. '),
      current.lastIndexOf('! '),
      current.lastIndexOf('? '),
    );
    const word = current.lastIndexOf(' ');
    const cut = sentence > GBP_MAX_POST_CHARACTERS / 2 ? sentence + 1 : paragraph > 0 ? paragraph : word;
    current = (
      cut > 0 ? current.slice(0, cut) : Array.from(current).slice(0, GBP_MAX_POST_CHARACTERS).join('')
    ).trim();
  }
  return current;
}
