import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '#shared/activity';
import type { ContentApprovalState } from '#shared/approval-schemas';
import { type ApprovalStepsSetting, type ContentApproval, INTERNAL_FIRST_MESSAGE } from '#shared/approvals';
import type { CalendarReply } from '#shared/calendar';
import { CLIENT_TEXT_FIELDS, type Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import { APPROVAL_REQUIRED_MESSAGE } from '#shared/content-status';
import type { ContentVersionPage } from '#shared/content-versions';
import type { CreatedReview } from '#shared/reviews';
import type { WordPressPublishResult } from '#shared/wordpress';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';
import { startWordPressServer, type WordPressServer } from '#test/support/wordpress-server';

/**
 * 4 and 5 against a real WordPress: with 'Require approval before publishing' on, the
 * server refuses to publish or schedule an item that is not approved (409) unless an administrator
 * overrides it (recorded); publishing and scheduling set the status; the write-back of a publish is a
 * version; the calendar's drag reschedules a post on WordPress and records it.
 */

let wp: WordPressServer;
let app: TestRuntime;
let owner: TestUser;
let admin: TestUser;
let strict: Client;
let relaxed: Client;

beforeAll(async () => {
  wp = await startWordPressServer();
  app = await startTestRuntime({ env: { FETCH_ALLOW_HOSTS: wp.hostPort } });
  [owner, admin] = await Promise.all([app.createUser(), app.createUser(undefined, { admin: true })]);
  const newClient = async (name: string, requireApproval: boolean) => {
    const response = await app.request<Client>('POST', '/api/clients', {
      token: owner.idToken,
      body: {
        name,
        wordpress_url: wp.url,
        wordpress_username: wp.adminUser,
        wordpress_app_password: wp.applicationPassword,
        require_approval: requireApproval,
      },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  [strict, relaxed] = await Promise.all([
    newClient('Strict Bakery', true),
    newClient('Relaxed Bakery', false),
  ]);
  expect(strict.require_approval).toBe(true);
  expect(relaxed.require_approval).toBe(false);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await wp?.stop();
});

async function save(target: Client, title: string): Promise<ClientContent> {
  const response = await app.request<ClientContent>('POST', `/api/clients/${target.id}/content`, {
    token: owner.idToken,
    body: { title, content: 'Fresh bread', html_content: '<p>Fresh bread</p>', content_type: 'blog' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function approve(item: ClientContent): Promise<ClientContent> {
  const review = await app.request<CreatedReview>(
    'POST',
    `/api/clients/${item.client_id}/content/${item.id}/reviews`,
    {
      token: owner.idToken,
      body: {},
    },
  );
  const token = new URL(review.body.reviewUrl).pathname.split('/').at(-1);
  const decided = await app.request(`POST`, `/api/reviews/${token}/decision`, {
    body: { decision: 'approve', versionId: review.body.review.versionId },
  });
  expect(decided.status).toBe(200);
  return read(item);
}

async function read(item: Pick<ClientContent, 'id' | 'client_id'>): Promise<ClientContent> {
  return (
    await app.request<ClientContent>('GET', `/api/clients/${item.client_id}/content/${item.id}`, {
      token: owner.idToken,
    })
  ).body;
}

function publish(item: ClientContent, body: Record<string, unknown> = {}, user: TestUser = owner) {
  return app.request<
    WordPressPublishResult & { content: ClientContent; error?: { code: string; message: string } }
  >('POST', `/api/clients/${item.client_id}/wordpress/posts`, {
    token: user.idToken,
    body: { contentId: item.id, title: item.title, content: item.html_content, status: 'publish', ...body },
  });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function activities(): Promise<Activity[]> {
  return (await app.request<{ activities: Activity[] }>('GET', '/api/activities', { token: admin.idToken }))
    .body.activities;
}

describe('approval before publishing', () => {
  it('refuses to publish or schedule an item that is not approved, and allows a WordPress draft', async () => {
    const item = await save(strict, 'Not approved yet');
    for (const body of [{ status: 'publish' }, { status: 'future', date: inDays(3) }]) {
      const refused = await publish(item, body);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'approval_required', message: APPROVAL_REQUIRED_MESSAGE });
    }
    const posts = await wp.rest<unknown[]>('/wp/v2/posts?status=any&search=Not%20approved%20yet');
    expect(posts.body).toEqual([]);

    const draft = await publish(item, { status: 'draft' });
    expect(draft.status).toBe(201);
    expect(draft.body.content.status).toBe('draft');
  });

  it('publishes an approved item, which becomes Published and shows on the calendar', async () => {
    const item = await approve(await save(strict, 'Approved croissants'));
    expect(item.status).toBe('approved');
    const published = await publish(item);
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body.content).toMatchObject({ status: 'published', approvedVersionId: item.versionId });
    const day = (published.body.content.publishDate ?? '').slice(0, 10);
    const calendar = await app.request<CalendarReply>('GET', `/api/calendar?from=${day}&to=${day}`, {
      token: owner.idToken,
    });
    expect(calendar.body.entries).toContainEqual(
      expect.objectContaining({ kind: 'published', contentId: item.id, wordpressPostId: published.body.id }),
    );

    // Changed words after the approval need a new one before the post is updated.
    const edited = await app.request<ClientContent>('PUT', `/api/clients/${strict.id}/content/${item.id}`, {
      token: owner.idToken,
      body: {
        title: item.title,
        content: 'Fresh bread, now warmer',
        html_content: '<p>Fresh bread, now warmer</p>',
      },
    });
    expect(edited.body.status).toBe('published');
    const update = await app.request(
      'PUT',
      `/api/clients/${strict.id}/wordpress/posts/${published.body.id}`,
      {
        token: owner.idToken,
        body: { contentId: item.id, title: item.title, content: edited.body.html_content, status: 'publish' },
      },
    );
    expect(update.status).toBe(409);
  });

  it('lets an administrator override, recorded in the activity; nobody else', async () => {
    const item = await save(strict, 'Urgent notice');
    const refused = await publish(item, { overrideApproval: true });
    expect(refused.status).toBe(403);
    const overridden = await publish(
      item,
      { status: 'future', date: inDays(2), overrideApproval: true },
      admin,
    );
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(201);
    expect(overridden.body.content.status).toBe('scheduled');
    // A post published for later is recorded as scheduled (docs/decisions.md).
    const recorded = (await activities()).find(
      (activity) => activity.action === 'wordpress_post_scheduled' && activity.resource_id === item.id,
    );
    expect(recorded?.details).toMatchObject({ approval_overridden: true, wordpress_status: 'future' });
  });

  it('reschedules a scheduled post from the calendar: WordPress gets the new date, the item and the feed follow', async () => {
    const item = await approve(await save(strict, 'Holiday hours'));
    const scheduled = await publish(item, { status: 'future', date: inDays(5) });
    expect(scheduled.status).toBe(201);
    const moved = inDays(9);
    const rescheduled = await app.request<WordPressPublishResult & { content: ClientContent }>(
      'POST',
      `/api/clients/${strict.id}/wordpress/posts/${scheduled.body.id}/reschedule`,
      { token: owner.idToken, body: { contentId: item.id, date: moved } },
    );
    expect(rescheduled.status, JSON.stringify(rescheduled.body)).toBe(200);
    expect(rescheduled.body.content.status).toBe('scheduled');
    expect(Date.parse(rescheduled.body.content.publishDate ?? '')).toBe(
      Math.floor(Date.parse(moved) / 1000) * 1000,
    );
    const post = await wp.rest<{ date_gmt: string; status: string; title: { raw: string } }>(
      `/wp/v2/posts/${scheduled.body.id}?context=edit`,
    );
    expect(post.body.status).toBe('future');
    expect(Date.parse(`${post.body.date_gmt}Z`)).toBe(Math.floor(Date.parse(moved) / 1000) * 1000);
    expect(post.body.title.raw).toBe('Holiday hours');
    expect(
      (await activities()).find((activity) => activity.action === 'wordpress_post_rescheduled'),
    ).toMatchObject({
      resource_id: item.id,
      details: { client_name: 'Strict Bakery', previous_date: scheduled.body.content.publishDate },
    });

    // A published post is not moved by a drag; nor is a date in the past accepted.
    const past = await app.request(
      'POST',
      `/api/clients/${strict.id}/wordpress/posts/${scheduled.body.id}/reschedule`,
      {
        token: owner.idToken,
        body: { contentId: item.id, date: new Date(Date.now() - 86_400_000).toISOString() },
      },
    );
    expect(past.status).toBe(400);
  });
});

describe('publishing without the rule', () => {
  it('publishes a draft, and the words the Publisher changed are a version by the publisher', async () => {
    const item = await save(relaxed, 'Relaxed post');
    const published = await publish(item, {
      title: 'Relaxed post, edited in the Editor',
      content: '<p>Edited</p>',
    });
    expect(published.status).toBe(201);
    expect(published.body.content).toMatchObject({
      status: 'published',
      title: 'Relaxed post, edited in the Editor',
    });
    const versions = await app.request<ContentVersionPage>(
      'GET',
      `/api/clients/${relaxed.id}/content/${item.id}/versions`,
      { token: owner.idToken },
    );
    expect(versions.body.items[0]).toMatchObject({
      source: 'wordpress',
      author: owner.email,
      changed: ['title', 'text', 'html'],
      title: 'Relaxed post, edited in the Editor',
    });

    // Deleting the post takes the item off the calendar and back to Draft.
    const deleted = await app.request<{ content: ClientContent }>(
      'DELETE',
      `/api/clients/${relaxed.id}/wordpress/posts/${published.body.id}?contentId=${item.id}`,
      { token: owner.idToken },
    );
    expect(deleted.body.content.status).toBe('draft');
    expect(deleted.body.content.publishDate).toBeUndefined();
  });
});

/**
 * Who approves (docs/decisions.md 'Approval steps'): a client's `approval_steps` name
 * the steps publishing needs; a client step is completed only through a review link held outside the
 * agency; a colleague's approval is internal; an administrator may override a step, which is recorded.
 */
describe('approval steps', () => {
  const CLIENT_EMAIL = 'maria@bakery-client.example';

  async function stepsClient(name: string, approvalSteps: ApprovalStepsSetting): Promise<Client> {
    const response = await app.request<Client>('POST', '/api/clients', {
      token: owner.idToken,
      body: {
        name,
        wordpress_url: wp.url,
        wordpress_username: wp.adminUser,
        wordpress_app_password: wp.applicationPassword,
        approval_steps: approvalSteps,
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.approval_steps).toBe(approvalSteps);
    return response.body;
  }

  /** A review link to `reviewerEmail`: its token. */
  async function sendLink(item: ClientContent, reviewerEmail: string): Promise<string> {
    const review = await app.request<CreatedReview>(
      'POST',
      `/api/clients/${item.client_id}/content/${item.id}/reviews`,
      { token: owner.idToken, body: { reviewerEmail } },
    );
    expect(review.status).toBe(201);
    return new URL(review.body.reviewUrl).pathname.split('/').at(-1) ?? '';
  }

  /** A decision through the public route of a link. */
  async function decideByToken(token: string, decision: string, comment?: string) {
    // On the version the link shows, as the review page sends it.
    const shown = await app.request<{ versionId: string }>('GET', `/api/reviews/${token}`);
    return app.request<{ error?: { code: string; message: string } }>(
      'POST',
      `/api/reviews/${token}/decision`,
      {
        body: { decision, versionId: shown.body.versionId, ...(comment ? { comment } : {}) },
      },
    );
  }

  async function decideByLink(
    item: ClientContent,
    reviewerEmail: string,
    decision: string,
    comment?: string,
  ) {
    return decideByToken(await sendLink(item, reviewerEmail), decision, comment);
  }

  async function decideInApp(item: ClientContent, user: TestUser = owner) {
    // On the item's current version, as the panel sends it.
    const current = await read(item);
    return app.request<{ content: ClientContent }>(
      'POST',
      `/api/clients/${item.client_id}/content/${item.id}/decision`,
      { token: user.idToken, body: { decision: 'approve', versionId: current.versionId ?? current.id } },
    );
  }

  const stepOf = (approval: ContentApproval | undefined) =>
    approval && { step: approval.step, decidedBy: approval.decidedBy, decision: approval.decision };

  it('is set with the client, changed by its PUT as an activity, and refused with a 400 naming the field', async () => {
    const created = await stepsClient('Steps Bakery', 'none');
    const profile = Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, created[field]]));
    const put = (approval_steps: unknown) =>
      app.request<Client & { error?: { message: string } }>('PUT', `/api/clients/${created.id}`, {
        token: owner.idToken,
        body: { name: created.name, ...profile, approval_steps },
      });
    const refused = await put('everyone');
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(
      'approval_steps: must be one of none, internal, client, internal_then_client',
    );
    const changed = await put('internal_then_client');
    expect(changed.status).toBe(200);
    expect(changed.body.approval_steps).toBe('internal_then_client');
    const read = await app.request<Client>('GET', `/api/clients/${created.id}`, { token: owner.idToken });
    expect(read.body.approval_steps).toBe('internal_then_client');
    const updated = (await activities()).find(
      (activity) => activity.action === 'client_updated' && activity.resource_id === created.id,
    );
    expect(updated?.details).toMatchObject({ changed_fields: ['approval_steps'] });
  });

  it('completes the client step only through a link held outside the agency; a colleague’s approval is internal', async () => {
    const client = await stepsClient('Client Step Bakery', 'client');
    const item = await save(client, 'Client must approve');
    const clientLink = await sendLink(item, CLIENT_EMAIL);

    const colleague = await decideInApp(item);
    expect(colleague.status).toBe(200);
    expect(colleague.body.content.status).toBe('approved');
    expect(stepOf(colleague.body.content.approvals.at(-1))).toEqual({
      step: 'internal',
      decidedBy: owner.email,
      decision: 'approve',
    });
    const needsClient = "This content needs the client's approval before it can be published.";
    let refused = await publish(await read(item));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'approval_required', message: needsClient });

    // The one who sent the link, or any colleague, approving through a link is still internal.
    for (const reviewerEmail of [owner.email, 'someone-else@example.com']) {
      expect((await decideByLink(item, reviewerEmail, 'approve')).status).toBe(200);
      expect(stepOf((await read(item)).approvals.at(-1))).toMatchObject({
        step: 'internal',
        decidedBy: reviewerEmail,
      });
      refused = await publish(await read(item));
      expect(refused.body.error?.message).toBe(needsClient);
    }

    // The client's own link, sent before the others, decides for the client.
    expect((await decideByToken(clientLink, 'approve')).status).toBe(200);
    const approved = await read(item);
    expect(stepOf(approved.approvals.at(-1))).toEqual({
      step: 'client',
      decidedBy: CLIENT_EMAIL,
      decision: 'approve',
    });
    expect(approved.approvals.every((approval) => approval.versionId === approved.versionId)).toBe(true);
    // The Editor changes the words on the way out: the approval follows the words that went out.
    const published = await publish(approved, { content: '<p>Fresh bread, warm from the Editor</p>' });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body.content.versionId).not.toBe(approved.versionId);
    expect(published.body.content.approvalsFromVersionId).toBe(approved.versionId);
    const update = await app.request(
      'PUT',
      `/api/clients/${client.id}/wordpress/posts/${published.body.id}`,
      {
        token: owner.idToken,
        body: {
          contentId: item.id,
          title: item.title,
          content: published.body.content.html_content,
          status: 'publish',
        },
      },
    );
    expect(update.status, JSON.stringify(update.body)).toBe(200);
  });

  it('internal then client: the client approves after a colleague, and scheduling and the calendar’s drag need both', async () => {
    const client = await stepsClient('Two Step Bakery', 'internal_then_client');
    const item = await save(client, 'Both must approve');

    const early = await decideByLink(item, CLIENT_EMAIL, 'approve');
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({ code: 'internal_approval_first', message: INTERNAL_FIRST_MESSAGE });
    // A request for changes is always heard.
    expect((await decideByLink(item, CLIENT_EMAIL, 'request_changes', 'Less sugar, please')).status).toBe(
      200,
    );
    let refused = await publish(await read(item), { status: 'future', date: inDays(4) });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(
      "This content needs internal approval and the client's approval before it can be published.",
    );

    expect((await decideInApp(item)).status).toBe(200);
    refused = await publish(await read(item), { status: 'future', date: inDays(4) });
    expect(refused.body.error?.message).toBe(
      "This content needs the client's approval before it can be published.",
    );
    expect((await decideByLink(item, CLIENT_EMAIL, 'approve')).status).toBe(200);
    const scheduled = await publish(await read(item), { status: 'future', date: inDays(4) });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);

    // New words need both steps again before the calendar may move the post.
    const current = await read(item);
    const edited = await app.request<ClientContent>('PUT', `/api/clients/${client.id}/content/${item.id}`, {
      token: owner.idToken,
      body: { title: current.title, content: 'Less sugar', html_content: '<p>Less sugar</p>' },
    });
    expect(edited.status).toBe(200);
    const drag = () =>
      app.request<{ error?: { code: string; message: string } }>(
        'POST',
        `/api/clients/${client.id}/wordpress/posts/${scheduled.body.id}/reschedule`,
        { token: owner.idToken, body: { contentId: item.id, date: inDays(6) } },
      );
    const refusedDrag = await drag();
    expect(refusedDrag.status).toBe(409);
    expect(refusedDrag.body.error).toEqual({
      code: 'approval_required',
      message: "This content needs internal approval and the client's approval before it can be published.",
    });
  });

  it('lets an administrator override a step, recorded on the item and in the activity; nobody else, and 404 to a stranger', async () => {
    const client = await stepsClient('Override Bakery', 'client');
    const item = await save(client, 'Overridden');
    const stranger = await app.createUser();
    const override = (user: TestUser, step: unknown) =>
      app.request<ContentApprovalState & { error?: { code: string; message: string } }>(
        'POST',
        `/api/clients/${client.id}/content/${item.id}/approvals/override`,
        { token: user.idToken, body: { step } },
      );
    const byOwner = await override(owner, 'client');
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.error?.message).toBe('Only an administrator can override an approval step.');
    expect((await override(stranger, 'client')).status).toBe(404);
    const bogus = await override(admin, 'manager');
    expect(bogus.status).toBe(400);
    expect(bogus.body.error?.message).toBe('step: must be one of internal, client');
    const notNamed = await override(admin, 'internal');
    expect(notNamed.status).toBe(400);
    expect(notNamed.body.error?.message).toBe(
      "step: this client's approval steps (client) do not include 'internal'.",
    );

    const overridden = await override(admin, 'client');
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body).toMatchObject({ approval_steps: 'client', publishable: true, missingSteps: [] });
    expect((await read(item)).approvals).toEqual(overridden.body.approvals);
    expect(overridden.body.approvals).toEqual([
      {
        step: 'client',
        decidedBy: admin.email,
        decision: 'approve',
        versionId: overridden.body.versionId,
        at: expect.any(String),
        override: true,
      },
    ]);
    // Once more changes nothing: the step already stands.
    const again = await override(admin, 'client');
    expect(again.status).toBe(200);
    expect(again.body.approvals).toEqual(overridden.body.approvals);
    const recorded = (await activities()).find(
      (activity) => activity.action === 'approval_overridden' && activity.resource_id === item.id,
    );
    expect(recorded?.details).toMatchObject({
      step: 'client',
      client_name: 'Override Bakery',
      title: 'Overridden',
    });
    const published = await publish(await read(item));
    expect(published.status, JSON.stringify(published.body)).toBe(201);
  });
});
