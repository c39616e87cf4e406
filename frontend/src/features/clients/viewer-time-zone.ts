/** The viewer's IANA time zone: dates on screen are the viewer's local time (000 §9 US English format). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
