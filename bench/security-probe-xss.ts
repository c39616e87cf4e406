/**
 * The outside probe's stored XSS (issue 27 item 7): the corpus of xss-corpus.ts stored through the API
 * in every place a user's text is kept and shown again (a client's fields, a library item's title and
 * HTML, a review comment, an API key's name, the activity a comment records, a calendar entry), then the
 * screens that render them opened in Chromium. Each stored text starts with a visible marker `[[id]]`,
 * so the probe knows the payload reached the screen; a payload that runs reports its id through the
 * `__xss` binding, a dialog, or a request to the marker host. Per place and screen: tried, refused at
 * entry, rendered without running, not on the screen, and run (the wrong cases).
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import type { CreatedReview } from '#shared/reviews';
import { launchChromium, signInThroughUi } from '#test/e2e/support/e2e';
import type { TestRuntime, TestUser } from '#test/support/test-runtime';
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
    for (const found of part.matchAll(/\[\[([a-z]+-\d+)\]\]/g)) seen.add(found[1] ?? '');
}

class ExecutionWatch {
  screen = '';
  readonly ran = new Map<string, Set<string>>();

  record(id: string): void {
    const set = this.ran.get(this.screen) ?? new Set<string>();
    set.add(id.replace(/^\//, '').split(/[/?#]/)[0] ?? id);
    this.ran.set(this.screen, set);
  }

  async attach(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__xss', (_source, id: unknown) => this.record(String(id)));
    await context.route(`**://${XSS_MARKER_HOST}/**`, (route) => {
      this.record(new URL(route.request().url()).pathname);
      return route.abort();
    });
    context.on('page', (page) => this.watchDialogs(page));
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
  const origin = 'http://xss-control.invalid';
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
}

/** `payloads` cuts the corpus short, for a quick look while changing the probe. */
export async function runStoredXssProbe(app: TestRuntime, payloads?: number): Promise<StoredXssFigures> {
  const corpus = xssCorpus().slice(0, payloads);
  const email = `xss-probe-${Date.now()}@${app.runtime.settings.allowedEmailDomain}`;
  const user: TestUser = await app.createUser(email, { admin: true, password: PASSWORD });
  const call = <T>(method: string, path: string, body?: unknown) =>
    app.request<T>(method, path, { token: user.idToken, ...(body === undefined ? {} : { body }) });
  const stored = (prefix: string): Stored => ({
    prefix,
    ids: corpus.map((_payload, index) => `${prefix}-${index}`),
    accepted: new Set(),
  });
  const text = (id: string, index: number) => `${marker(id)} ${corpus[index]?.(id) ?? ''}`;

  // A client's fields: six payloads per client, one in each field its card shows.
  const clientFields = stored('client');
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

  // The library: one item per payload, its title and its HTML each holding one; each with a due date.
  const library = (await call<Client>('POST', '/api/clients', { name: 'XSS Probe Library Co' })).body;
  const titles = stored('title');
  const html = stored('html');
  const month = new Date();
  const items = await inParallel(corpus, async (_payload, index) => {
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
    return reply.status === 201 ? reply.body : null;
  });
  const savedItems = items.filter((item): item is ClientContent => item !== null);
  const calendar = stored('title');
  for (const id of titles.accepted) calendar.accepted.add(id);

  // API keys: the name is short (100 characters), so many payloads are refused where they enter.
  const keys = stored('key');
  await inParallel(keys.ids, async (id, index) => {
    const reply = await call('POST', '/api/api-keys', { name: text(id, index) });
    if (reply.status < 300) keys.accepted.add(id);
  });

  const browser = await launchChromium();
  const watch = new ExecutionWatch();
  const rows: XssRow[] = [];
  let control = { tried: 0, ran: 0 };
  const row = async (place: string, screen: string, set: Stored, shown: ReadonlySet<string>) => {
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
  };
  try {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1440, height: 900 } });
    await watch.attach(context);
    control = await runControl(context, watch, corpus);
    const page = await context.newPage();
    watch.watchDialogs(page);
    await signInThroughUi(page, user.email, PASSWORD);

    // The grids are virtual (only the cards in view exist): the screen is read as a reader scrolls it.
    watch.screen = 'client cards';
    await page.goto('/clients');
    await page.getByTestId('client-card').first().waitFor();
    const seenOnCards = new Set<string>();
    await scrollThrough(page, null, async () => {
      await collectMarkers(page, seenOnCards);
    });
    await row('client fields', watch.screen, clientFields, seenOnCards);

    watch.screen = 'library list';
    await page.evaluate('window.scrollTo(0, 0)');
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
    await row('library item title', watch.screen, titles, seenInList);

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
    await row('library item title', 'library preview', titles, seenInPreview);
    await row('library item HTML', 'library preview', html, seenInPreview);
    await row('library item title', 'library edit', titles, seenInEdit);
    await row('library item HTML', 'library edit', html, seenInEdit);

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
      await row('calendar entry (item title)', watch.screen, calendar, shown);
    }

    watch.screen = 'API keys';
    await page.goto('/api-keys');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    {
      const shown = new Set<string>();
      await collectMarkers(page, shown);
      await row('API key name', watch.screen, keys, shown);
    }

    // Review comments, in rounds of the activity feed's length: after each round the review page (the
    // client's link) and the Activity Tracker (the comments' activities) are opened.
    const comments = stored('comment');
    const item = savedItems[0];
    const seenOnReviewPage = new Set<string>();
    const seenInActivities = new Set<string>();
    if (item) {
      const review = await call<CreatedReview>(
        'POST',
        `/api/clients/${library.id}/content/${item.id}/reviews`,
        {
          reviewerName: 'Probe Reviewer',
        },
      );
      const reviewer = await context.newPage();
      for (let start = 0; start < comments.ids.length; start += ACTIVITY_ROUND) {
        const round = comments.ids.slice(start, start + ACTIVITY_ROUND);
        for (const [n, id] of round.entries()) {
          const reply = await call('POST', `/api/clients/${library.id}/content/${item.id}/comments`, {
            text: text(id, start + n),
          });
          if (reply.status < 300) comments.accepted.add(id);
        }
        watch.screen = 'review page';
        await reviewer.goto(new URL(review.body.reviewUrl).pathname + new URL(review.body.reviewUrl).hash);
        await reviewer.waitForLoadState('networkidle');
        await reviewer.waitForTimeout(500);
        await collectMarkers(reviewer, seenOnReviewPage);
        watch.screen = 'activity tracker';
        await page.goto('/activity-tracker');
        await page.getByTestId('activity-row').first().waitFor();
        await page.waitForTimeout(500);
        await collectMarkers(page, seenInActivities);
      }
    }
    await row('review comment', 'review page', comments, seenOnReviewPage);
    await row('activity (review comment)', 'activity tracker', comments, seenInActivities);
  } finally {
    await browser.close();
  }
  return { rows, control, ranOnApp: watch.ranOnApp() };
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
