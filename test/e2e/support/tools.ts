/**
 * Helpers for the content tool e2e tests (newsletter, press release, blog rewriter, FAQ, client
 * content): a local article server for URL sources, Radix select picking, the progress recorder and
 * the result waits the tool pages share.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Download, Page } from 'playwright-core';
import type { ClientContent } from '#shared/content';
import { libraryItems } from '#test/support/library-items';
import type { ApiUser } from './clients';
import { type E2eApp, openSignedInPage } from './e2e';

export interface ArticleServer {
  /** host:port, for FETCH_ALLOW_HOSTS. */
  host: string;
  url(path: string): string;
  close(): Promise<void>;
}

/** Serves `pages` (path → HTML) on 127.0.0.1 on a free port; anything else is a 404. */
export async function startArticleServer(pages: Record<string, string>): Promise<ArticleServer> {
  const server: Server = createServer((request, response) => {
    const body = pages[new URL(request.url ?? '/', 'http://127.0.0.1').pathname];
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  return {
    host,
    url: (path) => `http://${host}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A realistic article page: site chrome around a long readable story. */
export function articlePage(title: string, paragraphs: readonly string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Riverside Home Services</title>
<meta property="og:site_name" content="Riverside Home Services"></head><body>
<header><nav><a href="/">Home</a> <a href="/services">Services</a> <a href="/blog">Blog</a> <a href="/contact">Contact</a></nav></header>
<main><article><h1>${title}</h1><p class="byline">By Dana Miller, March 3, 2026</p>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
</article></main>
<aside><h3>Newsletter</h3><p>Sign up for monthly tips.</p></aside>
<footer><p>© 2026 Riverside Home Services. 1200 River Rd, Springfield, IL.</p></footer></body></html>`;
}

/** Opens the Radix select labelled `label` and picks the option named `option`. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export interface ProgressSample {
  progress: number | null;
  writing: boolean;
  /** Characters of generated text visible in the result card (preview frame source or text areas). */
  partialChars: number;
}

/**
 * In-page code is a string: the test tsconfig has no DOM library, and this runs in the browser.
 * On every DOM change it records the progress bar's value, whether the result card says 'Writing...',
 * and how much text the preview frame shows.
 */
const RECORDER = `(() => {
  const samples = [];
  window.__toolSamples = samples;
  const sample = () => {
    const bar = document.querySelector('[data-testid="generation-progress"] [role="progressbar"]');
    const value = bar ? bar.getAttribute('aria-valuenow') : null;
    const frame = document.querySelector('iframe[sandbox]');
    const srcdoc = frame ? frame.getAttribute('srcdoc') || '' : '';
    const body = srcdoc.replace(/^[\\s\\S]*?<body>/, '').replace(/<\\/body>[\\s\\S]*$/, '');
    samples.push({
      progress: value === null ? null : Number(value),
      writing: document.querySelector('[data-testid="writing-badge"]') !== null,
      partialChars: body.replace(/<[^>]*>/g, '').trim().length,
    });
  };
  new MutationObserver(sample).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
})()`;

/** Starts recording progress samples; call before clicking Generate. */
export async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(RECORDER);
}

export async function progressSamples(page: Page): Promise<ProgressSample[]> {
  return (await page.evaluate('window.__toolSamples || []')) as ProgressSample[];
}

/**
 * How long a generation may take in a browser test, from the click to its result. Every wait along the way
 * (the writing badge, the first words, the result) reads the same deadline: the first job after a start on a
 * busy machine may be slow to its first words and quick after, and a wait of its own for each step failed it
 * for being slow where the whole was in time
 * (docs/decisions.md, "Browser generation waits share one deadline").
 */
export const GENERATION_BUDGET_MS = 90_000;

export interface GenerationBudget {
  /** Milliseconds left until the deadline (at least 1, so a wait given it still looks once). */
  remaining(): number;
}

/** A budget starting now; start it just before the click that generates. */
export function generationBudget(milliseconds = GENERATION_BUDGET_MS): GenerationBudget {
  const deadline = Date.now() + milliseconds;
  return { remaining: () => Math.max(1, deadline - Date.now()) };
}

/**
 * Characters of text in the body of the document a frame shows (its srcdoc), style and script
 * elements left out: the preview's own `<style>` in the head is about 250 characters, more than a
 * threshold meant to prove that generated words arrived.
 */
const frameBodyChars = (title: string) => `(() => {
  const frame = document.querySelector('iframe[title=${JSON.stringify(title)}]');
  const body = new DOMParser().parseFromString(frame ? frame.srcdoc : '', 'text/html').body;
  if (!body) return 0;
  for (const element of body.querySelectorAll('style, script, template')) element.remove();
  return body.textContent.replace(/s+/g, ' ').trim().length;
})()`;

/**
 * Waits until the sandboxed frame titled `title` shows more than `chars` characters of body text.
 * Polled with evaluate: waitForFunction would eval a string predicate in the page, which the app's CSP
 * forbids.
 */
export async function waitForFrameText(
  page: Page,
  title: string,
  chars: number,
  budget: GenerationBudget = generationBudget(),
): Promise<void> {
  const probe = frameBodyChars(title);
  let shown = 0;
  for (;;) {
    shown = (await page.evaluate(probe)) as number;
    if (shown > chars) return;
    if (budget.remaining() <= 1) {
      throw new Error(`The frame "${title}" showed ${shown} characters of text, never more than ${chars}`);
    }
    await page.waitForTimeout(50);
  }
}

/** The page's clipboard text (needs the clipboard-read permission). */
export async function clipboardText(page: Page): Promise<string> {
  return (await page.evaluate('navigator.clipboard.readText()')) as string;
}

/** How far the page is wider than the viewport (0 or less when nothing overflows sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
}

/** Waits until the result card shows a finished result (its word count, no 'Writing...'). */
export async function waitForResult(
  page: Page,
  budget: GenerationBudget = generationBudget(),
): Promise<void> {
  await page.getByTestId('writing-badge').waitFor({ state: 'detached', timeout: budget.remaining() });
  await page.getByTestId('word-count').waitFor({ timeout: budget.remaining() });
}

/** The words "N words" of the result card as a number. */
export async function shownWordCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('word-count').textContent()) ?? '';
  return Number(text.replace(/[^0-9]/gu, ''));
}

/** Clicks a download button and returns the download with its content. */
export async function downloadFrom(
  page: Page,
  button: string,
): Promise<{ download: Download; content: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { download, content: Buffer.concat(chunks).toString('utf8') };
}

/** The client's library through the API (newest first), each item whole (the list holds summaries). */
export function libraryOf(app: E2eApp, user: ApiUser, clientId: string): Promise<ClientContent[]> {
  return libraryItems(app.test, user.idToken, clientId);
}

/** Creates a client with profile fields over the API, as the Clients screen would. */
export async function createProfiledClient(
  app: E2eApp,
  user: ApiUser,
  body: Record<string, string>,
): Promise<{ id: string; name: string }> {
  const reply = await app.test.request<{ id: string; name: string }>('POST', '/api/clients', {
    token: user.idToken,
    body,
  });
  if (reply.status !== 201)
    throw new Error(`Creating a client failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Signs `user` in and opens the tool at `path`, with clipboard access for the Copy buttons. */
export async function openToolPage(
  app: E2eApp,
  user: { email: string; password: string },
  path: string,
  heading: string,
  options: { mobile?: boolean } = {},
): Promise<Page> {
  const page = await openSignedInPage(app, user, options);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return page;
}

/** A file name's timestamp to the minute (shared/file-names.ts). */
export const STAMP = String.raw`\d{4}-\d{2}-\d{2}-\d{4}`;

/** A request the browser sent that was stopped before it reached the server. */
export interface HeldRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Holds the next request matching `url` in the browser context: it never leaves the browser until
 * `deliver()` sends the same request from the test (Node side), so the server gets it and its reply
 * goes nowhere. That is the tab closed between a POST and its reply, in every run.
 */
export function holdNextRequest(
  context: BrowserContext,
  url: string,
): { held: Promise<HeldRequest>; deliver: () => Promise<{ status: number; body: string }> } {
  let captured: HeldRequest | null = null;
  const held = new Promise<HeldRequest>((resolve) => {
    void context.route(url, async (route) => {
      const request = route.request();
      // allHeaders(): headers() leaves out the Authorization header the replay needs.
      captured = { url: request.url(), headers: await request.allHeaders(), body: request.postData() ?? '' };
      resolve(captured);
      // Never continued: the page that sent it is closed before the server hears of it.
    });
  });
  return {
    held,
    deliver: async () => {
      await context.unroute(url);
      if (!captured) throw new Error(`No request to ${url} was held`);
      const response = await context.request.fetch(captured.url, {
        method: 'POST',
        headers: captured.headers,
        data: captured.body,
      });
      return { status: response.status(), body: await response.text() };
    },
  };
}
