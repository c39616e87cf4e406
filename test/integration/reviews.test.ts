import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import { partitionKey, sortKey } from '#functions/data/item-keys';
import { reviewTokenHash } from '#functions/reviews/review-token';
import type { Activity } from '#shared/activity';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import type { ContentVersionPage } from '#shared/content-versions';
import {
  AGENCY_AUTHOR_FALLBACK,
  type CreatedReview,
  type PublicReview,
  REVIEW_EVENT,
  type ReviewComment,
  type ReviewPanel,
} from '#shared/reviews';
import { collectEvents } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Versions, review and approval, and the content calendar": review links as capability
 * URLs, answered to anonymous callers; comments and decisions through the link and from the app, live to the
 * owner and grantees and in the Activity Tracker; revoked and expired links; nothing else of the client
 * reachable.
 */

let app: TestRuntime;
let owner: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let admin: TestUser;
let client: Client;
let otherClient: Client;

/** Each test's public calls come from an address of its own, so the per-address budget is its own. */
let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, colleague, stranger, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  const newClient = async (name: string) =>
    (
      await app.request<Client>('POST', '/api/clients', {
        token: owner.idToken,
        body: {
          name,
          website: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
          owner: 'Dana Secret',
        },
      })
    ).body;
  client = await newClient('Review Bakery');
  otherClient = await newClient('Hidden Dental');
  await app.request('POST', `/api/clients/${client.id}/access`, {
    token: owner.idToken,
    body: { email: colleague.email },
  });
});

afterAll(async () => {
  await app?.stop();
});

const itemPath = (item: Pick<ClientContent, 'id' | 'client_id'>) =>
  `/api/clients/${item.client_id}/content/${item.id}`;

async function save(title: string, text: string, target: Client = client): Promise<ClientContent> {
  const response = await app.request<ClientContent>('POST', `/api/clients/${target.id}/content`, {
    token: owner.idToken,
    body: { title, content: text, html_content: `<p>${text}</p>`, content_type: 'newsletter' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function sendForReview(
  item: ClientContent,
  body: Record<string, unknown> = {},
): Promise<CreatedReview> {
  const response = await app.request<CreatedReview>('POST', `${itemPath(item)}/reviews`, {
    token: owner.idToken,
    body: {
      reviewerName: 'Maria Client',
      reviewerEmail: 'maria@client.example',
      message: 'Please check',
      ...body,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const tokenOf = (review: CreatedReview) => new URL(review.reviewUrl).pathname.split('/').at(-1) ?? '';

/** An anonymous call to a public review route: no credentials at all. */
function anonymous<T>(method: string, token: string, suffix = '', body?: unknown, address = newAddress()) {
  return app.request<T>(method, `/api/reviews/${token}${suffix}`, {
    body,
    headers: { 'x-forwarded-for': address },
  });
}

async function edit(item: ClientContent, text: string, updateOpenReview?: boolean): Promise<ClientContent> {
  const response = await app.request<ClientContent>('PUT', itemPath(item), {
    token: owner.idToken,
    body: {
      title: item.title,
      content: text,
      html_content: `<p>${text}</p>`,
      ...(updateOpenReview === undefined ? {} : { updateOpenReview }),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function activities(): Promise<Activity[]> {
  return (await app.request<{ activities: Activity[] }>('GET', '/api/activities', { token: admin.idToken }))
    .body.activities;
}

const DAY_MS = 86_400_000;

describe('a review link, as an anonymous caller', () => {
  it('reads the item, comments, requests changes, sees the revision and approves, each live and recorded', async () => {
    const ownerEvents = await collectEvents(app, owner.idToken);
    const colleagueEvents = await collectEvents(app, colleague.idToken);
    const strangerEvents = await collectEvents(app, stranger.idToken);
    try {
      const item = await save('Spring newsletter', 'Fresh bread every morning');
      const created = await sendForReview(item);
      const token = tokenOf(created);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(created.reviewUrl).toBe(`${app.url}/review/${token}`);
      expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(13.9 * DAY_MS);
      expect(Date.parse(created.expiresAt) - Date.now()).toBeLessThanOrEqual(14 * DAY_MS);
      expect(created.content.status).toBe('in_review');
      expect(JSON.stringify(created.review)).not.toContain(token);

      const read = await anonymous<PublicReview>('GET', token);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        clientName: 'Review Bakery',
        title: 'Spring newsletter',
        html: '<p>Fresh bread every morning</p>',
        status: 'in_review',
        comments: [],
        expiresAt: created.expiresAt,
        reviewerName: 'Maria Client',
        message: 'Please check',
        canDecide: true,
      });
      // Nothing else of the client or the agency: no profile fields, no ids of the agency's people.
      const text = JSON.stringify(read.body);
      for (const secret of ['Dana Secret', 'review-bakery.example', owner.email, owner.userId, client.id]) {
        expect(text).not.toContain(secret);
      }

      const comment = await anonymous<ReviewComment>('POST', token, '/comments', {
        text: 'Could we mention the croissants?',
        quote: 'Fresh bread',
      });
      expect(comment.status).toBe(201);
      expect(comment.body).toMatchObject({
        kind: 'comment',
        quote: 'Fresh bread',
        author: { kind: 'reviewer', name: 'Maria Client' },
      });
      await ownerEvents.waitFor(
        (event) => event.type === REVIEW_EVENT && (event as { change?: string }).change === 'commented',
      );
      await colleagueEvents.waitFor(
        (event) => event.type === REVIEW_EVENT && (event as { change?: string }).change === 'commented',
      );

      const missingComment = await anonymous<{ error: { message: string } }>('POST', token, '/decision', {
        decision: 'request_changes',
        versionId: read.body.versionId,
      });
      expect(missingComment.status).toBe(400);
      expect(missingComment.body.error.message).toContain('a comment is required to request changes');

      const changes = await anonymous<{ status: string }>('POST', token, '/decision', {
        decision: 'request_changes',
        versionId: read.body.versionId,
        comment: 'Add the croissants, please.',
      });
      expect(changes.status).toBe(200);
      expect(changes.body.status).toBe('changes_requested');

      // The editor revises and keeps the open review: the reviewer sees the new words and decides again.
      const revised = await edit(
        { ...item, status: 'changes_requested' },
        'Fresh bread and croissants every morning',
        true,
      );
      expect(revised.status).toBe('in_review');
      const reread = await anonymous<PublicReview>('GET', token);
      expect(reread.body).toMatchObject({
        html: '<p>Fresh bread and croissants every morning</p>',
        versionId: revised.versionId,
        status: 'in_review',
        canDecide: true,
      });
      expect(reread.body.comments.map((entry) => entry.kind)).toEqual(['comment', 'decision']);

      const approved = await anonymous<{ status: string }>('POST', token, '/decision', {
        decision: 'approve',
        versionId: reread.body.versionId,
      });
      expect(approved.body.status).toBe('approved');
      const after = await app.request<ClientContent>('GET', itemPath(item), { token: owner.idToken });
      expect(after.body).toMatchObject({ status: 'approved', approvedVersionId: revised.versionId });
      await ownerEvents.waitFor(
        (event) => event.type === REVIEW_EVENT && (event as { change?: string }).change === 'approved',
      );

      const recorded = (await activities()).filter((activity) => activity.resource_id === item.id);
      expect(recorded.map((activity) => activity.action).sort()).toEqual([
        'client_content_save',
        'review_approved',
        'review_changes_requested',
        'review_commented',
        'review_requested',
      ]);
      expect(recorded.find((activity) => activity.action === 'review_approved')).toMatchObject({
        user_email: 'maria@client.example',
        details: {
          client_name: 'Review Bakery',
          reviewer_name: 'Maria Client',
          version_id: revised.versionId,
        },
      });
      // Someone without access to the client hears nothing of it.
      expect(strangerEvents.events.some((event) => event.type === REVIEW_EVENT)).toBe(false);
    } finally {
      ownerEvents.close();
      colleagueEvents.close();
      strangerEvents.close();
    }
  });

  it('a new version without keeping the review takes the item back to Draft and closes decisions', async () => {
    const item = await save('Summer hours', 'Open until eight');
    const token = tokenOf(await sendForReview(item));
    const edited = await edit({ ...item, status: 'in_review' }, 'Open until nine');
    expect(edited.status).toBe('draft');
    const read = await anonymous<PublicReview>('GET', token);
    expect(read.body).toMatchObject({ status: 'draft', canDecide: false, html: '<p>Open until eight</p>' });
    const refused = await anonymous<{ error: { code: string } }>('POST', token, '/decision', {
      decision: 'approve',
      versionId: edited.versionId,
    });
    expect(refused.status).toBe(409);
  });

  it('answers one and the same 404 for an unknown, a revoked and an expired link', async () => {
    const item = await save('Holiday menu', 'Pies and tarts');
    const revokedReview = await sendForReview(item);
    const expiring = await sendForReview(item, { expiresInDays: 1 });
    const revoke = await app.request<ClientContent>(
      'DELETE',
      `${itemPath(item)}/reviews/${revokedReview.reviewId}`,
      { token: colleague.idToken },
    );
    expect(revoke.status).toBe(200);
    // Another link is still open: the item stays in review.
    expect(revoke.body.status).toBe('in_review');

    // dynalite has no clock to move: the link's expiry is moved into the past instead.
    await dynamoDocumentClient().send(
      new UpdateCommand({
        TableName: requireEnv('tableName'),
        Key: {
          pk: `$lbm#clientid_${client.id.toLowerCase()}`,
          sk: `$review_1#contentid_${item.id.toLowerCase()}#reviewid_${expiring.reviewId.toLowerCase()}`,
        },
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );

    const unknownToken = 'A'.repeat(43);
    const answers = await Promise.all(
      [unknownToken, tokenOf(revokedReview), tokenOf(expiring), 'short', '..%2F..%2Fapi%2Fclients'].map(
        (token) => anonymous<unknown>('GET', token),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(answers[0]?.body);
    }
    for (const suffix of ['/comments', '/decision']) {
      const refused = await anonymous('POST', tokenOf(revokedReview), suffix, {
        text: 'hi',
        decision: 'approve',
        versionId: revokedReview.review.versionId,
      });
      expect(refused.status).toBe(404);
    }

    // The last open link expired and the other was revoked; revoking the expired one ends the review.
    const last = await app.request<ClientContent>(
      'DELETE',
      `${itemPath(item)}/reviews/${expiring.reviewId}`,
      {
        token: owner.idToken,
      },
    );
    expect(last.body.status).toBe('draft');
  });

  it('refuses an expiry past 60 days, and a malformed e-mail', async () => {
    const item = await save('Limits', 'Short');
    for (const body of [
      { expiresInDays: 61 },
      { expiresInDays: 0 },
      { expiresInDays: 1.5 },
      { reviewerEmail: 'nope' },
    ]) {
      const response = await app.request('POST', `${itemPath(item)}/reviews`, { token: owner.idToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const longest = await sendForReview(item, { expiresInDays: 60 });
    expect(Math.round((Date.parse(longest.expiresAt) - Date.now()) / DAY_MS)).toBe(60);
  });

  it('stores only the token hash, and a link reaches nothing but its own item', async () => {
    const mine = await save('Mine', 'Ours only');
    const elsewhere = await save('Elsewhere', 'Other client words', otherClient);
    const mineReview = await sendForReview(mine, { reviewerName: 'First reviewer' });
    const secondReview = await sendForReview(mine, { reviewerName: 'Second reviewer' });
    await sendForReview(elsewhere);
    const token = tokenOf(mineReview);
    await anonymous('POST', tokenOf(secondReview), '/comments', { text: 'Only for the second link' });

    const read = await anonymous<PublicReview>('GET', token);
    expect(read.body.title).toBe('Mine');
    // The item's reviewers share one thread; the other client's stays with it.
    expect(read.body.comments.map((comment) => comment.text)).toEqual(['Only for the second link']);
    expect(JSON.stringify(read.body)).not.toContain('Other client words');

    // Nothing of the path can steer the lookup elsewhere.
    for (const path of [
      `/api/reviews/${token}/../../clients/${otherClient.id}`,
      `/api/reviews/${token}%2F..%2F${otherClient.id}`,
    ]) {
      const response = await app.request(path.includes('%2F') ? 'GET' : 'GET', path, {});
      expect([401, 404]).toContain(response.status);
    }

    // The table holds the hash and never the token.
    const panel = await app.request<ReviewPanel>('GET', `${itemPath(mine)}/reviews`, {
      token: owner.idToken,
    });
    expect(JSON.stringify(panel.body)).not.toContain(token);
    const { findReviewByTokenHash } = await import('#functions/reviews/review-store');
    const stored = await findReviewByTokenHash(reviewTokenHash(token));
    expect(stored?.tokenHash).toBe(reviewTokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('counts requests per token and per address (429 with Retry-After)', async () => {
    const item = await save('Busy link', 'Many reads');
    const token = tokenOf(await sendForReview(item));
    // Per token: 60 a minute, from many addresses. Sent in one burst, so one minute window holds them
    // unless the burst straddles a window's edge: then the count restarts and the limit shows later.
    let limited: Awaited<ReturnType<typeof anonymous>> | undefined;
    for (let n = 0; n < 130 && !limited; n++) {
      const response = await anonymous('GET', token);
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(200);
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);

    // Per address: 120 a minute, whatever the tokens.
    const address = newAddress();
    let addressLimited = false;
    for (let n = 0; n < 250 && !addressLimited; n++) {
      const response = await anonymous('GET', `B${String(n).padStart(42, '0')}`, '', undefined, address);
      if (response.status === 429) addressLimited = true;
      else expect(response.status).toBe(404);
    }
    expect(addressLimited).toBe(true);
  });
});

describe('what the client sees', () => {
  it('shows no staff e-mail address or internal id, and carries the agency’s name and logo', async () => {
    const item = await save('Winter menu', 'Soup of the day');
    const created = await sendForReview(item);
    const token = tokenOf(created);
    const staffNote = await app.request<ReviewComment>('POST', `${itemPath(item)}/comments`, {
      token: colleague.idToken,
      body: { text: 'We can add the soup list' },
    });
    expect(staffNote.status).toBe(201);
    const own = await anonymous<Record<string, unknown>>('POST', token, '/comments', { text: 'Add prices?' });
    expect(own.status).toBe(201);
    const shown = await anonymous<PublicReview>('GET', token);
    const decided = await anonymous<Record<string, unknown>>('POST', token, '/decision', {
      decision: 'request_changes',
      versionId: shown.body.versionId,
      comment: 'Prices please',
    });
    expect(decided.status).toBe(200);

    const read = await anonymous<PublicReview>('GET', token);
    expect(read.status).toBe(200);
    // The one id the page gets is the version's, which a decision names.
    expect(read.body.versionId).toBe(created.review.versionId);
    const everything = JSON.stringify([read.body, own.body, decided.body]);
    for (const secret of [
      owner.email,
      colleague.email,
      owner.userId,
      colleague.userId,
      created.reviewId,
      client.id,
      staffNote.body.commentId,
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(read.body.comments.map((comment) => comment.author)).toEqual([
      { kind: 'staff', name: AGENCY_AUTHOR_FALLBACK },
      { kind: 'reviewer', name: 'Maria Client' },
      { kind: 'reviewer', name: 'Maria Client' },
    ]);
    expect(read.body.comments[0]).not.toHaveProperty('commentId');
    expect(read.body.comments[0]).not.toHaveProperty('reviewId');
    expect(read.body.agency).toEqual({ name: null, logoUrl: null });

    // The admin's branding reaches the page, and names the agency's comments; never who set it.
    const branded = await app.request('PUT', '/api/settings', {
      token: admin.idToken,
      body: { timeZone: 'UTC', agencyName: 'Harbor Marketing', logoUrl: 'https://agency.example/logo.png' },
    });
    expect(branded.status, JSON.stringify(branded.body)).toBe(200);
    const reread = await anonymous<PublicReview>('GET', token);
    expect(reread.body.agency).toEqual({
      name: 'Harbor Marketing',
      logoUrl: 'https://agency.example/logo.png',
    });
    expect(reread.body.comments[0]?.author).toEqual({ kind: 'staff', name: 'Harbor Marketing' });
    expect(JSON.stringify(reread.body)).not.toContain(admin.email);
    await app.request('PUT', '/api/settings', {
      token: admin.idToken,
      body: { timeZone: 'UTC', agencyName: '', logoUrl: '' },
    });
  });

  it('keeps a comment’s anchor in the text, and refuses one that does not fit its quote', async () => {
    const item = await save('Autumn menu', 'Pumpkin soup and apple pie');
    const token = tokenOf(await sendForReview(item));
    const anchor = { quote: 'apple pie', prefix: 'Pumpkin soup and ', suffix: '', start: 17, end: 26 };
    const posted = await anonymous<Record<string, unknown>>('POST', token, '/comments', {
      text: 'Say which apples',
      quote: 'apple pie',
      anchor,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.anchor).toEqual(anchor);
    const read = await anonymous<PublicReview>('GET', token);
    expect(read.body.comments[0]?.anchor).toEqual(anchor);
    const panel = await app.request<ReviewPanel>('GET', `${itemPath(item)}/reviews`, {
      token: owner.idToken,
    });
    expect(panel.body.comments[0]?.anchor).toEqual(anchor);
    const plain = await anonymous<Record<string, unknown>>('POST', token, '/comments', { text: 'No quote' });
    expect(plain.body.anchor).toBeNull();

    const bad = await anonymous<{ error: { message: string } }>('POST', token, '/comments', {
      text: 'Off by one',
      quote: 'apple pie',
      anchor: { ...anchor, end: 27 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('end - start must be the length of the quote');
  });

  it('a link whose item was later published shows the current version', async () => {
    const item = await save('Spring hours', 'Open at nine');
    const created = await sendForReview(item);
    const token = tokenOf(created);
    await anonymous('POST', token, '/decision', { decision: 'approve' });
    // What publishing does to the words: WordPress's version becomes the item's, and it is Published.
    const edited = await edit({ ...item, status: 'approved' }, 'Open at nine, every day');
    await dynamoDocumentClient().send(
      new UpdateCommand({
        TableName: requireEnv('tableName'),
        Key: {
          pk: partitionKey([['clientId', client.id]]),
          sk: sortKey('content', [['contentId', item.id]]),
        },
        UpdateExpression: 'SET #status = :published',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':published': 'published' },
      }),
    );
    const read = await anonymous<PublicReview>('GET', token);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('published');
    expect(read.body.html).toBe('<p>Open at nine, every day</p>');
    expect(read.body.versionId).toBe(edited.versionId);
    expect(read.body.canDecide).toBe(false);
  });
});

describe('reviewing from the app', () => {
  it('lets a colleague comment and decide; the comment reaches the open link', async () => {
    const item = await save('Fall flyer', 'Pumpkin bread is back');
    const created = await sendForReview(item);
    const comment = await app.request<ReviewComment>('POST', `${itemPath(item)}/comments`, {
      token: colleague.idToken,
      body: { text: 'Looks good to me', quote: 'Pumpkin' },
    });
    expect(comment.status).toBe(201);
    // On the item's thread, not a link's: every reviewer sees it.
    expect(comment.body).toMatchObject({ reviewId: null, author: { kind: 'staff', name: colleague.email } });
    const seen = await anonymous<PublicReview>('GET', tokenOf(created));
    expect(seen.body.comments.map((entry) => entry.text)).toEqual(['Looks good to me']);

    // A colleague's approval is their own (the internal step), never recorded on the reviewer's link.
    const decided = await app.request<{ content: ClientContent }>('POST', `${itemPath(item)}/decision`, {
      token: colleague.idToken,
      body: { decision: 'approve', versionId: created.review.versionId },
    });
    expect(decided.status).toBe(200);
    expect(decided.body.content.status).toBe('approved');
    const panel = await app.request<ReviewPanel>('GET', `${itemPath(item)}/reviews`, {
      token: admin.idToken,
    });
    expect(panel.body.reviews[0]).toMatchObject({
      reviewId: created.reviewId,
      decision: null,
      state: 'open',
    });
    expect(panel.body.comments.map((entry) => entry.kind)).toEqual(['comment', 'decision']);
    // The reviewer's request for changes stands over the colleague's approval (the last does not win).
    const changes = await anonymous<{ status: string }>('POST', tokenOf(created), '/decision', {
      decision: 'request_changes',
      versionId: created.review.versionId,
      comment: 'Not yet',
    });
    expect(changes.body.status).toBe('changes_requested');

    // A draft is not waiting for a decision.
    const draft = await save('Not sent', 'Still a draft');
    const refused = await app.request('POST', `${itemPath(draft)}/decision`, {
      token: owner.idToken,
      body: { decision: 'approve', versionId: draft.versionId ?? draft.id },
    });
    expect(refused.status).toBe(409);
  });

  it('sending an item saved before versions records its words first', async () => {
    const item = await save('Versioned on send', 'Words');
    const created = await sendForReview(item);
    expect(created.review.versionId).toBe(item.id);
    const versions = await app.request<ContentVersionPage>('GET', `${itemPath(item)}/versions`, {
      token: owner.idToken,
    });
    expect(versions.body.items.map((version) => version.versionId)).toEqual([item.id]);
  });

  it('deleting an item takes its review links with it, and Undo brings them back', async () => {
    const item = await save('Deleted with links', 'Bye');
    const created = await sendForReview(item);
    await anonymous('POST', tokenOf(created), '/comments', { text: 'Before the delete' });
    expect((await app.request('DELETE', itemPath(item), { token: owner.idToken })).status).toBe(204);
    expect((await anonymous('GET', tokenOf(created))).status).toBe(404);
    expect((await app.request('POST', `${itemPath(item)}/restore`, { token: owner.idToken })).status).toBe(
      200,
    );
    const back = await anonymous<PublicReview>('GET', tokenOf(created));
    expect(back.status).toBe(200);
    expect(back.body.comments.map((entry) => entry.text)).toEqual(['Before the delete']);
  });
});

describe('a decision is about the version its maker saw', () => {
  type Refusal = { error: { code: string; message: string } };

  it('refuses a reviewer’s decision on a version the open review has moved past, then takes one on the current', async () => {
    const item = await save('Price list', 'Loaves from three euros');
    const created = await sendForReview(item);
    const token = tokenOf(created);
    const opened = await anonymous<PublicReview>('GET', token);
    expect(opened.body.versionId).toBe(created.review.versionId);

    // The editor changes the words and keeps the open review while the page is still open.
    const revised = await edit({ ...item, status: 'in_review' }, 'Loaves from two euros, today only', true);
    expect(revised.versionId).not.toBe(opened.body.versionId);

    const stale = await anonymous<Refusal>('POST', token, '/decision', {
      decision: 'approve',
      versionId: opened.body.versionId,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({
      code: 'stale_version',
      message:
        'This content has changed since you opened it, so your decision was not recorded. The current version is shown now: please read it and decide again.',
    });
    // Nothing was recorded: the item still waits, and the link now answers the current version.
    const reread = await anonymous<PublicReview>('GET', token);
    expect(reread.body).toMatchObject({ versionId: revised.versionId, status: 'in_review', canDecide: true });
    expect(reread.body.comments).toEqual([]);

    const missing = await anonymous<Refusal>('POST', token, '/decision', { decision: 'approve' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('The version you are deciding on is missing');

    const approved = await anonymous<{ status: string; comment: ReviewComment }>('POST', token, '/decision', {
      decision: 'approve',
      versionId: reread.body.versionId,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.comment.versionId).toBe(revised.versionId);
    const after = await app.request<ClientContent>('GET', itemPath(item), { token: owner.idToken });
    expect(after.body).toMatchObject({ status: 'approved', approvedVersionId: revised.versionId });
  });

  it('refuses a colleague’s decision from the panel on a version that is no longer the item’s', async () => {
    const item = await save('Opening hours', 'Open from seven');
    const created = await sendForReview(item);
    const seen = created.content.versionId;
    const revised = await edit({ ...item, status: 'in_review' }, 'Open from six', true);
    const stale = await app.request<Refusal>('POST', `${itemPath(item)}/decision`, {
      token: colleague.idToken,
      body: { decision: 'request_changes', versionId: seen, comment: 'Say seven' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale_version');
    const panel = await app.request<ReviewPanel>('GET', `${itemPath(item)}/reviews`, {
      token: owner.idToken,
    });
    expect(panel.body.comments).toEqual([]);
    const current = await app.request<{ content: ClientContent }>('POST', `${itemPath(item)}/decision`, {
      token: colleague.idToken,
      body: { decision: 'request_changes', versionId: revised.versionId, comment: 'Say six is early' },
    });
    expect(current.status).toBe(200);
    expect(current.body.content.status).toBe('changes_requested');
  });

  it('keeps one link per reviewer across revisions, and the panel names the version of each comment and decision', async () => {
    const item = await save('Menu card', 'Soup of the day');
    const created = await sendForReview(item);
    const token = tokenOf(created);
    const first = created.review.versionId;
    await anonymous('POST', token, '/decision', {
      decision: 'request_changes',
      versionId: first,
      comment: 'Name the soup',
    });
    const revised = await edit({ ...item, status: 'changes_requested' }, 'Tomato soup of the day', true);
    const shown = await anonymous<PublicReview>('GET', token);
    expect(shown.body).toMatchObject({ versionId: revised.versionId, html: '<p>Tomato soup of the day</p>' });
    await anonymous('POST', token, '/comments', { text: 'Better' });

    const panel = await app.request<ReviewPanel>('GET', `${itemPath(item)}/reviews`, {
      token: owner.idToken,
    });
    // The same link, now on the new version: no link was made for the revision.
    expect(panel.body.reviews.map((review) => [review.reviewId, review.versionId])).toEqual([
      [created.reviewId, revised.versionId],
    ]);
    expect(panel.body.comments.map((comment) => [comment.kind, comment.versionId])).toEqual([
      ['decision', first],
      ['comment', revised.versionId],
    ]);
    const versions = await app.request<ContentVersionPage>('GET', `${itemPath(item)}/versions`, {
      token: owner.idToken,
    });
    const madeAt = new Map(versions.body.items.map((version) => [version.versionId, version.createdAt]));
    expect(panel.body.versions).toEqual([
      { versionId: first, createdAt: madeAt.get(first), current: false },
      { versionId: revised.versionId, createdAt: madeAt.get(revised.versionId ?? ''), current: true },
    ]);
  });

  it('answers the page’s poll with 304 while nothing changed, and the new state once something did', async () => {
    const item = await save('Poll me', 'First words');
    const created = await sendForReview(item);
    const token = tokenOf(created);
    const address = newAddress();
    const poll = (etag: string) =>
      app.request<PublicReview>('GET', `/api/reviews/${token}`, {
        headers: { 'x-forwarded-for': address, 'if-none-match': etag },
      });
    const first = await anonymous<PublicReview>('GET', token, '', undefined, address);
    expect(first.body.text).toBe('First words');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const unchanged = await poll(etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);

    // Another reviewer's comment, then a new version: each makes the next poll a full answer.
    await app.request('POST', `${itemPath(item)}/comments`, {
      token: colleague.idToken,
      body: { text: 'A colleague adds a note' },
    });
    const commented = await poll(etag);
    expect(commented.status).toBe(200);
    expect(commented.body.comments.map((comment) => comment.text)).toEqual(['A colleague adds a note']);
    const secondTag = commented.headers.get('etag') ?? '';
    expect(secondTag).not.toBe(etag);
    const revised = await edit({ ...item, status: 'in_review' }, 'Second words', true);
    const moved = await poll(secondTag);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ versionId: revised.versionId, text: 'Second words' });
  });
});

describe('several reviewers', () => {
  type Decided = { status: string; comment: ReviewComment };

  async function sendToMany(item: ClientContent, rule: 'all' | 'any', extra: Record<string, unknown> = {}) {
    const created = await sendForReview(item, {
      reviewers: [
        { name: 'Ana Owner', email: 'ana@client.example' },
        { name: 'Ben Manager', email: 'ben@client.example' },
      ],
      rule,
      ...extra,
    });
    expect(created.links.map((link) => link.review.reviewerName)).toEqual(['Ana Owner', 'Ben Manager']);
    expect(new Set(created.links.map((link) => link.review.requestId)).size).toBe(1);
    const [ana, ben] = created.links.map((link) => new URL(link.reviewUrl).pathname.split('/').at(-1) ?? '');
    return { created, ana: ana ?? '', ben: ben ?? '' };
  }

  const decide = (token: string, decision: 'approve' | 'request_changes', versionId: string | undefined) =>
    anonymous<Decided>('POST', token, '/decision', {
      decision,
      versionId,
      ...(decision === 'request_changes' ? { comment: 'Not yet' } : {}),
    });

  const statusNow = async (item: ClientContent) =>
    (await app.request<ClientContent>('GET', itemPath(item), { token: owner.idToken })).body.status;

  it('all must approve: one request for changes stands until its reviewer approves', async () => {
    const item = await save('Team page', 'Meet the bakers');
    const { created, ana, ben } = await sendToMany(item, 'all');
    const version = created.review.versionId;
    expect((await decide(ana, 'approve', version)).body.status).toBe('in_review');
    expect((await decide(ben, 'request_changes', version)).body.status).toBe('changes_requested');
    // Ana approving again does not lift Ben's request (the last decision does not win).
    expect((await decide(ana, 'approve', version)).body.status).toBe('changes_requested');
    expect((await decide(ben, 'approve', version)).body.status).toBe('approved');
    expect(await statusNow(item)).toBe('approved');
    const panel = await app.request<ReviewPanel>('GET', `${itemPath(item)}/reviews`, {
      token: owner.idToken,
    });
    expect(panel.body.reviews.map((review) => [review.reviewerName, review.rule, review.decision])).toEqual([
      ['Ana Owner', 'all', 'approved'],
      ['Ben Manager', 'all', 'approved'],
    ]);
  });

  it('any one: one approval approves, and a later request for changes still stands', async () => {
    const item = await save('Offer page', 'Two for one');
    const { created, ana, ben } = await sendToMany(item, 'any');
    const version = created.review.versionId;
    expect((await decide(ben, 'approve', version)).body.status).toBe('approved');
    expect((await decide(ana, 'request_changes', version)).body.status).toBe('changes_requested');
    expect((await decide(ben, 'approve', version)).body.status).toBe('changes_requested');
    expect((await decide(ana, 'approve', version)).body.status).toBe('approved');
  });

  it('a new version ends a standing request for changes, and the reviewers decide afresh', async () => {
    const item = await save('Story page', 'Since 1990');
    const { created, ana, ben } = await sendToMany(item, 'all');
    const first = created.review.versionId;
    await decide(ben, 'approve', first);
    expect((await decide(ana, 'request_changes', first)).body.status).toBe('changes_requested');
    const revised = await edit({ ...item, status: 'changes_requested' }, 'Baking since 1990', true);
    expect(revised.status).toBe('in_review');
    // Ben's approval was of the old words: it no longer counts.
    expect((await decide(ana, 'approve', revised.versionId)).body.status).toBe('in_review');
    expect((await decide(ben, 'approve', revised.versionId)).body.status).toBe('approved');
  });

  it('shares one thread between reviewers and colleagues, or keeps the client’s apart when asked', async () => {
    const shared = await save('Shared thread', 'Words');
    const one = await sendToMany(shared, 'all');
    await anonymous('POST', one.ben, '/comments', { text: 'Ben says hello' });
    await app.request('POST', `${itemPath(shared)}/comments`, {
      token: colleague.idToken,
      body: { text: 'Internal: check the price' },
    });
    const seenShared = await anonymous<PublicReview>('GET', one.ana);
    expect(seenShared.body.comments.map((comment) => comment.text)).toEqual([
      'Ben says hello',
      'Internal: check the price',
    ]);

    const apart = await save('Apart thread', 'Words');
    const two = await sendToMany(apart, 'all', { threadApart: true });
    expect(two.created.review.threadApart).toBe(true);
    await anonymous('POST', two.ben, '/comments', { text: 'Ben again' });
    await app.request('POST', `${itemPath(apart)}/comments`, {
      token: colleague.idToken,
      body: { text: 'Internal only' },
    });
    const seenApart = await anonymous<PublicReview>('GET', two.ana);
    expect(seenApart.body.comments.map((comment) => comment.text)).toEqual(['Ben again']);
    // The panel has both.
    const panel = await app.request<ReviewPanel>('GET', `${itemPath(apart)}/reviews`, {
      token: owner.idToken,
    });
    expect(panel.body.comments.map((comment) => comment.text)).toEqual(['Ben again', 'Internal only']);
  });

  it('refuses no reviewers, too many and an unknown rule, naming the problem', async () => {
    const item = await save('Limits of many', 'Words');
    const many = Array.from({ length: 11 }, (_, index) => ({ name: `Reviewer ${index}` }));
    for (const [body, text] of [
      [{ reviewers: [] }, 'Send it to 1 to 10 reviewers at once.'],
      [{ reviewers: many }, 'Send it to 1 to 10 reviewers at once.'],
      [{ rule: 'most' }, "The rule is 'all' (all must approve) or 'any' (any one approves)."],
      [{ reviewers: [{ email: 'nope' }] }, 'Please enter a valid e-mail address.'],
    ] as const) {
      const response = await app.request('POST', `${itemPath(item)}/reviews`, { token: owner.idToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body)).toContain(text);
    }
  });
});
