/** Dates on screen are the viewer's local time, in US English (000 §9). */
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** WordPress titles arrive HTML-escaped (`&#8217;`); shown as text, never as markup. */
export function decodeTitle(rendered: string): string {
  const text = new DOMParser().parseFromString(rendered, 'text/html').documentElement.textContent ?? '';
  return text.trim() === '' ? '(no title)' : text;
}
