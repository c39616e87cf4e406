import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeChannelPlatforms,
  fakeChannelAppSettings,
  startFakeChannelPlatforms,
} from '#functions/social/testing/fake-channel-platforms';
import type { FakeGbpServer } from '#functions/social/testing/fake-gbp-server';
import { followConsent } from '#functions/social/testing/fake-platform-kit';
import type { Activity } from '#shared/activity';
import type { CalendarReply } from '#shared/calendar';
import {
  CHANNEL_MESSAGES,
  type ChannelConnection,
  type ChannelPlatform,
  type ConnectionsReply,
  type Publication,
} from '#shared/channels';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import { APPROVAL_REQUIRED_MESSAGE } from '#shared/content-status';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/architecture.md, "Publishing channels", through the gateway against the fake platforms: Connect's
 * OAuth round trip with PKCE and the account picker, publish now and at a time, each platform's rules
 * and the approval gate before anything is sent, exactly once under a second scheduled run, and every
 * refusal the platforms answer (429, 5xx, an expired token, a validation error, a refused refresh).
 */

let fakes: FakeChannelPlatforms;
let gbp: FakeGbpServer;
let app: TestRuntime;
let owner: TestUser;
let admin: TestUser;
let outsider: TestUser;
let client: Client;

const origin = () => app.url;

beforeAll(async () => {
  fakes = await startFakeChannelPlatforms();
  gbp = fakes.servers.google;
  const env: Record<string, string> = {
    ...fakeChannelAppSettings(fakes),
    SCHEDULED_PUBLISH_INTERVAL_SECONDS: '1',
  };
  app = await startTestRuntime({ env });
  [owner, admin, outsider] = await Promise.all([
    app.createUser(),
    app.createUser(undefined, { admin: true }),
    app.createUser(),
  ]);
  const created = await app.request<Client>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Channel Bakery' },
  });
  expect(created.status).toBe(201);
  client = created.body;
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await fakes?.close();
});

async function save(title: string, target: Client = client): Promise<ClientContent> {
  const response = await app.request<ClientContent>('POST', `/api/clients/${target.id}/content`, {
    token: owner.idToken,
    body: { title, content: `${title}: fresh bread every morning.`, content_type: 'client_content' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** Connect as the browser does: the authorize URL, the consent's Allow, the callback, the picker. */
async function connect(platform: ChannelPlatform, pick = 0): Promise<ChannelConnection> {
  const started = await app.request<{ authorizationId: string; authorizationUrl: string }>(
    'POST',
    `/api/clients/${client.id}/connection-authorizations`,
    { token: owner.idToken, body: { platform }, headers: { origin: origin() } },
  );
  expect(started.status).toBe(201);
  const callback = await followConsent(new URL(started.body.authorizationUrl), 'allow');
  expect(callback.origin).toBe(origin());
  const back = await fetch(callback, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const location = new URL(back.headers.get('location') ?? '', origin());
  expect(location.pathname).toBe('/clients');
  expect(location.searchParams.get('client')).toBe(client.id);
  const authorizationId = location.searchParams.get('connect') ?? '';
  const choices = await app.request<{ accounts: { accountId: string; name: string }[]; error?: string }>(
    'GET',
    `/api/clients/${client.id}/connection-authorizations/${authorizationId}`,
    { token: owner.idToken },
  );
  expect(choices.status).toBe(200);
  expect(choices.body.error).toBeUndefined();
  const account = choices.body.accounts[pick];
  if (!account) throw new Error(`no account ${pick} offered`);
  const connected = await app.request<ChannelConnection>('POST', `/api/clients/${client.id}/connections`, {
    token: owner.idToken,
    body: { authorizationId, accountId: account.accountId },
  });
  expect(connected.status).toBe(201);
  return connected.body;
}

const publications = (item: ClientContent) =>
  `/api/clients/${item.client_id}/content/${item.id}/publications`;

async function publish(item: ClientContent, body: Record<string, unknown>, token = owner.idToken) {
  return app.request<Publication & { error?: { code: string; message: string } }>(
    'POST',
    publications(item),
    {
      token,
      body,
    },
  );
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('connecting a channel', () => {
  it('connects a GBP location through the consent page and lists it, with no token in any reply', async () => {
    const connection = await connect('gbp');
    expect(connection).toMatchObject({ platform: 'gbp', status: 'connected' });
    const listed = await app.request<ConnectionsReply>('GET', `/api/clients/${client.id}/connections`, {
      token: owner.idToken,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item) => item.connectionId)).toContain(connection.connectionId);
    expect(listed.body.unavailable).toEqual([]);
    // A connection as answered: its names and state, never its tokens.
    for (const item of listed.body.items) {
      expect(Object.keys(item).sort()).toEqual(['connectedAt', 'connectionId', 'name', 'platform', 'status']);
    }
  });

  it('keeps another user out of the authorization, the connections and the publications', async () => {
    const item = await save('Private post');
    const connections = `/api/clients/${client.id}/connections`;
    const routes: [string, string, unknown?][] = [
      ['GET', connections],
      ['POST', `/api/clients/${client.id}/connection-authorizations`, { platform: 'gbp' }],
      ['GET', `/api/clients/${client.id}/connection-authorizations/nonexistentauthorization`],
      ['POST', connections, { authorizationId: 'nonexistentauthorization', accountId: '1' }],
      [
        'POST',
        `${publications(item)}/01JD0M8Z3C5W9Y7V6T4R2Q1P0M/reschedule`,
        { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
      ],
      ['DELETE', `${connections}/01JD0M8Z3C5W9Y7V6T4R2Q1P0M`],
      ['GET', publications(item)],
      ['POST', publications(item), { connectionId: '01JD0M8Z3C5W9Y7V6T4R2Q1P0M' }],
      ['GET', `${publications(item)}/01JD0M8Z3C5W9Y7V6T4R2Q1P0M`],
      ['DELETE', `${publications(item)}/01JD0M8Z3C5W9Y7V6T4R2Q1P0M`],
      ['POST', `${publications(item)}/01JD0M8Z3C5W9Y7V6T4R2Q1P0M/retry`],
    ];
    for (const [method, path, body] of routes) {
      const reply = await app.request(method, path, { token: outsider.idToken, body });
      expect(reply.status, `${method} ${path}`).toBe(404);
    }
    // A callback whose state names no authorization finishes nothing and sends the browser back saying so.
    const unknown = await fetch(`${app.url}/api/channels/oauth/callback?state=nonsense-state-value&code=x`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(302);
    const back = new URL(unknown.headers.get('location') ?? '', app.url);
    expect(back.searchParams.get('connectError')).toBe(CHANNEL_MESSAGES.authorizationExpired);
  });
});

describe('publishing', () => {
  let connection: ChannelConnection;
  beforeAll(async () => {
    const listed = await app.request<ConnectionsReply>('GET', `/api/clients/${client.id}/connections`, {
      token: owner.idToken,
    });
    connection = listed.body.items.find((item) => item.platform === 'gbp') ?? (await connect('gbp'));
  });

  it('publishes now: the post is on the platform once, the item is Published and the activity says so', async () => {
    const item = await save('Fresh croissants');
    const before = gbp.posts.length;
    const reply = await publish(item, {
      connectionId: connection.connectionId,
      text: 'Fresh croissants today!',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('published');
    expect(reply.body.postUrl).toMatch(/^https?:\/\//);
    expect(gbp.posts.length).toBe(before + 1);
    expect(gbp.posts.at(-1)?.sent).toMatchObject({
      summary: 'Fresh croissants today!',
      topicType: 'STANDARD',
    });
    const read = await app.request<Publication>('GET', `${publications(item)}/${reply.body.publicationId}`, {
      token: owner.idToken,
    });
    expect(read.body).toMatchObject({ status: 'published', postId: reply.body.postId });
    const content = await app.request<ClientContent>('GET', `/api/clients/${client.id}/content/${item.id}`, {
      token: owner.idToken,
    });
    expect(content.body.status).toBe('published');
    const activities = await app.request<{ activities: Activity[] }>(
      'GET',
      '/api/activities?action=channel_post_published',
      {
        token: admin.idToken,
      },
    );
    expect(activities.body.activities.some((activity) => activity.resource_id === item.id)).toBe(true);
  });

  it('checks the platform’s rules before sending: GBP event fields, with the platform named', async () => {
    const item = await save('Open day');
    const before = gbp.requests.length;
    const reply = await publish(item, {
      connectionId: connection.connectionId,
      text: 'Come to our open day',
      gbp: { topicType: 'EVENT' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toMatch(/Google Business Profile/);
    expect(gbp.requests.length).toBe(before);
  });

  it('schedules a post and sends it at its time, once, even when two scheduled runs meet', async () => {
    const item = await save('Weekend special');
    const at = new Date(Date.now() + 2_000).toISOString();
    const reply = await publish(item, {
      connectionId: connection.connectionId,
      text: 'Weekend special!',
      scheduledAt: at,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('scheduled');
    const scheduledItem = await app.request<ClientContent>(
      'GET',
      `/api/clients/${client.id}/content/${item.id}`,
      {
        token: owner.idToken,
      },
    );
    expect(scheduledItem.body.status).toBe('scheduled');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    // The schedule's own run and two more, side by side: one sends.
    await Promise.all([
      app.runtime.functions.invoke('ScheduledPublisher', {}),
      app.runtime.functions.invoke('ScheduledPublisher', {}),
    ]);
    const done = await waitFor(
      () =>
        app.request<Publication>('GET', `${publications(item)}/${reply.body.publicationId}`, {
          token: owner.idToken,
        }),
      (read) => read.body.status === 'published',
    );
    expect(done.body.status).toBe('published');
    expect(gbp.posts.filter((post) => post.sent.summary === 'Weekend special!')).toHaveLength(1);
  });

  it('is on the calendar beside WordPress posts, with its channel', async () => {
    const item = await save('Calendar post');
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const reply = await publish(item, {
      connectionId: connection.connectionId,
      text: 'Later',
      scheduledAt: at,
    });
    const day = at.slice(0, 10);
    const calendar = await app.request<CalendarReply>('GET', `/api/calendar?from=${day}&to=${day}`, {
      token: owner.idToken,
    });
    const entry = calendar.body.entries.find(
      (candidate) => candidate.channel?.publicationId === reply.body.publicationId,
    );
    expect(entry).toMatchObject({ kind: 'scheduled', contentId: item.id, channel: { platform: 'gbp' } });
    // Dragged to the next day, then cancelled.
    const next = new Date(Date.parse(at) + 86_400_000).toISOString();
    const moved = await app.request<Publication>(
      'POST',
      `${publications(item)}/${reply.body.publicationId}/reschedule`,
      {
        token: owner.idToken,
        body: { scheduledAt: next },
      },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.scheduledAt).toBe(next);
    const cancelled = await app.request('DELETE', `${publications(item)}/${reply.body.publicationId}`, {
      token: owner.idToken,
    });
    expect(cancelled.status).toBe(200);
    const gone = await app.request('GET', `${publications(item)}/${reply.body.publicationId}`, {
      token: owner.idToken,
    });
    expect(gone.status).toBe(404);
  });

  it('holds a post of a client that requires approval until it is approved, or an admin overrides it', async () => {
    const strict = await app.request<Client>('PATCH', `/api/clients/${client.id}`, {
      token: owner.idToken,
      body: { require_approval: true },
    });
    expect(strict.status).toBe(200);
    try {
      const item = await save('Needs approval');
      const refused = await publish(item, { connectionId: connection.connectionId, text: 'Not yet' });
      expect(refused.status).toBe(409);
      expect(refused.body.error?.message).toBe(APPROVAL_REQUIRED_MESSAGE);
      const overridden = await publish(
        item,
        { connectionId: connection.connectionId, text: 'Admin says go', overrideApproval: true },
        admin.idToken,
      );
      expect(overridden.status).toBe(201);
      expect(overridden.body).toMatchObject({ status: 'published', approval_overridden: true });
    } finally {
      await app.request('PATCH', `/api/clients/${client.id}`, {
        token: owner.idToken,
        body: { require_approval: false },
      });
    }
  });
});

describe('failures', () => {
  let connection: ChannelConnection;
  beforeAll(async () => {
    connection = await connect('gbp', 1);
  });

  it('retries a 429 after its retry-after and a 5xx after checking the post was not made, and sends once', async () => {
    const item = await save('Busy platform');
    gbp.failNext(
      {
        kind: 'error',
        status: 429,
        body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
        headers: { 'retry-after': '1' },
      },
      { method: 'POST', path: /localPosts$/ },
    );
    gbp.failNext(
      {
        kind: 'error',
        status: 503,
        body: { error: { code: 503, message: 'Backend unavailable', status: 'UNAVAILABLE' } },
      },
      { method: 'POST', path: /localPosts$/ },
    );
    const reply = await publish(item, { connectionId: connection.connectionId, text: 'Busy but fine' });
    expect(reply.body.status).toBe('published');
    expect(gbp.posts.filter((post) => post.sent.summary === 'Busy but fine')).toHaveLength(1);
  });

  it('refreshes an expired token once and sends', async () => {
    const item = await save('Expired token');
    gbp.expireAccessTokens();
    const reply = await publish(item, { connectionId: connection.connectionId, text: 'After a refresh' });
    expect(reply.body.status).toBe('published');
  });

  it('fails a post the platform refuses with its message, and Retry sends it', async () => {
    const item = await save('Refused post');
    gbp.failNext(
      {
        kind: 'error',
        status: 400,
        body: {
          error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' },
        },
      },
      { method: 'POST', path: /localPosts$/ },
    );
    const reply = await publish(item, { connectionId: connection.connectionId, text: 'Refused once' });
    expect(reply.body.status).toBe('failed');
    expect(reply.body.error).toMatch(/^Google Business Profile: /);
    const failed = await app.request<{ activities: Activity[] }>(
      'GET',
      '/api/activities?action=channel_post_failed',
      {
        token: admin.idToken,
      },
    );
    expect(failed.body.activities.some((activity) => activity.resource_id === item.id)).toBe(true);
    const retried = await app.request<Publication>(
      'POST',
      `${publications(item)}/${reply.body.publicationId}/retry`,
      {
        token: owner.idToken,
      },
    );
    expect(retried.body.status).toBe('published');
  });

  it('marks the connection Reconnect needed when the platform refuses its refresh', async () => {
    const item = await save('Revoked');
    gbp.expireAccessTokens();
    gbp.revokeRefreshTokens();
    const reply = await publish(item, { connectionId: connection.connectionId, text: 'Will not go' });
    expect(reply.body.status).toBe('failed');
    expect(reply.body.error).toBe(CHANNEL_MESSAGES.reconnectNeeded('gbp'));
    const listed = await app.request<ConnectionsReply>('GET', `/api/clients/${client.id}/connections`, {
      token: owner.idToken,
    });
    expect(listed.body.items.find((item2) => item2.connectionId === connection.connectionId)?.status).toBe(
      'reconnect_needed',
    );
    const refused = await publish(item, { connectionId: connection.connectionId, text: 'Still not' });
    expect(refused.status).toBe(409);
    // Disconnect removes it.
    const removed = await app.request(
      'DELETE',
      `/api/clients/${client.id}/connections/${connection.connectionId}`,
      {
        token: owner.idToken,
      },
    );
    expect(removed.status).toBe(204);
  });
});

describe('every platform', () => {
  let imageUrl: string;
  beforeAll(async () => {
    const started = await app.request<{ jobId: string }>('POST', '/api/generate-image', {
      token: owner.idToken,
      body: { prompt: 'Fresh bread on a counter', model: 'gpt-image-1', size: '1024x1024' },
    });
    expect(started.status).toBe(202);
    const job = await waitFor(
      () =>
        app.request<{ status: string; result: { images: { url: string }[] } | null }>(
          'GET',
          `/api/jobs/${started.body.jobId}`,
          { token: owner.idToken },
        ),
      (reply) => reply.body.status === 'succeeded' || reply.body.status === 'failed',
      60_000,
    );
    imageUrl = job.body.result?.images[0]?.url ?? '';
    expect(imageUrl).toMatch(/^\/api\/media\//);
  }, 90_000);

  it('connects a Facebook Page, publishes with the image as a photo, and deletes it from the Page', async () => {
    const connection = await connect('facebook');
    const item = await save('Facebook post');
    const reply = await publish(item, {
      connectionId: connection.connectionId,
      text: 'Fresh bread!',
      imageUrl,
    });
    expect(reply.body).toMatchObject({ status: 'published' });
    const sent = fakes.servers.meta.posts.filter((post) => post.id === reply.body.postId);
    expect(sent).toHaveLength(1);
    const deleted = await app.request('DELETE', `${publications(item)}/${reply.body.publicationId}`, {
      token: owner.idToken,
    });
    expect(deleted.status).toBe(200);
    expect(fakes.servers.meta.posts.some((post) => post.id === reply.body.postId)).toBe(false);
  });

  it('publishes to Instagram only with an image, and says Instagram does not allow deleting', async () => {
    const connection = await connect('instagram');
    const item = await save('Instagram post');
    const noImage = await publish(item, { connectionId: connection.connectionId, text: 'No picture' });
    expect(noImage.status).toBe(400);
    expect(noImage.body.error?.message).toMatch(/^Instagram/);
    const reply = await publish(item, {
      connectionId: connection.connectionId,
      text: 'Fresh bread #bakery',
      imageUrl,
    });
    expect(reply.body.status).toBe('published');
    const deleted = await app.request('DELETE', `${publications(item)}/${reply.body.publicationId}`, {
      token: owner.idToken,
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body.error?.code).toBe('not_supported');
  });

  it('publishes to a LinkedIn organization with an uploaded image', async () => {
    const connection = await connect('linkedin');
    const item = await save('LinkedIn post');
    const reply = await publish(item, {
      connectionId: connection.connectionId,
      text: 'We are hiring bakers.',
      imageUrl,
    });
    expect(reply.body.status).toBe('published');
    expect(fakes.servers.linkedin.uploads.length).toBeGreaterThan(0);
    expect(fakes.servers.linkedin.posts.at(-1)).toBeDefined();
  });

  it('weighs an X post as X does before sending, then posts it with its media', async () => {
    const connection = await connect('x');
    const item = await save('X post');
    const before = fakes.servers.x.requests.length;
    const long = await publish(item, { connectionId: connection.connectionId, text: '😀'.repeat(141) });
    expect(long.status).toBe(400);
    expect(long.body.error?.message).toMatch(/^X: /);
    expect(fakes.servers.x.requests.length).toBe(before);
    const reply = await publish(item, {
      connectionId: connection.connectionId,
      text: 'Fresh bread, 7am.',
      imageUrl,
    });
    expect(reply.body.status).toBe('published');
    // The post URL takes the origin override, so View post opens the fake locally.
    expect(reply.body.postUrl).toBe(`${fakes.origins.x}/i/web/status/${reply.body.postId}`);
    expect(fakes.servers.x.media.length).toBeGreaterThan(0);
  });
});
