import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_REMINDER_LEAD_HOURS } from '#contract/review-reminder-interval';
import type { MailboxMessage } from '#local/mailbox';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import {
  type MarkReadReply,
  NOTIFICATION_EVENT,
  type NotificationPage,
  type NotificationSettings,
} from '#shared/notifications';
import type { CreatedReview } from '#shared/reviews';
import { collectEvents } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Notifications": a client's comment, request for changes or approval through a review
 * link notifies the item's owner and followers (in the app, live, and the decisions by e-mail), nobody else;
 * marking read touches only the caller's own; the reviewer is e-mailed the link, a note on a new version and
 * one reminder before the link expires (the schedule's clock injected as the event's time); e-mail off is
 * respected. Mail lands in the local runtime's dev mailbox through its SES stand-in.
 */

let app: TestRuntime;
let owner: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let client: Client;

const HOUR_MS = 3_600_000;
let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, colleague, stranger] = await Promise.all([app.createUser(), app.createUser(), app.createUser()]);
  client = (
    await app.request<Client>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Notified Bakery', website: 'https://notified-bakery.example' },
    })
  ).body;
  await app.request('POST', `/api/clients/${client.id}/access`, {
    token: owner.idToken,
    body: { email: colleague.email },
  });
  // Each user has opened the app once (the bell reads the list), which records their address.
  for (const user of [owner, colleague, stranger])
    await app.request('GET', '/api/notifications', { token: user.idToken });
});

afterAll(async () => {
  await app?.stop();
});

const itemPath = (item: ClientContent) => `/api/clients/${item.client_id}/content/${item.id}`;

async function save(title: string): Promise<ClientContent> {
  const response = await app.request<ClientContent>('POST', `/api/clients/${client.id}/content`, {
    token: owner.idToken,
    body: { title, content: 'Fresh bread', html_content: '<p>Fresh bread</p>', content_type: 'newsletter' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function sendForReview(
  item: ClientContent,
  reviewerEmail: string,
  expiresInDays = 7,
): Promise<CreatedReview> {
  const response = await app.request<CreatedReview>('POST', `${itemPath(item)}/reviews`, {
    token: owner.idToken,
    body: { reviewerName: 'Maria Client', reviewerEmail, expiresInDays },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const tokenOf = (review: CreatedReview) => new URL(review.reviewUrl).pathname.split('/').at(-1) ?? '';

function asReviewer(method: string, review: CreatedReview, suffix: string, body: unknown) {
  return app.request(method, `/api/reviews/${tokenOf(review)}${suffix}`, {
    body,
    headers: { 'x-forwarded-for': newAddress() },
  });
}

const list = (user: TestUser, query = '') =>
  app.request<NotificationPage>('GET', `/api/notifications${query}`, { token: user.idToken });

const mailTo = (address: string): MailboxMessage[] =>
  app.runtime.mailbox
    .list()
    .filter((message) => message.kind === 'notification' && message.to === address.toLowerCase());

/** Mail is sent before the reply, so it is in the mailbox by the time the request answered. */
function onlyMail(address: string, subject: RegExp): MailboxMessage {
  const found = mailTo(address).filter((message) => subject.test(message.subject));
  expect(found.map((message) => message.subject)).toHaveLength(1);
  return found[0] as MailboxMessage;
}

describe('notifications of a client’s review events', () => {
  it('a comment through the link notifies the owner and a follower, live, and nobody else', async () => {
    const item = await save('Winter menu');
    const review = await sendForReview(item, 'maria.winter@client.example');
    // The colleague follows the item by commenting on it; that comment notifies nobody.
    const staffComment = await app.request('POST', `${itemPath(item)}/comments`, {
      token: colleague.idToken,
      body: { text: 'Looks good to me' },
    });
    expect(staffComment.status).toBe(201);
    const before = await Promise.all(
      [owner, colleague, stranger].map(async (user) => (await list(user)).body),
    );
    const ownerEvents = await collectEvents(app, owner.idToken);
    const strangerEvents = await collectEvents(app, stranger.idToken);
    try {
      expect(
        (await asReviewer('POST', review, '/comments', { text: 'Can we add the rye loaf?' })).status,
      ).toBe(201);
      const pushed = await ownerEvents.waitFor((event) => event.type === NOTIFICATION_EVENT);
      expect(pushed).toMatchObject({
        notification: { kind: 'commented', contentId: item.id, clientId: client.id, read: false },
        unread: (before[0]?.unread ?? 0) + 1,
      });
      for (const [index, user] of [owner, colleague].entries()) {
        const page = (await list(user)).body;
        expect(page.unread).toBe((before[index]?.unread ?? 0) + 1);
        expect(page.items[0]).toMatchObject({
          kind: 'commented',
          title: 'Maria Client commented on “Winter menu”',
          clientId: client.id,
          contentId: item.id,
          read: false,
        });
      }
      const strangers = (await list(stranger)).body;
      expect(strangers.items).toHaveLength(before[2]?.items.length ?? 0);
      expect(strangerEvents.events.some((event) => event.type === NOTIFICATION_EVENT)).toBe(false);
      // A comment notifies in the app only: no e-mail to staff.
      expect(mailTo(owner.email)).toHaveLength(0);
    } finally {
      ownerEvents.close();
      strangerEvents.close();
    }
  });

  it('marking read changes only the caller’s own notifications', async () => {
    const item = await save('Easter hours');
    const review = await sendForReview(item, 'maria.easter@client.example');
    await asReviewer('POST', review, '/comments', { text: 'Open on Monday?' });
    const ownersPage = (await list(owner)).body;
    const ownerItem = ownersPage.items.find((entry) => entry.contentId === item.id);
    expect(ownerItem?.read).toBe(false);
    const id = ownerItem?.id ?? '';
    // The owner's id sent by someone else changes nothing of the owner's.
    const foreign = await app.request<MarkReadReply>('POST', '/api/notifications/read', {
      token: stranger.idToken,
      body: { ids: [id] },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.body.marked).toBe(0);
    expect((await list(owner)).body.unread).toBe(ownersPage.unread);
    const own = await app.request<MarkReadReply>('POST', '/api/notifications/read', {
      token: owner.idToken,
      body: { ids: [id, id] },
    });
    expect(own.body).toEqual({ marked: 1, unread: ownersPage.unread - 1 });
    const after = (await list(owner)).body;
    expect(after.items.find((entry) => entry.id === id)?.read).toBe(true);
    // Marking it again marks nothing.
    const again = await app.request<MarkReadReply>('POST', '/api/notifications/read', {
      token: owner.idToken,
      body: { ids: [id] },
    });
    expect(again.body.marked).toBe(0);
  });

  it('pages newest first with the app’s cursor', async () => {
    const first = (await list(owner, '?limit=1')).body;
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = (await list(owner, `?limit=1&cursor=${encodeURIComponent(first.next_cursor ?? '')}`)).body;
    expect(second.items).toHaveLength(1);
    expect((second.items[0]?.id ?? '') < (first.items[0]?.id ?? '')).toBe(true);
    expect((await list(owner, '?limit=0')).status).toBe(400);
    expect((await list(owner, '?cursor=nonsense')).status).toBe(400);
  });

  it('refuses callers without credentials and bad bodies, in the app’s words', async () => {
    expect((await app.request('GET', '/api/notifications')).status).toBe(401);
    expect((await app.request('POST', '/api/notifications/read', { body: { ids: [] } })).status).toBe(401);
    expect((await app.request('GET', '/api/notifications/settings')).status).toBe(401);
    expect(
      (await app.request('PUT', '/api/notifications/settings', { body: { emailNotifications: false } }))
        .status,
    ).toBe(401);
    const empty = await app.request('POST', '/api/notifications/read', {
      token: owner.idToken,
      body: { ids: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toContain('ids: name at least one notification');
    const badId = await app.request('POST', '/api/notifications/read', {
      token: owner.idToken,
      body: { ids: ['not-an-id'] },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error?.message).toContain('ids');
    const badSetting = await app.request('PUT', '/api/notifications/settings', {
      token: owner.idToken,
      body: { emailNotifications: 'no' },
    });
    expect(badSetting.status).toBe(400);
    expect(badSetting.body.error?.message).toContain('emailNotifications: must be true or false');
  });
});

describe('notification e-mail', () => {
  it('sends the reviewer the link, and staff the client’s decisions unless they turned e-mail off', async () => {
    const off = await app.request<NotificationSettings>('PUT', '/api/notifications/settings', {
      token: colleague.idToken,
      body: { emailNotifications: false },
    });
    expect(off.body).toEqual({ emailNotifications: false });
    expect(
      (
        await app.request<NotificationSettings>('GET', '/api/notifications/settings', {
          token: colleague.idToken,
        })
      ).body,
    ).toEqual({ emailNotifications: false });
    try {
      const item = await save('Summer cakes');
      const reviewer = 'maria.summer@client.example';
      const review = await sendForReview(item, reviewer);
      const link = onlyMail(reviewer, /^Please review “Summer cakes”$/);
      expect(link.text).toContain(review.reviewUrl);
      expect(link.text).toContain('Notified Bakery');
      await app.request('POST', `${itemPath(item)}/comments`, {
        token: colleague.idToken,
        body: { text: 'Follow' },
      });
      const colleagueBefore = (await list(colleague)).body.unread;
      const decided = await asReviewer('POST', review, '/decision', {
        decision: 'request_changes',
        versionId: review.review.versionId,
        comment: 'Less sugar, please',
      });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      const decision = onlyMail(owner.email, /^Maria Client requested changes to “Summer cakes”$/);
      expect(decision.text).toContain('Less sugar, please');
      // E-mail off: the colleague is told in the app, not by e-mail.
      expect(mailTo(colleague.email)).toHaveLength(0);
      expect((await list(colleague)).body.unread).toBe(colleagueBefore + 1);
      expect(mailTo(stranger.email)).toHaveLength(0);
    } finally {
      await app.request('PUT', '/api/notifications/settings', {
        token: colleague.idToken,
        body: { emailNotifications: true },
      });
    }
  });

  it('tells the reviewer a new version is ready when the editor updates the open review', async () => {
    const item = await save('Autumn loaves');
    const reviewer = 'maria.autumn@client.example';
    await sendForReview(item, reviewer);
    const edited = await app.request('PUT', itemPath(item), {
      token: owner.idToken,
      body: {
        title: item.title,
        content: 'Pumpkin bread',
        html_content: '<p>Pumpkin bread</p>',
        updateOpenReview: true,
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    onlyMail(reviewer, /^A new version of “Autumn loaves” is ready for review$/);
  });

  it('reminds the reviewer once before the link expires', async () => {
    const item = await save('Holiday boxes');
    const reviewer = 'maria.holiday@client.example';
    const review = await sendForReview(item, reviewer, 3);
    const expires = Date.parse(review.expiresAt);
    const remind = (at: number) =>
      app.runtime.functions.invoke('ReviewReminders', {
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        time: new Date(at).toISOString(),
        detail: {},
      });
    const reminders = () => mailTo(reviewer).filter((message) => message.subject.startsWith('Reminder:'));
    // Before the lead: nothing yet.
    await remind(expires - (REVIEW_REMINDER_LEAD_HOURS + 2) * HOUR_MS);
    expect(reminders()).toHaveLength(0);
    // Within it: one reminder, and a second run (or the schedule's next) sends no other.
    await remind(expires - (REVIEW_REMINDER_LEAD_HOURS - 2) * HOUR_MS);
    await remind(expires - (REVIEW_REMINDER_LEAD_HOURS - 3) * HOUR_MS);
    expect(reminders().map((message) => message.subject)).toEqual([
      'Reminder: your review of “Holiday boxes” closes soon',
    ]);
    // After expiry, nothing more.
    await remind(expires + HOUR_MS);
    expect(reminders()).toHaveLength(1);
  });
});
