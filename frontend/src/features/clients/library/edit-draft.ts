import type { ClientContent } from '#shared/content';
import type { ContentStatus } from '#shared/content-status';
import { htmlToText } from '#shared/text';
import { EDIT_APPROVAL } from '../messages';

/** The Edit dialog's words while they are edited (content-edit-dialog.tsx). */
export interface Draft {
  title: string;
  /** What the Text Content tab shows. */
  text: string;
  /** The HTML as loaded or as typed in the HTML Content tab: text edits are applied on top of it. */
  html: string;
  /** The text that `html` goes with: the changes since then are applied to it. */
  textBase: string;
  /** The user chose, in the Text Content tab, to rebuild the HTML from the text. */
  rebuild: boolean;
}

/** The text shown: the item's own, or, when it has none, its HTML's Text view (as Preview shows it). */
type Words = Pick<ClientContent, 'title' | 'content' | 'html_content'>;

export const initialText = (item: Words | null): string =>
  item?.content.trim() ? item.content : htmlToText(item?.html_content ?? '');

export const draftOf = (item: Words | null): Draft => {
  const text = initialText(item);
  return { title: item?.title ?? '', text, html: item?.html_content ?? '', textBase: text, rebuild: false };
};

/**
 * HTML typed in the HTML Content tab: it is the new base, and the text follows it
 * (the HTML's text, as its Text view reads), so a save stores a text that says what the HTML says. A
 * typed change that leaves the HTML's text as it was keeps the text as it was written.
 */
export function withTypedHtml(draft: Draft, html: string): Draft {
  const before = htmlToText(draft.html);
  const after = htmlToText(html);
  const text = after === before ? draft.text : after;
  return { ...draft, html, text, textBase: text, rebuild: false };
}

/**
 * What Save does to an item's approval, said before the save (docs/decisions.md,
 * 'Status'): new words are not the approved ones.
 */
export function approvalWarning(status: ContentStatus): string | null {
  if (status === 'approved') return EDIT_APPROVAL.approved;
  if (status === 'scheduled' || status === 'published') return EDIT_APPROVAL[status];
  return null;
}
