import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import type { Activity } from '#shared/activity';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import type {
  WordPressCategory,
  WordPressConnection,
  WordPressLivePost,
  WordPressMediaResult,
  WordPressPostsPage,
  WordPressPublishResult,
} from '#shared/wordpress';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';
import { startWordPressServer, type WordPressServer } from '#test/support/wordpress-server';

/**
 * The WordPress routes against a real WordPress (Debian's package, MariaDB, php -S): what the app writes
 * is read back through WordPress's own REST API, never through the app.
 */

let wp: WordPressServer;
let plainWp: WordPressServer;
let closedWp: WordPressServer;
let app: TestRuntime;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let redirector: Server;
let redirectorHost: string;
let notWordPress: LocalHttpServer;
let elsewhere: LocalHttpServer;
let closedPort: number;
let client: Client;
let categoryId: number;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  [wp, plainWp, closedWp] = await Promise.all([
    startWordPressServer(),
    startWordPressServer({ prettyPermalinks: false }),
    startWordPressServer({ disableRestApi: true }),
  ]);
  // A site that moved within its own origin (/old-blog → /) in front of the real WordPress, and one that
  // answers every request with a redirect to another origin (a canary that records what reaches it).
  elsewhere = await startLocalHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"namespaces":["wp/v2"]}');
  });
  redirector = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/old-blog')) {
      response.writeHead(301, { location: path.replace(/^\/old-blog/, '') || '/' }).end();
      return;
    }
    if (path.startsWith('/moved-away')) {
      response.writeHead(307, { location: `${elsewhere.origin}${path}` }).end();
      return;
    }
    // Everything else is proxied to the real WordPress, so the moved site is a working site.
    const target = new URL(path, wp.url);
    const upstream = httpRequest(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  redirectorHost = `127.0.0.1:${(redirector.address() as AddressInfo).port}`;
  // A site that is up but has no REST API (disabled, or not WordPress at all).
  notWordPress = await startLocalHttpServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
  });
  closedPort = await freePort();
  app = await startTestRuntime({
    env: {
      FETCH_ALLOW_HOSTS: [
        wp.hostPort,
        plainWp.hostPort,
        closedWp.hostPort,
        redirectorHost,
        elsewhere.hostPort,
        notWordPress.hostPort,
        `127.0.0.1:${closedPort}`,
      ].join(','),
    },
  });
  [owner, stranger, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  client = await newClient('Harbor Bakery', wp.url, wp.applicationPassword);
  const category = await wp.rest<{ id: number }>('/wp/v2/categories', {
    method: 'POST',
    body: { name: 'Local News' },
  });
  expect(category.status).toBe(201);
  categoryId = category.body.id;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await Promise.all([
    wp?.stop(),
    plainWp?.stop(),
    closedWp?.stop(),
    notWordPress?.close(),
    elsewhere?.close(),
  ]);
  await new Promise<void>((resolve) => (redirector ? redirector.close(() => resolve()) : resolve()));
});

async function newClient(name: string, url: string, password: string, username = 'admin'): Promise<Client> {
  const response = await app.request<Client>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name, wordpress_url: url, wordpress_username: username, wordpress_app_password: password },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function saveContent(clientId: string, title: string, html = '<p>Fresh bread every morning.</p>') {
  const response = await app.request<ClientContent>('POST', `/api/clients/${clientId}/content`, {
    token: owner.idToken,
    body: { title, content: 'Fresh bread', html_content: html, content_type: 'blog' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function metadataOf(clientId: string, contentId: string): Promise<Record<string, unknown>> {
  const response = await app.request<ClientContent>('GET', `/api/clients/${clientId}/content/${contentId}`, {
    token: owner.idToken,
  });
  return response.body.metadata;
}

async function activities(): Promise<Activity[]> {
  const feed = await app.request<{ activities: Activity[] }>('GET', '/api/activities', {
    token: admin.idToken,
  });
  return feed.body.activities;
}

interface WpPost {
  id: number;
  status: string;
  date_gmt: string;
  link: string;
  categories: number[];
  title: { raw: string };
  content: { raw: string };
}

/** WordPress 6.1 answers 401 rest_not_logged_in to a wrong password or user name alike. */
const loginRefused = (user: string) => ({
  code: 'wordpress_auth_failed',
  message: `The WordPress username or application password is wrong: WordPress did not accept user "${user}" with the saved application password (You are not currently logged in.). Check both in the client's profile: the password must be an application password (Users → Profile → Application Passwords), not the login password. If they are right, the site's server may be dropping the Authorization header.`,
});

const base = () => `/api/clients/${client.id}/wordpress`;

describe('WordPress connection', () => {
  it('tests the connection with the stored application password', async () => {
    const response = await app.request<WordPressConnection>('POST', `${base()}/test`, {
      token: owner.idToken,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ok: true,
      siteName: 'LBM Test Site',
      userName: 'admin',
      prettyPermalinks: true,
      canPublish: true,
      canUpload: true,
      apiRoot: `${wp.url}/wp-json/`,
    });
    expect(JSON.stringify(response.body)).not.toContain(wp.applicationPassword);
  });

  it("lists the site's categories", async () => {
    const response = await app.request<{ categories: WordPressCategory[] }>('GET', `${base()}/categories`, {
      token: owner.idToken,
    });
    expect(response.status).toBe(200);
    expect(response.body.categories).toEqual(
      expect.arrayContaining([
        { id: categoryId, name: 'Local News' },
        { id: 1, name: 'Uncategorized' },
      ]),
    );
  });

  it('gives 404 to someone who cannot see the client, and says when nothing is configured', async () => {
    const hidden = await app.request('GET', `${base()}/categories`, { token: stranger.idToken });
    expect(hidden.status).toBe(404);
    const bare = await app.request<Client>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'No Site' },
    });
    const missing = await app.request('POST', `/api/clients/${bare.body.id}/wordpress/test`, {
      token: owner.idToken,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({
      code: 'wordpress_not_configured',
      message:
        "No Site has no complete WordPress configuration: add the WordPress URL, username and application password in the client's profile.",
    });
  });

  it('says clearly when the application password is wrong, for a test and for a publish', async () => {
    const wrong = await newClient('Wrong Password Co', wp.url, 'abcd efgh ijkl mnop qrst uvwx');
    const test = await app.request('POST', `/api/clients/${wrong.id}/wordpress/test`, {
      token: owner.idToken,
    });
    expect(test.status).toBe(502);
    expect(test.body.error).toEqual(loginRefused('admin'));
    const item = await saveContent(wrong.id, 'Never published');
    const publish = await app.request('POST', `/api/clients/${wrong.id}/wordpress/posts`, {
      token: owner.idToken,
      body: { contentId: item.id, title: 'Never published', content: '<p>x</p>', status: 'publish' },
    });
    expect(publish.status).toBe(502);
    expect(publish.body.error?.code).toBe('wordpress_auth_failed');
    expect(await metadataOf(wrong.id, item.id)).not.toHaveProperty('wordpress_id');
    // Anonymous callers may not ask for drafts, so WordPress's own answer to the list is about `status`.
    const posts = await app.request('GET', `/api/clients/${wrong.id}/wordpress/posts?page=1`, {
      token: owner.idToken,
    });
    expect(posts.status).toBe(502);
    expect(posts.body.error).toEqual(loginRefused('admin'));
  });

  it('says the same when the user does not exist', async () => {
    const nobody = await newClient('Unknown User Co', wp.url, wp.applicationPassword, 'nobody');
    const test = await app.request('POST', `/api/clients/${nobody.id}/wordpress/test`, {
      token: owner.idToken,
    });
    expect(test.status).toBe(502);
    expect(test.body.error).toEqual(loginRefused('nobody'));
  });

  it('finds the REST API through ?rest_route= on a site without pretty permalinks', async () => {
    const plain = await newClient('Plain Permalinks', plainWp.url, plainWp.applicationPassword);
    const test = await app.request<WordPressConnection>('POST', `/api/clients/${plain.id}/wordpress/test`, {
      token: owner.idToken,
    });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ prettyPermalinks: false, apiRoot: `${plainWp.url}/?rest_route=%2F` });
    const item = await saveContent(plain.id, 'Plain site post');
    const publish = await app.request<WordPressPublishResult>(
      'POST',
      `/api/clients/${plain.id}/wordpress/posts`,
      {
        token: owner.idToken,
        body: { contentId: item.id, title: 'Plain site post', content: '<p>Hello</p>', status: 'publish' },
      },
    );
    expect(publish.status).toBe(201);
    const stored = await plainWp.rest<WpPost>(`/wp/v2/posts/${publish.body.id}?context=edit`);
    expect(stored.body.title.raw).toBe('Plain site post');
  });

  it('follows a redirect within the site and writes to the final address', async () => {
    const moved = await newClient('Moved Site', `http://${redirectorHost}/old-blog/`, wp.applicationPassword);
    const test = await app.request<WordPressConnection>('POST', `/api/clients/${moved.id}/wordpress/test`, {
      token: owner.idToken,
    });
    expect(test.status).toBe(200);
    expect(test.body.apiRoot).toBe(`http://${redirectorHost}/wp-json/`);
    const item = await saveContent(moved.id, 'Written after a redirect');
    const publish = await app.request<WordPressPublishResult>(
      'POST',
      `/api/clients/${moved.id}/wordpress/posts`,
      {
        token: owner.idToken,
        body: {
          contentId: item.id,
          title: 'Written after a redirect',
          content: '<p>Moved</p>',
          status: 'draft',
        },
      },
    );
    expect(publish.status).toBe(201);
    expect((await wp.rest<WpPost>(`/wp/v2/posts/${publish.body.id}?context=edit`)).body.status).toBe('draft');
  });

  it('never sends the application password to another origin a site redirects to', async () => {
    const moved = await newClient('Moved Away', `http://${redirectorHost}/moved-away`, 'wp-secret-password');
    for (const [method, path] of [
      ['GET', 'posts'],
      ['POST', 'test'],
    ] as const) {
      const response = await app.request(method, `/api/clients/${moved.id}/wordpress/${path}`, {
        token: owner.idToken,
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({
        code: 'wordpress_redirected',
        message: `The WordPress site redirected to another address (${elsewhere.origin}/moved-away/wp-json/?_fields=name%2Cnamespaces). Check the site URL in the client's settings.`,
      });
    }
    expect(elsewhere.hits).toEqual([]);
  });

  it('says when a plugin has disabled the REST API', async () => {
    const closed = await newClient('Closed API', closedWp.url, closedWp.applicationPassword);
    const test = await app.request('POST', `/api/clients/${closed.id}/wordpress/test`, {
      token: owner.idToken,
    });
    expect(test.status).toBe(502);
    expect(test.body.error).toEqual({
      code: 'wordpress_rest_unavailable',
      message: `The WordPress REST API is disabled on ${closedWp.url} (The REST API has been disabled by a plugin.). LBM Studio publishes through it: allow it for logged-in users.`,
    });
  });

  it('says when the REST API is not there, and when the site cannot be reached', async () => {
    const noApi = await newClient('No API', notWordPress.origin, 'x');
    const missing = await app.request('POST', `/api/clients/${noApi.id}/wordpress/test`, {
      token: owner.idToken,
    });
    expect(missing.status).toBe(502);
    expect(missing.body.error?.code).toBe('wordpress_rest_unavailable');
    expect(missing.body.error?.message).toBe(
      `The WordPress REST API is not available at ${notWordPress.origin}: the site answered 404 with a text/html page. Check that the client's WordPress URL is the site's address and that the REST API is not disabled.`,
    );
    const down = await newClient('Offline Site', `http://127.0.0.1:${closedPort}`, 'x');
    const unreachable = await app.request('POST', `/api/clients/${down.id}/wordpress/test`, {
      token: owner.idToken,
    });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error).toEqual({
      code: 'wordpress_unreachable',
      message: `Could not reach the WordPress site at http://127.0.0.1:${closedPort}: 127.0.0.1 refused the connection. Check the URL and that the site is online.`,
    });
  });
});

describe('publishing, updating, scheduling and deleting', () => {
  it('publishes with a category; WordPress has the sanitized post and the item keeps the link', async () => {
    const item = await saveContent(client.id, 'Spring opening hours');
    const response = await app.request<WordPressPublishResult>('POST', `${base()}/posts`, {
      token: owner.idToken,
      body: {
        contentId: item.id,
        title: 'Spring opening hours',
        content: '<h2 onclick="steal()">Open daily</h2><script>alert(1)</script><p>From 7 am.</p>',
        status: 'publish',
        categories: [categoryId],
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'publish', date: null });
    expect(response.body.link).toBe(`${wp.url}/spring-opening-hours/`);

    const stored = await wp.rest<WpPost>(`/wp/v2/posts/${response.body.id}?context=edit`);
    expect(stored.body).toMatchObject({
      status: 'publish',
      categories: [categoryId],
      title: { raw: 'Spring opening hours' },
    });
    expect(stored.body.content.raw).toBe('<h2>Open daily</h2><p>From 7 am.</p>');
    expect(await metadataOf(client.id, item.id)).toMatchObject({
      wordpress_id: response.body.id,
      wordpress_url: response.body.link,
      wordpress_status: 'publish',
    });
    const publicPage = await fetch(response.body.link);
    expect(publicPage.status).toBe(200);
    expect(await publicPage.text()).toContain('Spring opening hours');
    expect(await activities()).toContainEqual(
      expect.objectContaining({
        action: 'wordpress_post_published',
        resource_id: item.id,
        details: expect.objectContaining({ wordpress_id: response.body.id, client_name: 'Harbor Bakery' }),
      }),
    );

    const again = await app.request('POST', `${base()}/posts`, {
      token: owner.idToken,
      body: { contentId: item.id, title: 'Twice', content: '<p>x</p>', status: 'publish' },
    });
    expect(again.status).toBe(409);
  });

  it('updates the linked post and its stored status', async () => {
    const item = await saveContent(client.id, 'Summer menu');
    const created = await app.request<WordPressPublishResult>('POST', `${base()}/posts`, {
      token: owner.idToken,
      body: { contentId: item.id, title: 'Summer menu', content: '<p>Draft</p>', status: 'draft' },
    });
    const updated = await app.request<WordPressPublishResult>('PUT', `${base()}/posts/${created.body.id}`, {
      token: owner.idToken,
      body: {
        contentId: item.id,
        title: 'Summer menu, final',
        content: '<p>Final menu</p>',
        status: 'private',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, status: 'private' });
    const stored = await wp.rest<WpPost>(`/wp/v2/posts/${created.body.id}?context=edit`);
    expect(stored.body).toMatchObject({ status: 'private', title: { raw: 'Summer menu, final' } });
    expect(stored.body.content.raw).toBe('<p>Final menu</p>');
    expect(await metadataOf(client.id, item.id)).toMatchObject({ wordpress_status: 'private' });
    expect((await activities()).map((activity) => activity.action)).toContain('wordpress_post_updated');

    const otherPost = await app.request('PUT', `${base()}/posts/${created.body.id + 1000}`, {
      token: owner.idToken,
      body: { contentId: item.id, title: 'Wrong post', content: '<p>x</p>', status: 'draft' },
    });
    expect(otherPost.status).toBe(409);
  });

  it("schedules a post for a moment given in the viewer's time zone", async () => {
    const item = await saveContent(client.id, 'Holiday hours');
    // 10:30 in UTC+02:00 two days from now is 08:30 UTC.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const response = await app.request<WordPressPublishResult>('POST', `${base()}/posts`, {
      token: owner.idToken,
      body: {
        contentId: item.id,
        title: 'Holiday hours',
        content: '<p>Closed on Monday.</p>',
        status: 'future',
        date: `${day}T10:30:00+02:00`,
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'future', date: `${day}T08:30:00.000Z` });
    const stored = await wp.rest<WpPost>(`/wp/v2/posts/${response.body.id}?context=edit`);
    expect(stored.body).toMatchObject({ status: 'future', date_gmt: `${day}T08:30:00` });
    expect(await metadataOf(client.id, item.id)).toMatchObject({
      wordpress_status: 'future',
      wordpress_date: `${day}T08:30:00.000Z`,
    });
    // Recorded as scheduled, not as published.
    const recorded = (await activities()).filter((activity) => activity.resource_id === item.id);
    expect(recorded.map((activity) => activity.action)).toContain('wordpress_post_scheduled');
    expect(recorded.map((activity) => activity.action)).not.toContain('wordpress_post_published');

    const past = await app.request('POST', `${base()}/posts`, {
      token: owner.idToken,
      body: {
        ...{ contentId: item.id, title: 'Late', content: '' },
        status: 'future',
        date: '2020-01-01T10:00:00Z',
      },
    });
    expect(past.status).toBe(400);
    expect(past.body.error?.message).toBe(
      'Please choose a date and time in the future to schedule the post.',
    );
  });

  it('deletes the post (to the trash) and clears the link', async () => {
    const item = await saveContent(client.id, 'Closing notice');
    const created = await app.request<WordPressPublishResult>('POST', `${base()}/posts`, {
      token: owner.idToken,
      body: { contentId: item.id, title: 'Closing notice', content: '<p>Bye</p>', status: 'publish' },
    });
    const removed = await app.request<{ deleted: boolean; content: ClientContent }>(
      'DELETE',
      `${base()}/posts/${created.body.id}?contentId=${item.id}`,
      { token: owner.idToken },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.deleted).toBe(true);
    expect(removed.body.content.metadata).not.toHaveProperty('wordpress_id');
    const metadata = await metadataOf(client.id, item.id);
    expect(metadata).not.toHaveProperty('wordpress_id');
    expect(metadata).not.toHaveProperty('wordpress_url');
    expect((await wp.rest<WpPost>(`/wp/v2/posts/${created.body.id}?context=edit`)).body.status).toBe('trash');
    expect((await activities()).map((activity) => activity.action)).toContain('wordpress_post_deleted');
  });

  it('lists the posts of the site page by page', async () => {
    const first = await app.request<WordPressPostsPage>('GET', `${base()}/posts?page=1`, {
      token: owner.idToken,
    });
    expect(first.status).toBe(200);
    expect(first.body.page).toBe(1);
    expect(first.body.total).toBeGreaterThanOrEqual(4);
    const titles = first.body.posts.map((post) => post.title.rendered);
    // WordPress itself prefixes the rendered title of a private post.
    expect(titles).toEqual(
      expect.arrayContaining(['Spring opening hours', 'Holiday hours', 'Private: Summer menu, final']),
    );
    expect(titles).not.toContain('Closing notice');
    const beyond = await app.request<WordPressPostsPage>('GET', `${base()}/posts?page=99`, {
      token: owner.idToken,
    });
    expect(beyond.status).toBe(200);
    expect(beyond.body.posts).toEqual([]);
  });

  it('refuses a category the site does not have', async () => {
    const item = await saveContent(client.id, 'Wrong category');
    const response = await app.request('POST', `${base()}/posts`, {
      token: owner.idToken,
      body: {
        contentId: item.id,
        title: 'Wrong category',
        content: '<p>x</p>',
        status: 'draft',
        categories: [987654],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'wordpress_unknown_category',
      message:
        'Category 987654 does not exist on this WordPress site (it may have been deleted). Choose another category.',
    });
  });
});

describe('the library item follows what was published (001 §7), and Edit reads the live post', () => {
  it('writes the title, the HTML with its uploaded media, the category and the status back to the item', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const item = await saveContent(client.id, 'Library title', '<h2>Old</h2><p>Old text.</p>');
    const html = `<h2>Garden party</h2><p>Bring a friend.</p><p><img src="data:image/png;base64,${png.toString('base64')}" alt="lawn"></p>`;
    const created = await app.request<WordPressPublishResult & { content: ClientContent }>(
      'POST',
      `${base()}/posts`,
      {
        token: owner.idToken,
        body: {
          contentId: item.id,
          title: 'Custom post title',
          content: html,
          status: 'draft',
          categories: [categoryId],
        },
      },
    );
    expect(created.status).toBe(201);
    const saved = await app.request<ClientContent>('GET', `/api/clients/${client.id}/content/${item.id}`, {
      token: owner.idToken,
    });
    expect(saved.body.title).toBe('Custom post title');
    expect(saved.body.html_content).not.toContain('data:');
    expect(saved.body.html_content).toMatch(
      new RegExp(
        `^<h2>Garden party</h2><p>Bring a friend.</p><p><img src="${wp.url}/wp-content/uploads/[^"]+\\.png" alt="lawn" /></p>$`,
      ),
    );
    expect(saved.body.content).toBe('Garden party\n\nBring a friend.');
    expect(saved.body.metadata).toMatchObject({
      wordpress_id: created.body.id,
      wordpress_status: 'draft',
      wordpress_categories: [categoryId],
    });
    expect(created.body.content.title).toBe('Custom post title');

    const updated = await app.request<WordPressPublishResult>('PUT', `${base()}/posts/${created.body.id}`, {
      token: owner.idToken,
      body: { contentId: item.id, title: 'Final title', content: '<p>Final.</p>', status: 'publish' },
    });
    expect(updated.status).toBe(200);
    const after = await app.request<ClientContent>('GET', `/api/clients/${client.id}/content/${item.id}`, {
      token: owner.idToken,
    });
    expect(after.body).toMatchObject({
      title: 'Final title',
      html_content: '<p>Final.</p>',
      content: 'Final.',
    });
    expect(after.body.metadata).toMatchObject({ wordpress_status: 'publish' });
    expect(after.body.metadata).not.toHaveProperty('wordpress_categories');
  });

  it('reads the live post as WordPress keeps it (raw title and content, categories, status, date)', async () => {
    const item = await saveContent(client.id, 'Live post');
    const created = await app.request<WordPressPublishResult>('POST', `${base()}/posts`, {
      token: owner.idToken,
      body: {
        contentId: item.id,
        title: 'Live & well',
        content: '<p>As sent.</p>',
        status: 'publish',
        categories: [categoryId],
      },
    });
    // Someone edits the post on the site itself.
    await wp.rest(`/wp/v2/posts/${created.body.id}`, {
      method: 'POST',
      body: { title: 'Edited on the site', content: '<p>Changed in WordPress.</p>', status: 'draft' },
    });
    const live = await app.request<WordPressLivePost>('GET', `${base()}/posts/${created.body.id}`, {
      token: owner.idToken,
    });
    expect(live.status).toBe(200);
    expect(live.body).toEqual({
      id: created.body.id,
      title: 'Edited on the site',
      content: '<p>Changed in WordPress.</p>',
      status: 'draft',
      categories: [categoryId],
      date: null,
      link: expect.stringContaining(wp.url),
    });
    const hidden = await app.request('GET', `${base()}/posts/${created.body.id}`, {
      token: stranger.idToken,
    });
    expect(hidden.status).toBe(404);
    const gone = await app.request('GET', `${base()}/posts/987654`, { token: owner.idToken });
    expect(gone.status).toBe(404);
    expect(gone.body.error?.code).toBe('wordpress_post_missing');
  });
});

describe('media', () => {
  it('uploads an image into the media library', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1a73e8' } })
      .png()
      .toBuffer();
    const response = await app.request<WordPressMediaResult>('POST', `${base()}/media`, {
      token: owner.idToken,
      body: { file: png.toString('base64'), filename: 'storefront.png', mimeType: 'image/png' },
    });
    expect(response.status).toBe(201);
    expect(response.body.source_url).toMatch(
      new RegExp(`^${wp.url}/wp-content/uploads/.+/storefront\\.png$`),
    );
    const library = await wp.rest<{ id: number; source_url: string; mime_type: string }[]>('/wp/v2/media');
    expect(library.body).toContainEqual(
      expect.objectContaining({
        id: response.body.id,
        source_url: response.body.source_url,
        mime_type: 'image/png',
      }),
    );
    const file = await fetch(response.body.source_url);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    expect((await activities()).map((activity) => activity.action)).toContain('wordpress_media_uploaded');
  });

  it('says that WordPress refuses SVG by default', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const response = await app.request('POST', `${base()}/media`, {
      token: owner.idToken,
      body: { file: Buffer.from(svg).toString('base64'), filename: 'logo.svg', mimeType: 'image/svg+xml' },
    });
    expect(response.status).toBe(415);
    expect(response.body.error).toEqual({
      code: 'wordpress_media_type',
      message:
        'WordPress refused "logo.svg": WordPress does not accept SVG images by default (they can carry scripts). Upload a PNG, JPEG, GIF or WebP instead, or allow SVG on the site with a plugin such as Safe SVG.',
    });
  });

  it('refuses bytes that are not the declared image, scripted SVG and unsafe names, before WordPress', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const before = (await wp.rest<{ id: number }[]>('/wp/v2/media')).body.length;
    const cases: Array<{ file: Buffer; filename: string; mimeType: string; message: string }> = [
      {
        file: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
        filename: 'photo.png',
        mimeType: 'image/png',
        message:
          '"photo.png" is not a PNG image: its content is application/x-msdownload (.exe). Upload the image file itself.',
      },
      {
        file: png,
        filename: 'photo.jpg',
        mimeType: 'image/jpeg',
        message:
          '"photo.jpg" is not a JPEG image: its content is image/png (.png). Upload the image file itself.',
      },
      {
        file: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
        ),
        filename: 'logo.svg',
        mimeType: 'image/svg+xml',
        message:
          '"logo.svg" cannot be uploaded: the SVG holds a <script> element, which could run code or load files on the client\'s site. Remove it, or upload a PNG, JPEG, GIF or WebP instead.',
      },
      {
        file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)"/></svg>'),
        filename: 'logo.svg',
        mimeType: 'image/svg+xml',
        message: expect.stringContaining('the SVG holds an event handler (onload on <rect>)'),
      },
      {
        file: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://tracker.example/p.png"/></svg>',
        ),
        filename: 'logo.svg',
        mimeType: 'image/svg+xml',
        message: expect.stringContaining(
          'the SVG holds a link to another file (xlink:href="https://tracker.example/p.png"',
        ),
      },
      {
        file: png,
        filename: '../../evil.php',
        mimeType: 'image/png',
        message: 'The file name "../../evil.php" must be a name only, without folders.',
      },
      {
        file: png,
        filename: 'evil.php',
        mimeType: 'image/png',
        message: 'The file name "evil.php" ends in .php, which is not a PNG image: name it .png.',
      },
    ];
    for (const { file, filename, mimeType, message } of cases) {
      const response = await app.request('POST', `${base()}/media`, {
        token: owner.idToken,
        body: { file: file.toString('base64'), filename, mimeType },
      });
      expect(response.status, filename).toBe(400);
      expect(response.body.error).toEqual({ code: 'wordpress_media_invalid', message });
    }
    expect((await wp.rest<{ id: number }[]>('/wp/v2/media')).body.length).toBe(before);
  });

  it('uploads under a safe name whose extension is the type', async () => {
    const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const response = await app.request<WordPressMediaResult>('POST', `${base()}/media`, {
      token: owner.idToken,
      body: { file: png.toString('base64'), filename: 'Café logo (final)', mimeType: 'image/png' },
    });
    expect(response.status).toBe(201);
    expect(response.body.source_url).toMatch(/\/Cafe-logo-final\.png$/);
  });

  it('uploads a pasted data-URL image instead of publishing it inline', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const item = await saveContent(client.id, 'Pasted picture');
    const response = await app.request<WordPressPublishResult>('POST', `${base()}/posts`, {
      token: owner.idToken,
      body: {
        contentId: item.id,
        title: 'Pasted picture',
        content: `<p>Look:</p><p><img src="data:image/png;base64,${png.toString('base64')}" alt="red"></p>`,
        status: 'publish',
      },
    });
    expect(response.status).toBe(201);
    const stored = await wp.rest<WpPost>(`/wp/v2/posts/${response.body.id}?context=edit`);
    expect(stored.body.content.raw).not.toContain('data:');
    expect(stored.body.content.raw).toMatch(
      new RegExp(`<img src="${wp.url}/wp-content/uploads/[^"]+/pasted-picture-image-1\\.png" alt="red" />`),
    );
  });
});
