import { describe, expect, it } from 'vitest';
import { REVIEW_REMINDER_LEAD_HOURS } from '#contract/review-reminder-interval';
import type { ReviewRecord } from '#functions/reviews/review-store';
import { decisionMail, mailMoment, reviewLinkMail, reviewReminderMail } from './review-mails';
import { needsReminder } from './scheduled-reminders';

const HOUR_MS = 3_600_000;
const item = { title: 'Spring\n  news', clientName: 'Harbor Bakery' };

describe('the review e-mails', () => {
  it('name the moment in UTC, the zone written out', () => {
    expect(mailMoment('2026-12-03T14:05:00.000Z')).toBe('3 December 2026, 14:05 UTC');
  });

  it('carry the link in the first e-mail only, titles kept on one line', () => {
    const link = reviewLinkMail({
      to: 'maria@client.example',
      item,
      sender: 'dana@agency.example',
      reviewUrl: 'https://app.example/review/abc',
      expiresAt: '2026-12-10T09:00:00.000Z',
      message: 'Please check',
    });
    expect(link.subject).toBe('Please review “Spring news”');
    expect(link.text).toContain('Open the review: https://app.example/review/abc');
    expect(link.text).toContain('until 10 December 2026, 09:00 UTC');
    expect(link.text).toContain('Please check');
    const reminder = reviewReminderMail({
      to: 'maria@client.example',
      item,
      expiresAt: '2026-12-10T09:00:00.000Z',
    });
    expect(reminder.text).not.toContain('https://');
    expect(reminder.subject).toBe('Reminder: your review of “Spring news” closes soon');
  });

  it('tell staff who decided what, with the comment', () => {
    const mail = decisionMail({
      to: 'dana@agency.example',
      item,
      reviewer: 'Maria Client',
      decision: 'changes_requested',
      comment: 'Less sugar',
    });
    expect(mail.subject).toBe('Maria Client requested changes to “Spring news”');
    expect(mail.text).toContain('“Less sugar”');
  });
});

describe('which links are reminded', () => {
  const now = new Date('2026-12-05T12:00:00.000Z');
  const review = (overrides: Partial<ReviewRecord>): ReviewRecord => ({
    clientId: 'c',
    contentId: 'i',
    reviewId: 'r',
    tokenHash: 'h',
    reviewerEmail: 'maria@client.example',
    versionId: 'v',
    createdBy: 'u',
    createdByEmail: 'dana@agency.example',
    createdAt: new Date(now.getTime() - 6 * 24 * HOUR_MS).toISOString(),
    validUntil: new Date(now.getTime() + (REVIEW_REMINDER_LEAD_HOURS - 1) * HOUR_MS).toISOString(),
    ...overrides,
  });

  it('an open, undecided link sent to an address, within the lead of its expiry', () => {
    expect(needsReminder(review({}), now)).toBe(true);
  });

  it('not one outside the lead, expired, revoked, decided, without an address, or shorter than the lead', () => {
    const at = (hours: number) => new Date(now.getTime() + hours * HOUR_MS).toISOString();
    expect(needsReminder(review({ validUntil: at(REVIEW_REMINDER_LEAD_HOURS + 1) }), now)).toBe(false);
    expect(needsReminder(review({ validUntil: at(-1) }), now)).toBe(false);
    expect(needsReminder(review({ revokedAt: at(-2) }), now)).toBe(false);
    expect(needsReminder(review({ decision: 'approved' }), now)).toBe(false);
    expect(needsReminder(review({ reviewerEmail: undefined }), now)).toBe(false);
    // A link that lived no longer than the lead: its first e-mail already said when it ends.
    expect(needsReminder(review({ createdAt: at(-0.5) }), now)).toBe(false);
  });
});
