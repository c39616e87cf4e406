/**
 * The Schedule status's date and time (beyond the spec): a `datetime-local` value is the viewer's own
 * clock; it is sent as ISO 8601 with the viewer's offset, so the server knows the exact moment.
 */

const pad = (value: number) => String(value).padStart(2, '0');

function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Tomorrow at 9:00 in the viewer's time zone. */
export function defaultScheduleValue(now = new Date()): string {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return localInputValue(tomorrow);
}

/** A stored UTC moment, as the viewer's `datetime-local` value. */
export function scheduleInputValue(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? defaultScheduleValue() : localInputValue(date);
}

/** `2026-05-01T10:30` (viewer's clock) → `2026-05-01T10:30:00+02:00`; null when it is not a date. */
export function scheduleIso(value: string): string | null {
  const date = new Date(value);
  if (value === '' || Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const hours = pad(Math.floor(Math.abs(offset) / 60));
  const minutes = pad(Math.abs(offset) % 60);
  return `${localInputValue(date)}:00${sign}${hours}:${minutes}`;
}
