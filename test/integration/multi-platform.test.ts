import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '#shared/activity';
import type { MultiPlatformItem } from '#shared/tool-results';

import { collectEvents, waitForJob } from '#test/support/job-events';
import { libraryItems } from '#test/support/library-items';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The Multi-Platform Content Creator as one job: its child jobs of the existing tools run at once; the
 * blog URL fails (a blocked address) while the other six types succeed and are saved exactly once each,
 * with the saved types of 001 §9 and `multi_platform_creator: true`.
 */

const PAGE = `<html><head><title>Crumb and Co Bakery</title></head><body><article><h1>Crumb and Co Bakery</h1>
<p>Crumb and Co Bakery bakes sourdough, pastries and celebration cakes every morning in Austin.</p>
<p>We offer custom cakes for birthdays and weddings, and our contact page lists our hours.</p></article></body></html>`;

let app: TestRuntime;
let user: TestUser;
let admin: TestUser;
let site: Server;
let clientId: string;

beforeAll(async () => {
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  const address = site.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  app = await startTestRuntime({ env: { FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` } });
  user = await app.createUser();
  admin = await app.createUser(undefined, { admin: true });
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: user.idToken,
    body: {
      name: 'Crumb & Co',
      company_name: 'Crumb and Co Bakery',
      city: 'Austin',
      website: `http://127.0.0.1:${port}/`,
    },
  });
  clientId = created.body.id;
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => site?.close(() => resolve()));
});

describe('Multi-Platform Content Creator', () => {
  it('runs all seven types as child jobs; the blog rewrite fails, the other six succeed and save once each', async () => {
    const socket = await collectEvents(app, user.idToken);
    const started = await app.request<{ jobId: string }>('POST', '/api/generate-multi-platform', {
      token: user.idToken,
      body: {
        types: ['social', 'newsletter', 'press-release', 'faq', 'blog-rewrite', 'gbp-post', 'client-content'],
        platforms: ['facebook', 'instagram', 'linkedin', 'twitter'],
        prompt: 'Spring open house on May 3 with free pastry samples',
        tone: 'friendly',
        model: 'gpt-4.1-2025-04-14',
        // A name that does not resolve: a private address would be refused at entry, before any job.
        blogUrl: 'https://no-such-blog.invalid/blog/post',
        framework: 'aida',
        clientId,
        saveToClient: true,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await waitForJob(app, user.idToken, started.body.jobId, undefined, 120_000);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const items = (job.result as { items: MultiPlatformItem[] }).items;

    // Results arrive as each type finishes: the run's partial text grows one type at a time.
    const partial = socket.events
      .filter((event) => event.type === 'job.progress' && event.jobId === started.body.jobId && event.text)
      .map((event) => (JSON.parse(event.text ?? '{}') as { items: MultiPlatformItem[] }).items.length);
    socket.close();
    expect(partial.length).toBe(7);
    expect(partial[0]).toBeLessThan(items.length);
    expect(partial.at(-1)).toBe(items.length);

    const failed = items.filter((item) => !item.success);
    expect(failed.map((item) => item.type)).toEqual(['blog-rewrite']);
    expect(failed[0]?.error).toBeTruthy();
    const succeeded = items.filter((item) => item.success);
    expect(succeeded.map((item) => `${item.type}${item.platform ? `:${item.platform}` : ''}`).sort()).toEqual(
      [
        'client-content',
        'faq',
        'gbp-post',
        'newsletter',
        'press-release',
        'social:facebook',
        'social:instagram',
        'social:linkedin',
        'social:twitter',
      ].sort(),
    );
    for (const item of succeeded) {
      expect(item.content.length, item.type).toBeGreaterThan(20);
      expect(item.savedContentId).toBeTruthy();
    }
    // Social forces hashtags and a call to action at level 3 (Facebook's preset 350).
    const facebook = succeeded.find((item) => item.platform === 'facebook')?.content ?? '';
    expect(facebook).toMatch(/#\w/u);
    // Offline, the post grows only with what the brief gives
    // (docs/decisions.md, "Offline drafts: correct before they are long"): never past the target.
    expect(facebook.length).toBeLessThanOrEqual(350);
    expect(facebook).toContain('Spring open house on May 3 with free pastry samples.');

    const library = await libraryItems(app, user.idToken, clientId, '?limit=50');
    const saved = library.filter((row) => row.metadata.multi_platform_creator === true);
    expect(saved).toHaveLength(succeeded.length);
    const typeOf = (type: string) =>
      saved.filter((row) => row.metadata.type === type).map((row) => row.content_type);
    expect(typeOf('press-release')).toEqual(['press_release']);
    expect(typeOf('newsletter')).toEqual(['newsletter']);
    expect(typeOf('faq')).toEqual(['faq']);
    expect(typeOf('gbp-post')).toEqual(['client_content']);
    expect(typeOf('client-content')).toEqual(['client_content']);
    expect(typeOf('social')).toEqual([
      'client_content',
      'client_content',
      'client_content',
      'client_content',
    ]);
    for (const row of saved) {
      expect(row.metadata).toMatchObject({
        prompt: 'Spring open house on May 3 with free pastry samples',
        tone: 'friendly',
      });
    }
    expect(saved.find((row) => row.metadata.platform === 'twitter')?.title).toMatch(
      /^Social Content - X - /u,
    );

    // One activity per item, the failed blog rewrite included, under each tool's own action; the child
    // jobs record none of their own, and the run records itself once.
    const feed = await app.request<{ activities: Activity[] }>('GET', '/api/activities', {
      token: admin.idToken,
    });
    expect(feed.status).toBe(200);
    const mine = feed.body.activities.filter((row) => row.user_email === user.email);
    const ofRun = mine.filter((row) => row.details.multiPlatformJobId === started.body.jobId);
    expect(ofRun).toHaveLength(items.length);
    const actionOf = (type: string) =>
      ofRun.filter((row) => row.details.type === type).map((row) => row.action);
    expect(actionOf('social')).toEqual(Array(4).fill('social_content_generation'));
    expect(actionOf('newsletter')).toEqual(['newsletter_generation']);
    expect(actionOf('press-release')).toEqual(['press_release_generation']);
    expect(actionOf('faq')).toEqual(['faq_generation']);
    expect(actionOf('gbp-post')).toEqual(['gbp_post_generation']);
    expect(actionOf('client-content')).toEqual(['client_content_generation']);
    expect(ofRun.find((row) => row.details.type === 'blog-rewrite')).toMatchObject({
      action: 'blog_rewrite',
      details: { success: false, multi_platform_creator: true },
    });
    expect(new Set(ofRun.map((row) => row.details.platform)).size).toBe(5);
    expect(
      mine.filter((row) => row.details.multiPlatformJobId === undefined).map((row) => row.action),
    ).toEqual(['multi_platform_generation']);
  }, 150_000);

  it('names the spec messages for a run without types, prompt or blog URL', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ types: [], prompt: 'x' }, 'No Content Types Selected'],
      [{ types: ['faq'], prompt: ' ' }, 'Missing Prompt: Please provide a prompt for content generation.'],
      [{ types: ['blog-rewrite'] }, 'Missing Blog URL'],
    ];
    for (const [body, message] of cases) {
      const response = await app.request<{ error: { message: string } }>(
        'POST',
        '/api/generate-multi-platform',
        {
          token: user.idToken,
          body,
        },
      );
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain(message);
    }
  });
});
