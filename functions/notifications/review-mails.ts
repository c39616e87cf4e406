import type { Mail } from './mail-sender';

/**
 * The review loop's e-mails (docs/decisions.md, "Notifications"), as text: the reviewer gets the link, a
 * reminder before it expires and a note when a new version is ready; staff get the client's decisions. The
 * link's token is never stored (only its hash), so only the first e-mail carries the link; the later ones
 * send the reviewer back to it, since one link follows the item's versions.
 */

/** `3 December 2026, 14:05 UTC`: the mails are read anywhere, so the zone is named. */
export function mailMoment(iso: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(date);
  return `${day}, ${time} UTC`;
}

/** A line of user text kept on one line and within reason in a subject. */
const oneLine = (text: string, max = 120) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export interface ReviewMailItem {
  readonly title: string;
  readonly clientName: string;
}

export function reviewLinkMail(input: {
  readonly to: string;
  readonly item: ReviewMailItem;
  readonly sender: string;
  readonly reviewUrl: string;
  readonly expiresAt: string;
  readonly message?: string | undefined;
}): Mail {
  const title = oneLine(input.item.title);
  return {
    to: input.to,
    subject: `Please review “${title}”`,
    text: [
      `${input.sender} asks you to review “${title}” for ${oneLine(input.item.clientName)}.`,
      ...(input.message ? ['', input.message] : []),
      '',
      `Open the review: ${input.reviewUrl}`,
      '',
      `You can read it, comment, approve it or request changes without an account. The link works until ${mailMoment(input.expiresAt)}; it shows each new version of the item.`,
    ].join('\n'),
  };
}

export function reviewReminderMail(input: {
  readonly to: string;
  readonly item: ReviewMailItem;
  readonly expiresAt: string;
}): Mail {
  const title = oneLine(input.item.title);
  return {
    to: input.to,
    subject: `Reminder: your review of “${title}” closes soon`,
    text: [
      `The review link for “${title}” (${oneLine(input.item.clientName)}) expires on ${mailMoment(input.expiresAt)}.`,
      '',
      'Open the link from the e-mail that asked for your review to comment, approve or request changes before then.',
    ].join('\n'),
  };
}

export function newVersionMail(input: { readonly to: string; readonly item: ReviewMailItem }): Mail {
  const title = oneLine(input.item.title);
  return {
    to: input.to,
    subject: `A new version of “${title}” is ready for review`,
    text: [
      `A new version of “${title}” (${oneLine(input.item.clientName)}) is ready.`,
      '',
      'Open the review link you received before: it now shows the new version, for you to approve or request changes.',
    ].join('\n'),
  };
}

export function decisionMail(input: {
  readonly to: string;
  readonly item: ReviewMailItem;
  readonly reviewer: string;
  readonly decision: 'approved' | 'changes_requested';
  readonly comment: string;
}): Mail {
  const title = oneLine(input.item.title);
  const what = input.decision === 'approved' ? 'approved' : 'requested changes to';
  return {
    to: input.to,
    subject: `${oneLine(input.reviewer, 60)} ${what} “${title}”`,
    text: [
      `${input.reviewer} ${what} “${title}” (${oneLine(input.item.clientName)}).`,
      ...(input.comment ? ['', `“${input.comment}”`] : []),
      '',
      'The comment and the decision are in the item’s review panel in LBM Studio.',
      '',
      'You get this e-mail because you own or follow the item. Turn these e-mails off in the app’s notifications list (the bell at the top of every page).',
    ].join('\n'),
  };
}
