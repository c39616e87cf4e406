import type { ContentType } from './content';

/**
 * How generated output is named and typed when it is saved to a client's library (001 §9): the title
 * is "type, optional platform, date and time", and the saved type follows the mapping below.
 */

/** Every kind of output a tool can save. Multi-platform items use the same kinds. */
export const SAVABLE_KINDS = [
  'newsletter',
  'press-release',
  'blog-rewrite',
  'faq',
  'howto',
  'client-content',
  'social',
  'gbp-post',
  'multi-platform',
  'image',
] as const;

export type SavableKind = (typeof SAVABLE_KINDS)[number];

/** The type word of the saved title. */
export const SAVED_TITLE_LABELS: Readonly<Record<SavableKind, string>> = {
  newsletter: 'Newsletter',
  'press-release': 'Press Release',
  'blog-rewrite': 'Blog Rewrite',
  faq: 'FAQ',
  howto: 'How To Guide',
  'client-content': 'Client Content',
  social: 'Social Content',
  'gbp-post': 'GBP Post',
  'multi-platform': 'Multi-Platform Content',
  image: 'Images',
};

/**
 * Saved type mapping (001 §9): blog rewrite saves as 'blog'; press release, newsletter and FAQ / how-to
 * keep their own types; everything else saves as 'client_content', generated images included (issue 11:
 * they are `client_content` items carrying the §3 image metadata).
 */
export function savedContentType(kind: SavableKind): ContentType {
  switch (kind) {
    case 'blog-rewrite':
      return 'blog';
    case 'press-release':
      return 'press_release';
    case 'newsletter':
      return 'newsletter';
    case 'faq':
      return 'faq';
    case 'howto':
      return 'howto';
    default:
      return 'client_content';
  }
}

/** A time zone name `Intl` accepts (e.g. 'America/Chicago'); requests may carry the viewer's own. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Dates in US English, short month, day, year, hour and minute (000 §9): "Nov 21, 2026, 9:30 AM".
 * UTC unless a zone is given. Newer ICU puts a narrow no-break space before AM/PM; it becomes a plain
 * space so titles compare and download the same on every runtime.
 */
export function formatDisplayDate(date: Date, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: isValidTimeZone(timeZone) ? timeZone : 'UTC',
  })
    .format(date)
    .replace(/[\u202f\u00a0]/gu, ' ');
}

export interface SavedTitleOptions {
  readonly platform?: string | null;
  readonly date: Date;
  readonly timeZone?: string | null;
}

/** "Newsletter - Nov 21, 2026, 9:30 AM", "Social Content - Facebook - Nov 21, 2026, 9:30 AM". */
export function savedTitle(kind: SavableKind, options: SavedTitleOptions): string {
  const platform = options.platform?.trim();
  const parts = [SAVED_TITLE_LABELS[kind]];
  if (platform) parts.push(platform);
  parts.push(formatDisplayDate(options.date, options.timeZone ?? 'UTC'));
  return parts.join(' - ');
}
