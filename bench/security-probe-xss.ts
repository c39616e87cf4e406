/**
 * The outside probe's stored XSS (docs/decisions.md, "The outside probe's findings"): the corpus of
 * xss-corpus.ts stored through the API in every place a user's text is kept and shown again (a client's
 * fields, a library item's title and HTML, a review comment and its anchored passage, a reviewer's name and
 * decision, the agency's branding on the review page, an API key's name, the activity a comment records, a
 * calendar entry, the notifications in the header's bell and the e-mails in the local mailbox), then the
 * screens that render them opened in Chromium. Each stored text starts with a visible marker `[[id]]`, so the
 * probe knows the payload reached the screen; a payload that runs reports its id through the `__xss` binding,
 * a dialog, or a request to the marker host. Per place and screen: tried, refused at entry, rendered without
 * running, not on the screen, and run (the wrong cases). Any request to a host that is neither the app's nor
 * the control's is an outside load, counted per screen.
 *
 * The places come in groups (XSS_PLACE_GROUPS), so a run can be limited to some of them:
 * `node --import tsx bench/security-probe-xss.ts reviews` stores and renders only the review loop's texts.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ensureFrontendBuild } from '#local/frontend-build';
import { quietSdkWarnings } from '#local/quiet-sdk-warnings';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import type { CreatedReview } from '#shared/reviews';
import { launchChromium, signInThroughUi } from '#test/e2e/support/e2e';
import {
  startTestRuntime,
  type TestResponse,
  type TestRuntime,
  type TestUser,
} from '#test/support/test-runtime';
import { XSS_MARKER_HOST, xssCorpus } from './xss-corpus';

export interface XssRow {
  place: string;
  screen: string;
  tried: number;
  refused: number;
  rendered: number;
  notShown: number;
  /** The ids stored but not found on the screen (the first few). */
  missing: string[];
  ran: string[];
}

/**
 * The probe's places, by the screens that show them: a client's fields on the cards; a library item's
 * title and HTML in the list, Preview, Edit and the calendar; an API key's name; the review loop (a
 * link's reviewer names and message, the reviewer's comments, quotes and anchored passages, the second
 * reviewer's decision, a colleague's comments, the agency's branding) on the review page, the app's
 * review panel and the Activity Tracker, and the notifications they make in the bell and the mailbox.
 */
export const XSS_PLACE_GROUPS = ['clients', 'library', 'api-keys', 'reviews'] as const;
export type XssPlaceGroup = (typeof XSS_PLACE_GROUPS)[number];

export interface StoredXssOptions {
  /** Only these groups of places (all when absent). */
  readonly groups?: readonly XssPlaceGroup[];
  /** Cuts the corpus short, for a quick look while changing the probe. */
  readonly payloads?: number;
}

const PASSWORD = 'Secret-123';
const ACTIVITY_ROUND = 100;
const CLIENT_FIELDS = [
  'name',
  'company_name',
  'owner',
  'newsletter_instructions',
  'press_release_instructions',
  'content_instructions',
] as const;

const marker = (id: string) => `[[${id}]]`;

/** Runs `work` over `items` with a few requests in flight, as a busy user's browser would. */
async function inParallel<T, R>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

/** The markers in everything a page shows, its frames (previews, srcdoc) included, added to `seen`. */
async function collectMarkers(page: Page, seen: Set<string>): Promise<void> {
  const parts = await Promise.all(page.frames().map((frame) => frame.content().catch(() => '')));
  for (const part of parts)
    for (const found of part.matchAll(/\[\[([a-z0-9]+-\d+)\]\]/g)) seen.add(found[1] ?? '');
}

/** The markers inside the elements `where` finds (only there: the same text elsewhere on the screen does not count). */
async function collectMarkersIn(where: Locator, seen: Set<string>): Promise<void> {
  const parts = await where.evaluateAll((nodes) => nodes.map((node) => node.outerHTML)).catch(() => []);
  for (const part of parts)
    for (const found of part.matchAll(/\[\[([a-z0-9]+-\d+)\]\]/g)) seen.add(found[1] ?? '');
}

const CONTROL_ORIGIN = 'http://xss-control.invalid';
/** The places whose text is HTML: a library item's and the item under review's. */
const HTML_PLACES: ReadonlySet<string> = new Set(['html', 'rhtml']);

class ExecutionWatch {
  screen = '';
  readonly ran = new Map<string, Set<string>>();
  /** Requests of the app's screens to a host that is not the app's, by screen. */
  readonly outside = new Map<string, string[]>();
  /** Hosts a screen loads from by design (the agency's logo on the review page), not counted as outside. */
  readonly byDesign = new Set<string>();

  /** `appHost`: the app's and its local emulators' host name (every port of it is the app). */
  constructor(private readonly appHost: string) {}

  record(id: string): void {
    const set = this.ran.get(this.screen) ?? new Set<string>();
    set.add(id.replace(/^\//, '').split(/[/?#]/)[0] ?? id);
    this.ran.set(this.screen, set);
  }

  async attach(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__xss', (_source, id: unknown) => this.record(String(id)));
    await context.route(`**://${XSS_MARKER_HOST}/**`, (route) => {
      const id = new URL(route.request().url()).pathname;
      // An image in stored HTML is content (the sanitizer keeps outside images by design): an
      // outside load, listed with the others, not a run. Anywhere else a marker request is markup or code.
      const prefix = id.replace(/^\//, '').split('-')[0] ?? '';
      if (!(route.request().resourceType() === 'image' && HTML_PLACES.has(prefix))) this.record(id);
      return route.abort();
    });
    context.on('page', (page) => this.watchDialogs(page));
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (this.screen === 'control' || !/^(https?|wss?):$/.test(url.protocol)) return;
      if (url.hostname === this.appHost || this.byDesign.has(url.hostname)) return;
      this.outside.set(this.screen, [...(this.outside.get(this.screen) ?? []), url.href]);
    });
  }

  watchDialogs(page: Page): void {
    page.on('dialog', (dialog) => {
      this.record(dialog.message());
      dialog.dismiss().catch(() => undefined);
    });
  }

  /** Every id that ran on the app's screens, whichever screen was open (a timer may fire late). */
  ranOnApp(): string[] {
    const ids = new Set<string>();
    for (const [screen, ran] of this.ran) if (screen !== 'control') for (const id of ran) ids.add(id);
    return [...ids].sort();
  }

  ranOf(screen: string, prefix: string): string[] {
    return [...(this.ran.get(screen) ?? [])].filter((id) => id.startsWith(`${prefix}-`)).sort();
  }
}

interface Stored {
  prefix: string;
  ids: string[];
  accepted: Set<string>;
}

/**
 * The control: every payload written into a page that neither escapes, sanitises nor sends a CSP (on a
 * host the browser context serves itself). The payloads that run there are the ones the app's screens
 * must stop; it shows the corpus is live and the watch sees what runs.
 */
async function runControl(
  context: BrowserContext,
  watch: ExecutionWatch,
  corpus: ((id: string) => string)[],
) {
  const origin = CONTROL_ORIGIN;
  await context.route(`${origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>control</title>' }),
  );
  watch.screen = 'control';
  const control = await context.newPage();
  await control.goto(`${origin}/`);
  for (const [index, payload] of corpus.entries()) {
    await control.setContent(payload(`control-${index}`), { waitUntil: 'load' }).catch(() => undefined);
    await control.waitForTimeout(60);
  }
  await control.close();
  return { tried: corpus.length, ran: watch.ranOf('control', 'control').length };
}

export interface StoredXssFigures {
  rows: XssRow[];
  /** How many payloads ran on a page with no protection at all. */
  control: { tried: number; ran: number };
  /** Every payload id that ran on any of the app's screens. */
  ranOnApp: string[];
  /** Requests the app's screens made to other hosts (the marker host's included), by screen. */
  outsideLoads: Record<string, string[]>;
}

export async function runStoredXssProbe(
  app: TestRuntime,
  options: StoredXssOptions = {},
): Promise<StoredXssFigures> {
  const corpus = xssCorpus().slice(0, options.payloads);
  const wanted = (group: XssPlaceGroup) => options.groups === undefined || options.groups.includes(group);
  const email = `xss-probe-${Date.now()}@${app.runtime.settings.allowedEmailDomain}`;
  const user: TestUser = await app.createUser(email, { admin: true, password: PASSWORD });
  const browser = await launchChromium();
  const watch = new ExecutionWatch(new URL(app.url).hostname);
  const rows: XssRow[] = [];
  let control = { tried: 0, ran: 0 };
  try {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1440, height: 900 } });
    await watch.attach(context);
    control = await runControl(context, watch, corpus);
    const page = await context.newPage();
    watch.watchDialogs(page);
    await signInThroughUi(page, user.email, PASSWORD);
    const probe: Probe = {
      app,
      corpus,
      context,
      page,
      watch,
      call: <T>(method: string, path: string, body?: unknown) =>
        app.request<T>(method, path, { token: user.idToken, ...(body === undefined ? {} : { body }) }),
      stored: (prefix) => ({
        prefix,
        ids: corpus.map((_payload, index) => `${prefix}-${index}`),
        accepted: new Set(),
      }),
      text: (id, index) => `${marker(id)} ${corpus[index]?.(id) ?? ''}`,
      row: (place, screen, set, shown) => {
        const accepted = [...set.accepted];
        const rendered = accepted.filter((id) => shown.has(id));
        rows.push({
          place,
          screen,
          tried: set.ids.length,
          refused: set.ids.length - accepted.length,
          rendered: rendered.length,
          notShown: accepted.length - rendered.length,
          missing: accepted.filter((id) => !shown.has(id)).slice(0, 12),
          ran: watch.ranOf(screen, set.prefix),
        });
      },
    };
    if (wanted('clients')) await probeClients(probe);
    if (wanted('library')) await probeLibrary(probe);
    if (wanted('api-keys')) await probeApiKeys(probe);
    if (wanted('reviews')) await probeReviews(probe);
  } finally {
    await browser.close();
  }
  return { rows, control, ranOnApp: watch.ranOnApp(), outsideLoads: Object.fromEntries(watch.outside) };
}

/** What each group of places works with: the signed-in page, the API as its user, the tally. */
interface Probe {
  readonly app: TestRuntime;
  readonly corpus: readonly ((id: string) => string)[];
  readonly context: BrowserContext;
  readonly page: Page;
  readonly watch: ExecutionWatch;
  readonly call: <T>(method: string, path: string, body?: unknown) => Promise<TestResponse<T>>;
  /** The ids of one place's payloads (`<prefix>-<index>`), none accepted yet. */
  readonly stored: (prefix: string) => Stored;
  /** The payload of `index` behind its visible marker. */
  readonly text: (id: string, index: number) => string;
  readonly row: (place: string, screen: string, set: Stored, shown: ReadonlySet<string>) => void;
}

/** A client's fields: six payloads per client, one in each field its card shows. */
async function probeClients(probe: Probe): Promise<void> {
  const { corpus, call, text, page, watch } = probe;
  const clientFields = probe.stored('client');
  const perClient = CLIENT_FIELDS.length;
  const clientGroups = Array.from({ length: Math.ceil(corpus.length / perClient) }, (_, group) =>
    clientFields.ids.slice(group * perClient, (group + 1) * perClient),
  );
  await inParallel(clientGroups, async (ids) => {
    const body: Record<string, string> = {};
    ids.forEach((id, n) => {
      body[CLIENT_FIELDS[n] ?? 'name'] = text(id, Number(id.split('-')[1]));
    });
    // A client needs a name: a payload the name refuses is retried alone in the next field's place.
    const reply = await call<Client>('POST', '/api/clients', body);
    if (reply.status === 201) for (const id of ids) clientFields.accepted.add(id);
    else
      for (const [n, id] of ids.entries()) {
        const field = CLIENT_FIELDS[n] ?? 'name';
        const single = await call<Client>('POST', '/api/clients', {
          name: field === 'name' ? text(id, Number(id.split('-')[1])) : `Probe client ${id}`,
          ...(field === 'name' ? {} : { [field]: text(id, Number(id.split('-')[1])) }),
        });
        if (single.status === 201) clientFields.accepted.add(id);
      }
  });

  // The grids are virtual (only the cards in view exist): the screen is read as a reader scrolls it.
  watch.screen = 'client cards';
  await page.goto('/clients');
  await page.getByTestId('client-card').first().waitFor();
  const seenOnCards = new Set<string>();
  await scrollThrough(page, null, async () => {
    await collectMarkers(page, seenOnCards);
  });
  probe.row('client fields', watch.screen, clientFields, seenOnCards);
}

/** The library: one item per payload, its title and its HTML each holding one; each with a due date. */
async function probeLibrary(probe: Probe): Promise<void> {
  const { corpus, call, text, page, watch } = probe;
  const library = (await call<Client>('POST', '/api/clients', { name: 'XSS Probe Library Co' })).body;
  const titles = probe.stored('title');
  const html = probe.stored('html');
  const month = new Date();
  await inParallel(corpus, async (_payload, index) => {
    const titleId = titles.ids[index] ?? '';
    const htmlId = html.ids[index] ?? '';
    let reply = await call<ClientContent>('POST', `/api/clients/${library.id}/content`, {
      title: text(titleId, index),
      content: `Plain text of item ${index}`,
      html_content: `<p>${marker(htmlId)}</p>${corpus[index]?.(htmlId) ?? ''}`,
      content_type: 'blog',
    });
    if (reply.status === 201) {
      titles.accepted.add(titleId);
      html.accepted.add(htmlId);
    } else {
      // The title was refused: the HTML is stored under a plain title.
      reply = await call<ClientContent>('POST', `/api/clients/${library.id}/content`, {
        title: `Probe item ${index}`,
        content: `Plain text of item ${index}`,
        html_content: `<p>${marker(htmlId)}</p>${corpus[index]?.(htmlId) ?? ''}`,
        content_type: 'blog',
      });
      if (reply.status === 201) html.accepted.add(htmlId);
    }
    const day = String((index % 28) + 1).padStart(2, '0');
    const dueDate = `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}-${day}`;
    if (reply.status === 201)
      await call('PUT', `/api/clients/${library.id}/content/${reply.body.id}/due-date`, { dueDate });
  });
  const calendar = probe.stored('title');
  for (const id of titles.accepted) calendar.accepted.add(id);

  watch.screen = 'library list';
  await page.goto('/clients');
  await page.getByLabel('Search clients...').fill('XSS Probe Library Co');
  await page.getByRole('button', { name: 'Actions for XSS Probe Library Co' }).click();
  await page.getByRole('menuitem', { name: /^View Content/ }).click();
  const dialog = page.getByRole('dialog', { name: /Content Library/ });
  await dialog.getByTestId('library-item').first().waitFor();
  const seenInList = new Set<string>();
  const scroller = dialog.locator('[data-testid="library-grid"], [data-testid="library-list"]').first();
  await scrollThrough(page, scroller, async () => {
    await collectMarkers(page, seenInList);
  });
  probe.row('library item title', watch.screen, titles, seenInList);

  // Preview and edit of every item, as the list brings each into view.
  const seenInPreview = new Set<string>();
  const seenInEdit = new Set<string>();
  const opened = new Set<string>();
  await scroller.evaluate((start) => {
    let box = start;
    while (box.parentElement && box.scrollHeight <= box.clientHeight + 1) box = box.parentElement;
    box.scrollTo(0, 0);
  });
  await scrollThrough(page, scroller, async () => {
    const indices = await dialog
      .locator('[data-index]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-index') ?? ''));
    // A virtual row holds as many items as the grid has columns.
    for (const index of indices) {
      const rowItems = dialog.locator(`[data-index="${index}"]`).getByTestId('library-item');
      for (let column = 0; column < (await rowItems.count()); column += 1) {
        const key = `${index}:${column}`;
        if (opened.has(key)) continue;
        opened.add(key);
        const item = rowItems.nth(column);
        watch.screen = 'library preview';
        await item.getByRole('button', { name: 'Preview', exact: true }).click();
        const preview = page.getByRole('dialog').last();
        await preview.locator('iframe').first().waitFor();
        await framedBody(preview);
        await collectMarkers(page, seenInPreview);
        await page.keyboard.press('Escape');
        await preview.locator('iframe').first().waitFor({ state: 'detached' });

        watch.screen = 'library edit';
        await item.getByRole('button', { name: 'Edit', exact: true }).click();
        const edit = page.getByRole('dialog', { name: 'Edit Content' });
        await edit.getByRole('textbox', { name: 'Text Content' }).waitFor();
        await collectMarkers(page, seenInEdit);
        // Its Live Preview renders the HTML.
        await edit.getByRole('tab', { name: 'Live Preview' }).click();
        await edit.locator('iframe').first().waitFor();
        await framedBody(edit);
        await collectMarkers(page, seenInEdit);
        await page.keyboard.press('Escape');
        await edit.waitFor({ state: 'detached' });
      }
    }
  });
  probe.row('library item title', 'library preview', titles, seenInPreview);
  probe.row('library item HTML', 'library preview', html, seenInPreview);
  probe.row('library item title', 'library edit', titles, seenInEdit);
  probe.row('library item HTML', 'library edit', html, seenInEdit);

  watch.screen = 'calendar';
  await page.goto('/calendar');
  await page
    .getByRole('heading', { name: /Calendar/ })
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  {
    const shown = new Set<string>();
    await collectMarkers(page, shown);
    probe.row('calendar entry (item title)', watch.screen, calendar, shown);
  }
}

/** API keys: the name is short (100 characters), so many payloads are refused where they enter. */
async function probeApiKeys(probe: Probe): Promise<void> {
  const { call, text, page, watch } = probe;
  const keys = probe.stored('key');
  await inParallel(keys.ids, async (id, index) => {
    const reply = await call('POST', '/api/api-keys', { name: text(id, index) });
    if (reply.status < 300) keys.accepted.add(id);
  });
  watch.screen = 'API keys';
  await page.goto('/api-keys');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  const shown = new Set<string>();
  await collectMarkers(page, shown);
  probe.row('API key name', watch.screen, keys, shown);
}

const REVIEW_CLIENT = 'XSS Probe Review Co';
const REVIEW_ITEM = 'XSS probe review item';
/**
 * Each payload index writes at most eight activities (two to three links, the reviewer's comment or
 * three, a colleague's comment, the second reviewer's approval; an edit records none), so a round's all
 * stay within the Activity Tracker's rows.
 */
const REVIEW_ROUND = Math.floor(ACTIVITY_ROUND / 8);
/** The agency's logo (its branding): the one outside image the review page loads by design. */
const LOGO_HOST = 'logo.xss-probe.invalid';
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>';
/** Text as HTML shows it: the anchored passage is the payload's words, not its markup. */
const asHtmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The review loop, on one item of a client whose approval steps name the client: per payload the item's
 * title, HTML and plain text changed to hold it (a version the next link shows; the plain text is what a
 * page compares once its link moves on; the HTML also holds, as text, the passage a comment is anchored
 * to), two reviewers' links whose names and message hold it (the first reviewer with
 * an address, so the link's e-mail goes out), a comment through the second link (with a quote and an
 * anchor) and that reviewer's approval, and one comment from the app (a colleague's, which goes on that
 * newest link). A field that refuses its payload gets a plain text, and the other payload is tried
 * alone. Every link's page is opened (each shows its own message, comments and highlighted passages)
 * under the agency's branding set to the payload's (name, and a logo address holding it); after each
 * round the panel's approval steps (which name the round's last approval, the one that stands), the
 * Activity Tracker (its 100 rows), the bell's list (two pages) and the dev mailbox (its 200 kept
 * e-mails, text only, as SES sends them); and the app's review panel, which lists every link, comment
 * and quote of the item, at the end. A link's own page does not name its reviewer, so the first
 * reviewer's name is looked for in the panel and the Activity Tracker. The public routes count requests
 * per address: each payload's link is used from an address of its own (the local gateway takes
 * X-Forwarded-For as the viewer's).
 */
async function probeReviews(probe: Probe): Promise<void> {
  const { app, corpus, call, text, context, page, watch } = probe;
  // The client's step: the reviewers' decisions show, by name, in the panel's steps.
  const client = (
    await call<Client>('POST', '/api/clients', { name: REVIEW_CLIENT, approval_steps: 'client' })
  ).body;
  const item = (
    await call<ClientContent>('POST', `/api/clients/${client.id}/content`, {
      title: REVIEW_ITEM,
      content: 'The item the review links are for.',
      html_content: '<p>The item the review links are for.</p>',
      content_type: 'blog',
    })
  ).body;
  const itemPath = `/api/clients/${client.id}/content/${item.id}`;
  const titles = probe.stored('rtitle');
  const html = probe.stored('rhtml');
  const names = probe.stored('reviewer');
  const secondNames = probe.stored('reviewer2');
  const versionTexts = probe.stored('vtext');
  const messages = probe.stored('message');
  const reviewerComments = probe.stored('rcomment');
  const quotes = probe.stored('quote');
  const staffComments = probe.stored('comment');
  const anchors = probe.stored('anchor');
  const brandNames = probe.stored('brand');
  const logos = probe.stored('logo');
  /** The second reviewers whose approval the panel's steps show: the last of each round (one stands). */
  const deciders: Stored = { prefix: 'reviewer2', ids: [], accepted: new Set() };
  const seen = {
    page: new Set<string>(),
    panel: new Set<string>(),
    activities: new Set<string>(),
    passages: new Set<string>(),
    steps: new Set<string>(),
    bell: new Set<string>(),
    mailbox: new Set<string>(),
  };
  const reviewer = await context.newPage();
  watch.byDesign.add(LOGO_HOST);
  await context.route(`https://${LOGO_HOST}/**`, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: LOGO_SVG }),
  );
  /** The agency's branding as one payload's: its name, and its logo's address holding the payload. */
  const brand = async (index: number) => {
    const name = text(brandNames.ids[index] ?? '', index);
    const logo = `https://${LOGO_HOST}/${text(logos.ids[index] ?? '', index)}.svg`;
    const put = (body: Record<string, string>) => call('PUT', '/api/settings', { timeZone: 'UTC', ...body });
    if ((await put({ agencyName: name, logoUrl: logo })).status === 200) {
      brandNames.accepted.add(brandNames.ids[index] ?? '');
      logos.accepted.add(logos.ids[index] ?? '');
      return;
    }
    if ((await put({ agencyName: name, logoUrl: '' })).status === 200)
      brandNames.accepted.add(brandNames.ids[index] ?? '');
    if ((await put({ agencyName: '', logoUrl: logo })).status === 200)
      logos.accepted.add(logos.ids[index] ?? '');
  };

  /** Every link's path, the first reviewer's first; none when refused. */
  const sendForReview = async (body: Record<string, unknown>) => {
    const reply = await call<CreatedReview>('POST', `${itemPath}/reviews`, body);
    return reply.status === 201 ? reply.body.links.map((link) => new URL(link.reviewUrl).pathname) : [];
  };
  const tokenOf = (path: string) => path.split('/').at(-1) ?? '';
  const comment = (path: string, address: string, body: Record<string, unknown>) =>
    app.request('POST', `/api/reviews/${tokenOf(path)}/comments`, {
      body,
      headers: { 'x-forwarded-for': address },
    });
  /** A passage of the version's words (the payload's, as text) that a comment is anchored to. */
  const anchorOf = (quote: string) => ({ quote, prefix: '', suffix: '', start: 0, end: quote.length });

  for (let start = 0; start < corpus.length; start += REVIEW_ROUND) {
    const pages: { path: string; address: string; index: number }[] = [];
    for (let index = start; index < Math.min(start + REVIEW_ROUND, corpus.length); index += 1) {
      const id = (set: Stored) => set.ids[index] ?? '';
      const address = `10.77.${index >> 8}.${index & 255}`;
      // The words under review: the version the link is made for.
      const edit = (title: string, content = `Plain text of version ${index}`) =>
        call('PUT', itemPath, {
          title,
          // The version's plain text: the review page shows it in "what changed since you last looked".
          content,
          // The anchored passage's words (as text) too, so the review page finds and highlights it.
          html_content: `<p>${marker(id(html))}</p>${corpus[index]?.(id(html)) ?? ''}<p>${asHtmlText(text(id(anchors), index))}</p>`,
        });
      const edited = await edit(text(id(titles), index), text(id(versionTexts), index));
      if (edited.status === 200) {
        titles.accepted.add(id(titles));
        html.accepted.add(id(html));
        versionTexts.accepted.add(id(versionTexts));
      } else if ((await edit(`${REVIEW_ITEM} ${index}`)).status === 200) html.accepted.add(id(html));
      const links: string[] = [];
      // Two reviewers: the first link's page is opened; the second reviewer comments,
      // so their name shows on every page of the shared thread.
      let second: string | undefined;
      // The first reviewer has an address: the link's e-mail (title, message) goes to the mailbox.
      const email = `reviewer-${index}@client.example`;
      const both = await sendForReview({
        reviewers: [{ name: text(id(names), index), email }, { name: text(id(secondNames), index) }],
        message: text(id(messages), index),
      });
      if (both.length > 0) {
        names.accepted.add(id(names));
        secondNames.accepted.add(id(secondNames));
        messages.accepted.add(id(messages));
        links.push(both[0] ?? '');
        second = both[1];
      } else {
        const named = await sendForReview({
          reviewers: [{ name: text(id(names), index), email }, { name: text(id(secondNames), index) }],
          message: `Probe message ${index}`,
        });
        if (named.length > 0) {
          names.accepted.add(id(names));
          secondNames.accepted.add(id(secondNames));
          second = named[1];
        }
        const messaged = await sendForReview({
          reviewerName: `Probe reviewer ${index}`,
          reviewerEmail: email,
          message: text(id(messages), index),
        });
        if (messaged.length > 0) messages.accepted.add(id(messages));
        for (const link of [named[0], messaged[0]]) if (link) links.push(link);
      }
      const newest = second ?? links.at(-1);
      if (newest) {
        const anchor = anchorOf(text(id(anchors), index));
        const reply = await comment(newest, address, {
          text: text(id(reviewerComments), index),
          quote: text(id(quotes), index),
          anchor,
        });
        if (reply.status === 201) {
          reviewerComments.accepted.add(id(reviewerComments));
          quotes.accepted.add(id(quotes));
          anchors.accepted.add(id(anchors));
        } else {
          const alone = await comment(newest, address, { text: text(id(reviewerComments), index) });
          if (alone.status === 201) reviewerComments.accepted.add(id(reviewerComments));
          const quoted = await comment(newest, address, {
            text: `Probe comment ${index}`,
            quote: text(id(quotes), index),
          });
          if (quoted.status === 201) quotes.accepted.add(id(quotes));
          const anchored = await comment(newest, address, { text: `Probe comment ${index}`, anchor });
          if (anchored.status === 201) anchors.accepted.add(id(anchors));
        }
        // The second reviewer approves the version the link shows: the decision is theirs by name
        // (the panel's steps, the bell, the staff's e-mail).
        if (second) {
          const shown = await app.request<{ versionId: string }>('GET', `/api/reviews/${tokenOf(second)}`, {
            headers: { 'x-forwarded-for': address },
          });
          const decided = await app.request('POST', `/api/reviews/${tokenOf(second)}/decision`, {
            body: { decision: 'approve', versionId: shown.body.versionId },
            headers: { 'x-forwarded-for': address },
          });
          if (decided.status === 200 && index === Math.min(start + REVIEW_ROUND, corpus.length) - 1)
            deciders.accepted.add(id(secondNames));
        }
      }
      const staff = await call('POST', `${itemPath}/comments`, { text: text(id(staffComments), index) });
      if (staff.status === 201) staffComments.accepted.add(id(staffComments));
      for (const path of links) pages.push({ path, address, index });
    }

    watch.screen = 'review page';
    const visit = async () => {
      for (const { path, address, index } of pages) {
        await brand(index);
        await reviewer.setExtraHTTPHeaders({ 'x-forwarded-for': address });
        await reviewer.goto(path);
        await reviewer.getByTestId('review-page-state').waitFor();
        await framedBody(reviewer.locator('main'));
        await reviewer.waitForTimeout(200);
        await collectMarkers(reviewer, seen.page);
        // The anchored passages the page found in the words and highlighted.
        await collectMarkersIn(
          reviewer.frameLocator('iframe[title="The content to review"]').locator('mark[data-passage]'),
          seen.passages,
        );
      }
    };
    await visit();
    // The round's last second reviewer approved the version now current: the panel's steps name them.
    const last = Math.min(start + REVIEW_ROUND, corpus.length) - 1;
    deciders.ids.push(secondNames.ids[last] ?? '');
    watch.screen = 'review panel';
    await openReviewPanel(page);
    await collectMarkersIn(page.getByTestId('approval-step'), seen.steps);
    await page.keyboard.press('Escape');
    // The open links move to a new version: each page then compares the words it showed last (the
    // payload's version text) with the new ones, and is read again.
    await call('PUT', itemPath, {
      title: REVIEW_ITEM,
      content: `Probe text after round ${start}`,
      html_content: `<p>Probe text after round ${start}</p>`,
      updateOpenReview: true,
    });
    watch.screen = 'review page: changes since last looked';
    await visit();
    watch.screen = 'activity tracker';
    await page.goto('/activity-tracker');
    await page.getByTestId('activity-row').first().waitFor();
    await page.waitForTimeout(500);
    await collectMarkers(page, seen.activities);
    // The bell: the round's comments and approvals (two a payload), two pages of its list.
    watch.screen = 'notifications (bell)';
    await page.locator('[data-notification-bell]').click();
    const menu = page.getByRole('menu');
    await menu.locator('[data-notification]').first().waitFor();
    const older = menu.getByRole('menuitem', { name: 'Show older' });
    const shownNotifications = menu.locator('[data-notification]');
    const before = await shownNotifications.count();
    if (await older.isVisible()) {
      await older.click();
      for (let wait = 0; wait < 50 && (await shownNotifications.count()) <= before; wait += 1)
        await page.waitForTimeout(100);
    }
    await collectMarkersIn(shownNotifications, seen.bell);
    await page.keyboard.press('Escape');
    // The e-mails: the links' (to the first reviewers) and the approvals' (to the probe's user).
    watch.screen = 'dev mailbox';
    await page.goto('/dev/mailbox');
    await page.getByTestId('mailbox-message').first().waitFor();
    await page.waitForTimeout(300);
    await collectMarkers(page, seen.mailbox);
  }
  await call('PUT', '/api/settings', { timeZone: 'UTC', agencyName: '', logoUrl: '' });

  // The app's review panel: every link and comment of the item in one dialog, found by its own title.
  await call('PUT', itemPath, {
    title: REVIEW_ITEM,
    content: 'The item the review links are for.',
    html_content: '<p>The item the review links are for.</p>',
  });
  watch.screen = 'review panel';
  await openReviewPanel(page);
  await collectMarkers(page, seen.panel);
  await page.keyboard.press('Escape');

  probe.row('item under review: title', 'review page', titles, seen.page);
  probe.row('item under review: title', 'activity tracker', titles, seen.activities);
  probe.row('item under review: HTML', 'review page', html, seen.page);
  probe.row('review link: reviewer name', 'review panel', names, seen.panel);
  probe.row('review link: reviewer name', 'activity tracker', names, seen.activities);
  probe.row('second reviewer: name', 'review panel', secondNames, seen.panel);
  probe.row('second reviewer: name', 'review page', secondNames, seen.page);
  probe.row('version text: changes since last looked', 'review page', versionTexts, seen.page);
  probe.row('review link: message', 'review page', messages, seen.page);
  probe.row("reviewer's comment", 'review page', reviewerComments, seen.page);
  probe.row("reviewer's comment", 'review panel', reviewerComments, seen.panel);
  probe.row("reviewer's comment", 'activity tracker', reviewerComments, seen.activities);
  probe.row("reviewer's quote", 'review page', quotes, seen.page);
  probe.row("reviewer's quote", 'review panel', quotes, seen.panel);
  probe.row("colleague's comment", 'review page', staffComments, seen.page);
  probe.row("colleague's comment", 'review panel', staffComments, seen.panel);
  probe.row("colleague's comment", 'activity tracker', staffComments, seen.activities);
  probe.row("reviewer's anchor: passage highlighted", 'review page', anchors, seen.passages);
  probe.row("second reviewer's decision: decidedBy", 'review panel: approval steps', deciders, seen.steps);
  probe.row('branding: agency name', 'review page', brandNames, seen.page);
  probe.row('branding: logo address', 'review page', logos, seen.page);
  probe.row('notification title: item title', 'notifications (bell)', titles, seen.bell);
  probe.row('notification title: second reviewer name', 'notifications (bell)', secondNames, seen.bell);
  probe.row('e-mail: item title', 'dev mailbox', titles, seen.mailbox);
  probe.row('e-mail: review link message', 'dev mailbox', messages, seen.mailbox);
  probe.row("e-mail: second reviewer's decision", 'dev mailbox', secondNames, seen.mailbox);
}

/** The review panel of the review probe's item, open on the signed-in page once its links have loaded. */
async function openReviewPanel(page: Page): Promise<void> {
  await page.goto('/clients');
  await page.getByLabel('Search clients...').fill(REVIEW_CLIENT);
  await page.getByRole('button', { name: `Actions for ${REVIEW_CLIENT}` }).click();
  await page.getByRole('menuitem', { name: /^View Content/ }).click();
  const library = page.getByRole('dialog', { name: /Content Library/ });
  // The client's one item, whose title is a payload's in the middle of a round.
  await library
    .getByRole('button', { name: /^More actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Review and comments' }).click();
  const panel = page.getByRole('dialog', { name: /^Review: / });
  await panel.getByTestId('review-link-row').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1_000);
}

/** Prints the figures; returns the payloads tried and those that ran (the wrong ones). */
export function printStoredXssFigures(figures: StoredXssFigures): { tried: number; wrong: number } {
  const { rows, control, ranOnApp, outsideLoads } = figures;
  console.log(
    `\nstored XSS control: ${control.ran} of ${control.tried} payloads ran on a page with no escaping, sanitising or CSP`,
  );
  console.log(
    'stored XSS: place | screen | tried | refused at entry | rendered, not run | stored, not on the screen | ran',
  );
  for (const row of rows) {
    console.log(
      `${row.place} | ${row.screen} | ${row.tried} | ${row.refused} | ${row.rendered} | ${row.notShown} | ${row.ran.length}`,
    );
    if (row.ran.length > 0) console.log(`    ran: ${row.ran.slice(0, 20).join(', ')}`);
    if (row.notShown > 0) console.log(`    not on the screen: ${row.missing.join(', ')}`);
  }
  console.log(
    `payloads that ran on any of the app's screens: ${ranOnApp.length} ${ranOnApp.slice(0, 20).join(', ')}`,
  );
  const outside = Object.entries(outsideLoads);
  console.log(`outside loads: ${outside.reduce((sum, [, urls]) => sum + urls.length, 0)}`);
  for (const [screen, urls] of outside)
    console.log(`    ${screen}: ${urls.length} ${urls.slice(0, 5).join(' ')}`);
  const tried = rows.reduce((sum, row) => sum + row.tried, 0);
  // A payload that ran while another screen was open (a late timer) is not in its row: counted too.
  const inRows = new Set(rows.flatMap((row) => row.ran));
  const wrong =
    rows.reduce((sum, row) => sum + row.ran.length, 0) + ranOnApp.filter((id) => !inRows.has(id)).length;
  return { tried, wrong };
}

/** Waits until a dialog's frame shows its srcdoc (it loads after the frame appears). */
async function framedBody(dialog: Locator): Promise<void> {
  await dialog
    .frameLocator('iframe')
    .first()
    .locator('body *')
    .first()
    .waitFor({ state: 'attached', timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * Scrolls the window (or `element`) a view at a time from where it is to the end, calling `step` at each
 * stop, so every card of a virtual grid is rendered at some stop.
 */
async function scrollThrough(page: Page, element: Locator | null, step: () => Promise<void>): Promise<void> {
  for (let stops = 0; stops < 2_000; stops += 1) {
    await page.waitForTimeout(150);
    await step();
    const moved = element
      ? await element
          .evaluate((start) => {
            // The element that scrolls: the list itself or the first ancestor that overflows.
            let box = start;
            while (box.parentElement && box.scrollHeight <= box.clientHeight + 1) box = box.parentElement;
            const before = box.scrollTop;
            box.scrollBy(0, box.clientHeight * 0.8);
            return box.scrollTop !== before;
          })
          .catch(() => false)
      : await page.evaluate<boolean>(
          '(() => { const before = window.scrollY; window.scrollBy(0, window.innerHeight * 0.8); return window.scrollY !== before; })()',
        );
    if (!moved) {
      await page.waitForTimeout(300);
      await step();
      return;
    }
  }
}

// `node --import tsx bench/security-probe-xss.ts [group …] [payloads]`: the probe alone, on some groups of
// places, with the first `payloads` of the corpus (all of it by default).
if (import.meta.url === `file://${process.argv[1]}`) {
  const count = process.argv.slice(2).find((arg) => /^\d+$/.test(arg));
  const asked = process.argv.slice(2).filter((arg) => arg !== count);
  const unknown = asked.filter((group) => !(XSS_PLACE_GROUPS as readonly string[]).includes(group));
  if (unknown.length > 0)
    throw new Error(`Unknown groups ${unknown.join(', ')}: use ${XSS_PLACE_GROUPS.join(', ')}`);
  quietSdkWarnings();
  await ensureFrontendBuild();
  const app = await startTestRuntime();
  try {
    const started = Date.now();
    const figures = await runStoredXssProbe(app, {
      ...(asked.length > 0 ? { groups: asked as XssPlaceGroup[] } : {}),
      ...(count ? { payloads: Number(count) } : {}),
    });
    const { tried, wrong } = printStoredXssFigures(figures);
    console.log(
      `stored XSS | ${tried} | ${tried - wrong} | ${wrong}   (${Math.round((Date.now() - started) / 1000)} s)`,
    );
  } finally {
    await app.stop();
  }
}
