import type { ContentType } from './content';
import { type SavableKind, TOOL_IDS, TOOL_SAVES } from './tools/catalog';

/**
 * How generated output is named and typed when it is saved to a client's library (001 §9): the title
 * is "type, optional platform, date and time", and the saved type follows the mapping below.
 */

export type { SavableKind };

/** What a saved kind is called in the title, and the type it is saved as (a tool's `saves`). */
export interface SavedKind {
  readonly label: string;
  readonly contentType: ContentType;
}

/* @__NO_SIDE_EFFECTS__ */
function savedKindsOfTools(): Readonly<Record<SavableKind, SavedKind>> {
  const kinds: Record<string, SavedKind> = {};
  for (const tool of TOOL_IDS) Object.assign(kinds, TOOL_SAVES[tool]);
  // Every tool's `saves` was merged in, so each SavableKind (the union of their keys) is present.
  return kinds as Record<SavableKind, SavedKind>;
}

/**
 * Every kind of output a tool can save, as the tool catalog describes it (shared/tools/catalog.ts, 001
 * §9). Multi-platform items use the same kinds.
 */
const SAVED_KINDS = /* @__PURE__ */ savedKindsOfTools();

export const SAVABLE_KINDS = /* @__PURE__ */ Object.keys(SAVED_KINDS) as SavableKind[];

/** The type a kind of output is saved as in the client's library. */
export function savedContentType(kind: SavableKind): ContentType {
  return SAVED_KINDS[kind].contentType;
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
  const parts = [SAVED_KINDS[kind].label];
  if (platform) parts.push(platform);
  parts.push(formatDisplayDate(options.date, options.timeZone ?? 'UTC'));
  return parts.join(' - ');
}
