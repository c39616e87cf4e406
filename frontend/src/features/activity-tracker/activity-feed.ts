import { type Activity, type ActivityTone, actionLook } from '#shared/activity';
import { formatDisplayDate } from '#shared/saved-title';
import { clipText } from '#shared/text';

/** The feed's pure logic: merging loaded and live rows, and how a row reads on screen. */

/** Newest first by creation time; the id (a ULID or job id) breaks ties so the order is stable. */
function newestFirst(a: Activity, b: Activity): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/**
 * The feed after `incoming` rows arrive (a live push, a reload or an older page): each id once, the
 * incoming version winning, newest first. Nothing drops off: the rows 'Load more' brought stay (issue
 * 41), and the next older page starts after the last row the server sent, not after what is shown.
 */
export function mergeActivities(current: readonly Activity[], incoming: readonly Activity[]): Activity[] {
  const byId = new Map<string, Activity>();
  for (const activity of [...incoming, ...current]) {
    if (!byId.has(activity.id)) byId.set(activity.id, activity);
  }
  return [...byId.values()].sort(newestFirst);
}

const ACRONYMS: Readonly<Record<string, string>> = {
  api: 'API',
  faq: 'FAQ',
  gbp: 'GBP',
  html: 'HTML',
  url: 'URL',
  wordpress: 'WordPress',
};

/** 'press_release_generation' reads 'Press Release Generation', 'gbp_post_generation' 'GBP Post Generation'. */
export function readableName(name: string): string {
  return name
    .split(/[_\s-]+/u)
    .filter((word) => word !== '')
    .map((word) => ACRONYMS[word.toLowerCase()] ?? `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');
}

export type ActionTone = ActivityTone;

/** An action's badge text: its listed label (shared/activity.ts), else its own name made readable. */
export function actionLabel(action: string): string {
  return actionLook(action)?.label ?? readableName(action);
}

/** Badge colour by kind of action, so the feed can be scanned: generating, saving, sharing, removing. */
export function actionTone(action: string): ActionTone {
  const listed = actionLook(action)?.tone;
  if (listed) return listed;
  if (/_(deleted|removed)$/u.test(action)) return 'orange';
  if (action.startsWith('access_')) return 'purple';
  if (/_(save|saved|updated|restored|created)$/u.test(action)) return 'green';
  if (/(_generation|_rewrite|_analysis|_import)$/u.test(action)) return 'blue';
  return 'secondary';
}

/** The row's time in the app's US English format, in the viewer's own time zone. */
export function activityTime(activity: Activity, timeZone: string): string {
  const date = new Date(activity.created_at);
  return Number.isNaN(date.getTime()) ? activity.created_at : formatDisplayDate(date, timeZone);
}

const VALUE_PREVIEW = 60;

function previewValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const flat = text.replace(/\s+/gu, ' ').trim();
  return clipText(flat, VALUE_PREVIEW);
}

/** One line for the collapsed details: 'topic: Spring tips · model: gpt-4o', empty values left out. */
export function detailsSummary(details: Readonly<Record<string, unknown>>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${previewValue(value)}`)
    .join(' · ');
}
