import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORTER_THAN_ASKED } from '#functions/tools/compose/draft-check';
import { countWords, htmlToText } from '#shared/text';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Press Release, Blog Rewriter, FAQ & How To and Client Content through the same job engine as the
 * newsletter: the gateway queues, the worker reads the source through the safe fetcher (our local page,
 * allowed with FETCH_ALLOW_HOSTS), composes offline, saves to the library with the §3 metadata and the
 * §9 type mapping, and records the §3 activity.
 */

const ARTICLE = `<!doctype html><html><head><title>Fixing Dark Roof Stains | Summit Roofing</title></head><body>
<nav><a href="/">Home</a> <a href="/contact">Contact</a></nav>
<article>
<h1>Fixing Dark Roof Stains</h1>
<p>Dark streaks on asphalt shingles are usually algae, not dirt, and they spread fastest on north-facing slopes.</p>
<h2>Why stains appear</h2>
<p>Gloeocapsa magma feeds on the limestone filler in shingles; humid summers in Austin let it grow quickly.</p>
<p>Left alone, the algae holds moisture against the roof and shortens shingle life by several years.</p>
<h2>How we clean them</h2>
<p>Summit Roofing uses a low-pressure wash with a mild solution, because pressure washing strips the granules.</p>
<p>Zinc strips along the ridge stop the algae from returning for up to ten years.</p>
<h2>When to call</h2>
<p>Call us at (512) 555-0199 for a free roof inspection; most cleanings take a single morning.</p>
</article><footer>© Summit Roofing</footer></body></html>`;

let app: TestRuntime;
let user: TestUser;
let admin: TestUser;
let site: Server;
let siteUrl: string;
let clientId: string;

interface SavedItem {
  id: string;
  content_type: string;
  title: string;
  content: string;
  html_content: string;
  metadata: Record<string, unknown>;
}

beforeAll(async () => {
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(ARTICLE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  const address = site.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  siteUrl = `http://127.0.0.1:${port}/blog/dark-roof-stains`;
  app = await startTestRuntime({ env: { FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` } });
  [user, admin] = await Promise.all([app.createUser(), app.createUser(undefined, { admin: true })]);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: user.idToken,
    body: {
      name: 'Summit Roofing',
      company_name: 'Summit Roofing LLC',
      owner: 'Dana Reyes',
      email: 'dana@summitroofing.example',
      phone: '(512) 555-0199',
      city: 'Austin',
      state: 'TX',
      website: siteUrl,
      newsletter_instructions: 'Write for homeowners. Mention the free roof inspection.',
    },
  });
  clientId = created.body.id;
});

afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => site?.close(() => resolve()));
});

async function run(path: string, body: Record<string, unknown>) {
  const queued = await app.request<{ jobId: string }>('POST', path, { token: user.idToken, body });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  const job = await waitForJob(app, user.idToken, queued.body.jobId);
  expect(job.status, job.error ?? '').toBe('succeeded');
  return { jobId: queued.body.jobId, job };
}

async function savedItem(jobId: string): Promise<SavedItem> {
  const response = await app.request<SavedItem>('GET', `/api/clients/${clientId}/content/${jobId}`, {
    token: user.idToken,
  });
  expect(response.status).toBe(200);
  return response.body;
}

async function activityActions(): Promise<string[]> {
  const response = await app.request<{ activities: Array<{ action: string; resource_type: string }> }>(
    'GET',
    '/api/activities',
    { token: admin.idToken },
  );
  return response.body.activities.map((activity) => `${activity.action}:${activity.resource_type}`);
}

describe('content tools through the job engine', () => {
  it('writes a press release with a dateline and media contact, saved as press_release', async () => {
    const { jobId, job } = await run('/api/generate-press-release', {
      topic: 'Summit Roofing launches a free roof inspection program',
      releaseDate: '2026-11-21',
      useClientCompanyInfo: true,
      clientId,
      saveToClient: true,
    });
    const result = job.result as { generatedHtml: string; generatedText: string; notice: string };
    expect(result.generatedText).toMatch(/AUSTIN, Texas/);
    expect(result.generatedText).toMatch(/Nov\. 21, 2026/);
    expect(result.generatedText).toMatch(/Media contact/i);
    const words = countWords(result.generatedText);
    // Offline, a topic alone gives fewer than 300 true words: the draft is not padded, and the offline notice
    // says it is shorter than asked (docs/decisions.md, "Offline drafts: correct before they are long").
    expect(words).toBeLessThanOrEqual(500);
    if (words < 300) expect(result.notice).toContain(SHORTER_THAN_ASKED);
    const saved = await savedItem(jobId);
    expect(saved.content_type).toBe('press_release');
    expect(Object.keys(saved.metadata)).toEqual(
      expect.arrayContaining([
        'topic',
        'url',
        'inputType',
        'prompt',
        'model',
        'includeHeader',
        'includeCompanyInfo',
        'useClientCompanyInfo',
        'releaseDate',
        'wordCount',
      ]),
    );
    expect(await activityActions()).toContain('press_release_generation:content_generation');
  });

  it('rewrites a blog post read from its URL in the chosen framework, saved as blog', async () => {
    const { jobId, job } = await run('/api/rewrite-blog', {
      url: siteUrl,
      framework: 'pas',
      addEmojis: false,
      clientId,
      saveToClient: true,
    });
    const result = job.result as { rewrittenContent: string; rewrittenHtml: string };
    expect(result.rewrittenHtml).toMatch(/<h[1-3][^>]*>/);
    expect(result.rewrittenContent).toMatch(/algae/i);
    const saved = await savedItem(jobId);
    expect(saved.content_type).toBe('blog');
    expect(saved.metadata).toMatchObject({ originalUrl: siteUrl, framework: 'pas', addEmojis: false });
    expect(await activityActions()).toContain('blog_rewrite:content_generation');
  });

  it('writes exactly N FAQ questions at the chosen level with matching JSON-LD, saved as faq', async () => {
    const { jobId, job } = await run('/api/generate-faq', {
      contentType: 'faq',
      topic: 'Roof algae',
      questionCount: 7,
      headingLevel: 'h4',
      clientId,
      saveToClient: true,
    });
    const result = job.result as { generatedHtml: string; generatedSchema: string };
    expect(result.generatedHtml.match(/<h4[\s>]/g)).toHaveLength(7);
    const schema = JSON.parse(result.generatedSchema) as { '@type': string; mainEntity: unknown[] };
    expect(schema['@type']).toBe('FAQPage');
    expect(schema.mainEntity).toHaveLength(7);
    const saved = await savedItem(jobId);
    expect(saved.content_type).toBe('faq');
    expect(saved.metadata).toMatchObject({ questionCount: 7, headingLevel: 'h4', contentType: 'faq' });
    expect(await activityActions()).toContain('faq_generation:content_generation');
  });

  it('writes a How To guide as HowTo steps, saved as howto', async () => {
    const { jobId, job } = await run('/api/generate-faq', {
      contentType: 'howto',
      topic: 'Cleaning roof stains safely',
      questionCount: 8,
      clientId,
      saveToClient: true,
    });
    const schema = JSON.parse((job.result as { generatedSchema: string }).generatedSchema) as {
      '@type': string;
      step: unknown[];
    };
    expect(schema['@type']).toBe('HowTo');
    expect(schema.step).toHaveLength(8);
    expect((await savedItem(jobId)).content_type).toBe('howto');
  });

  it("writes an SEO post from the client's site with Contact us links and no emojis, saved as client_content", async () => {
    const { jobId, job } = await run('/api/generate-client-content', {
      clientUrl: siteUrl,
      topic: 'Keeping your roof free of algae',
      clientId,
      saveToClient: true,
    });
    const result = job.result as { content: string; title: string; notice: string };
    expect(result.title.length).toBeGreaterThan(0);
    const words = countWords(htmlToText(result.content));
    expect(words).toBeLessThanOrEqual(1500);
    if (words < 1000) expect(result.notice).toContain(SHORTER_THAN_ASKED);
    expect(result.content).toMatch(/<a [^>]*href="[^"]*contact[^"]*"[^>]*>Contact us/i);
    expect(result.content).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(result.content).not.toMatch(/<(html|head|body)[\s>]/i);
    const saved = await savedItem(jobId);
    expect(saved.content_type).toBe('client_content');
    expect(Object.keys(saved.metadata)).toEqual(
      expect.arrayContaining(['topic', 'clientUrl', 'model', 'wordCount', 'generatedAt']),
    );
    expect(await activityActions()).toContain('client_content_save:content_generation');
  });

  it('validates each body with the spec messages', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/generate-press-release', { topic: ' ' }, 'Please enter a topic for the press release'],
      ['/api/rewrite-blog', { url: 'not a url' }, 'Please enter a valid URL'],
      ['/api/generate-faq', { topic: '' }, 'Please enter a topic for the FAQ'],
      ['/api/generate-client-content', { topic: 'x' }, "Please enter the client's website URL."],
      ['/api/generate-client-content', { clientUrl: siteUrl }, 'Please enter a topic for the content.'],
    ];
    for (const [path, body, message] of cases) {
      const response = await app.request('POST', path, { token: user.idToken, body });
      expect(response.status, path).toBe(400);
      expect(response.body.error?.message, path).toBe(message);
    }
  });
});
