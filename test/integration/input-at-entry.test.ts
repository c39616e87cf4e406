import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes } from '#contract/routes';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import { INVALID_URL_MESSAGE } from '#shared/validation/web-address';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "The outside probe's findings": input is checked where it enters. Every URL of every
 * request body follows one rule (shared/validation/web-address.ts) and is refused with a 400 before any job
 * exists; a client's WordPress URL is checked when it is saved; and a route that names a client checks the
 * caller's access before it reads the body, so an outsider learns nothing from a malformed body.
 */

let app: TestRuntime;
let owner: TestUser;
let stranger: TestUser;
let client: Client;
let item: ClientContent;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, stranger] = await Promise.all([app.createUser(), app.createUser()]);
  const created = await app.request<Client>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Entry Checks', wordpress_url: 'https://bakery.example', wordpress_username: 'editor' },
  });
  expect(created.status).toBe(201);
  client = created.body;
  const content = await app.request<ClientContent>('POST', `/api/clients/${client.id}/content`, {
    token: owner.idToken,
    body: { title: 'Kept', content: 'Kept text', content_type: 'blog' },
  });
  expect(content.status).toBe(201);
  item = content.body;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const HOSTILE_URLS = [
  'javascript:alert(1)',
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_INFO',
  'data:text/html,<script>alert(1)</script>',
  'ftp://example.com/post',
  'https://user:secret@example.com/',
  `https://example.com/${'a'.repeat(2_100)}`,
];

/** Each URL field of each request body, with the rest of a body that would otherwise be accepted. */
const URL_FIELDS: ReadonlyArray<{ path: string; body: (url: string) => Record<string, unknown> }> = [
  { path: '/api/generate-multi-platform', body: (blogUrl) => ({ types: ['blog-rewrite'], blogUrl }) },
  {
    path: '/api/generate-multi-platform',
    body: (blogUrl) => ({ types: ['social'], prompt: 'Spring offers', blogUrl }),
  },
  { path: '/api/rewrite-blog', body: (url) => ({ url }) },
  { path: '/api/rewrite-blog', body: (prompt) => ({ prompt }) },
  { path: '/api/generate-newsletter', body: (url) => ({ inputType: 'url', url }) },
  { path: '/api/generate-press-release', body: (url) => ({ inputType: 'url', url }) },
  { path: '/api/generate-client-content', body: (clientUrl) => ({ clientUrl, topic: 'Roofs' }) },
  { path: '/api/generate-content', body: (clientUrl) => ({ clientUrl, topic: 'Roofs' }) },
  { path: '/api/fetch-content', body: (url) => ({ url }) },
];

describe('every URL field refuses what is not a web address, before a job exists', () => {
  it.each(URL_FIELDS.map((field, index) => [`${field.path} #${index}`, field] as const))(
    '%s',
    async (_name, field) => {
      for (const url of HOSTILE_URLS) {
        const response = await app.request('POST', field.path, {
          token: owner.idToken,
          body: field.body(url),
        });
        expect(response.status, `${field.path} ${url.slice(0, 40)}`).toBe(400);
        expect(response.body.error).toEqual({ code: 'validation_failed', message: INVALID_URL_MESSAGE });
      }
    },
  );
});

describe("a client's WordPress URL", () => {
  it.each(HOSTILE_URLS)('refuses %s on create and on update, and keeps the saved address', async (url) => {
    const create = await app.request('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Hostile', wordpress_url: url },
    });
    expect(create.status).toBe(400);
    expect(create.body.error).toEqual({ code: 'validation_failed', message: INVALID_URL_MESSAGE });
    const update = await app.request('PATCH', `/api/clients/${client.id}`, {
      token: owner.idToken,
      body: { name: client.name, wordpress_url: url },
    });
    expect(update.status).toBe(400);
    expect(update.body.error).toEqual({ code: 'validation_failed', message: INVALID_URL_MESSAGE });
    const kept = await app.request<Client>('GET', `/api/clients/${client.id}`, { token: owner.idToken });
    expect(kept.body.wordpress_url).toBe('https://bakery.example');
  });

  it('reads an address typed without a scheme as https, and keeps http when written', async () => {
    const bare = await app.request<Client>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Bare Address', wordpress_url: ' bakery.example/blog ' },
    });
    expect(bare.status).toBe(201);
    expect(bare.body.wordpress_url).toBe('https://bakery.example/blog');
    const plain = await app.request<Client>('PATCH', `/api/clients/${bare.body.id}`, {
      token: owner.idToken,
      body: { name: 'Bare Address', wordpress_url: 'http://bakery.example' },
    });
    expect(plain.body.wordpress_url).toBe('http://bakery.example');
  });
});

/** A body no route accepts: it fails validation wherever it is read. */
const MALFORMED = { contentId: 42, title: ['x'], status: 'nope', file: '***', filename: '', email: 7 };

/** Any method with a body, GET included (fetch refuses a GET body; API Gateway passes it on). */
function rawRequest(method: string, path: string, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(path, app.url),
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('a route that names a resource checks access before it reads the body', () => {
  // A media file's path (/api/media/{userId}/{jobId}/{fileName}) names a job's output, not a job the
  // caller reads: it takes no body, and its outsider answers are tested with the media routes.
  const scopedRoutes = httpRoutes.filter(
    (route) =>
      route.auth !== 'public' &&
      /\{(clientId|keyId|jobId)\}/.test(route.path) &&
      !route.path.startsWith('/api/media/'),
  );

  const pathOf = (template: string) =>
    template
      .replace('{clientId}', client.id)
      .replace('{contentId}', item.id)
      .replace('{postId}', '12')
      .replace('{accessId}', '01J00000000000000000000000')
      .replace('{keyId}', '01J00000000000000000000000')
      .replace('{jobId}', '01J00000000000000000000000');

  it('covers every client, content, access, WordPress, key and job route', () => {
    expect(scopedRoutes.length).toBe(
      httpRoutes.filter((route) => route.path.startsWith('/api/clients/{clientId}')).length + 3,
    );
  });

  it.each(scopedRoutes.map((route) => [route.id, route] as const))(
    '%s: 404 for an outsider, whatever the body',
    async (_id, route) => {
      const path = pathOf(route.path);
      for (const body of [JSON.stringify(MALFORMED), '{"title": ']) {
        expect(await rawRequest(route.method, path, stranger.idToken, body), body).toBe(404);
      }
    },
  );

  it('still names the bad field to someone who may use the route', async () => {
    const response = await app.request('POST', `/api/clients/${client.id}/wordpress/posts`, {
      token: owner.idToken,
      body: MALFORMED,
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('validation_failed');
    expect(await rawRequest('GET', `/api/clients/${client.id}`, owner.idToken, '{"title": ')).toBe(400);
  });
});
