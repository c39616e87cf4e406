import type { CreateContentInput } from '#shared/content';
import { type SavableKind, savedContentType, savedTitle } from '#shared/saved-title';
import type { ToolOutput } from './tool-output';

/**
 * The body of a manual save to a client's library (POST /api/clients/{clientId}/content): the saved
 * type and the "type - date and time" title of 001 §9, the output's text and HTML, and the tool's
 * metadata (001 §3) with the word count the user saw.
 */
export function manualSaveBody(
  kind: SavableKind,
  output: ToolOutput,
  metadata: Record<string, unknown>,
  now: Date,
  timeZone: string = viewerTimeZone(),
): CreateContentInput {
  return {
    title: savedTitle(kind, { date: now, timeZone }),
    content: output.text,
    html_content: output.html,
    content_type: savedContentType(kind),
    metadata: { ...metadata, wordCount: output.wordCount },
  };
}

/** The viewer's IANA time zone: saved titles show the time the user saw on their own clock. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
