/** Dates of the key list, in the viewer's time zone and US English (000 §9). */

const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatKeyDate(iso: string | null, never = 'Never'): string {
  if (!iso) return never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? never : format.format(date);
}
