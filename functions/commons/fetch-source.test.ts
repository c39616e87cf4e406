import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envNames } from '#contract/routes';
import { fetchSource } from './fetch-source';
import { FetchFailedError, UnsafeUrlError } from './safe-fetch-errors';
import { type LocalHttpServer, startLocalHttpServer } from './testing/local-http-server';

const ARTICLE = `<!DOCTYPE html><html><head><title>Spring lawn care tips - Green Leaf</title>
<meta property="og:site_name" content="Green Leaf"></head><body>
<nav><a href="/">Home</a><a href="/blog">Blog</a></nav>
<article><h1>Spring lawn care tips</h1>
<p>Spring is the season when a lawn decides how the rest of its year will go. A little work in March and April pays off all summer long, with thicker grass, fewer weeds and better resistance to drought.</p>
<h2>Rake and aerate</h2>
<p>Start by raking out the dead grass and moss that built up over the winter. Then aerate compacted areas with a garden fork so that water and nutrients can reach the roots where they are needed most.</p>
<p>Finish with a light feed once the grass is growing strongly, and set your mower high for the first few cuts of the year so the new growth is not stressed.</p>
</article><footer>© Green Leaf</footer></body></html>`;

const pages: Record<string, (response: ServerResponse) => void> = {
  '/article': (r) => r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE),
  '/old-article': (r) => r.writeHead(301, { location: '/article' }).end(),
  '/notes.txt': (r) =>
    r
      .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      .end('Opening hours\r\nMon-Fri 9-5   \r\n\r\n\r\nClosed on public holidays.\r\n'),
  '/empty': (r) =>
    r.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><script>x()</script></body></html>'),
  '/missing': (r) => r.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not here</p>'),
  '/data.json': (r) => r.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'),
};

let site: LocalHttpServer;

beforeAll(async () => {
  site = await startLocalHttpServer((request, response) => {
    const page = pages[request.url ?? ''];
    if (page === undefined) response.writeHead(500).end();
    else page(response);
  });
});

afterAll(async () => {
  await site.close();
});

afterEach(() => {
  delete process.env[envNames.fetchAllowHosts];
});

function allowSite() {
  process.env[envNames.fetchAllowHosts] = site.hostPort;
}

describe('fetchSource', () => {
  it('returns the readable article of an HTML page, from the URL that answered', async () => {
    allowSite();
    const source = await fetchSource(`${site.origin}/old-article`);
    expect(source).toEqual({
      url: `${site.origin}/article`,
      title: 'Spring lawn care tips',
      siteName: 'Green Leaf',
      text: [
        'Spring is the season when a lawn decides how the rest of its year will go. A little work in March and April pays off all summer long, with thicker grass, fewer weeds and better resistance to drought.',
        'Rake and aerate',
        'Start by raking out the dead grass and moss that built up over the winter. Then aerate compacted areas with a garden fork so that water and nutrients can reach the roots where they are needed most.',
        'Finish with a light feed once the grass is growing strongly, and set your mower high for the first few cuts of the year so the new growth is not stressed.',
      ].join('\n\n'),
    });
  });

  it('passes a plain-text page through with tidy paragraphs', async () => {
    allowSite();
    const source = await fetchSource(`${site.origin}/notes.txt`);
    expect(source).toEqual({
      url: `${site.origin}/notes.txt`,
      title: 'Opening hours',
      text: 'Opening hours\nMon-Fri 9-5\n\nClosed on public holidays.',
      siteName: null,
    });
  });

  it('says when a page has no readable text', async () => {
    allowSite();
    const error = await fetchSource(`${site.origin}/empty`).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(error).toMatchObject({
      code: 'no_readable_text',
      message: 'The page has no readable text to work from',
    });
  });

  it('passes on what went wrong with the URL', async () => {
    const hitsBefore = site.hits.length;
    const blocked = await fetchSource(`${site.origin}/article`).catch((reason: unknown) => reason);
    expect(blocked).toBeInstanceOf(UnsafeUrlError);
    expect(blocked).toMatchObject({
      message: 'This address is not allowed: 127.0.0.1 is a loopback address (this machine)',
    });
    expect(site.hits).toHaveLength(hitsBefore);

    allowSite();
    await expect(fetchSource(`${site.origin}/missing`)).rejects.toMatchObject({
      code: 'http_status',
      message: 'The page answered 404 Not Found',
    });
    await expect(fetchSource(`${site.origin}/data.json`)).rejects.toMatchObject({
      code: 'unsupported_content_type',
    });
    await expect(fetchSource('file:///etc/passwd')).rejects.toBeInstanceOf(UnsafeUrlError);
  });
});
