/**
 * docs/decisions.md, "Large agencies: lists of summaries, virtualized grids": a client's Content Library in
 * Chromium with 100 and with 5,000 items (about 400 words each, six types), side by side in the same run,
 * each size in turn in every round. For each: the time from the 'View Content' click to the first item shown;
 * a search for one item's unique word over the whole library, from the input event to the frame that shows
 * that item alone; the list requests and their JSON bytes; the page's element count with the library open.
 * Medians of BENCH_RUNS rounds (default 3); the ratios are against the 100-item case of the same run.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { signInThroughUi, startE2eApp } from '#test/e2e/support/e2e';
import { seedLibrary, uniqueToken } from './large-list-seed';
import {
  elementCount,
  kilobytes,
  type ListTraffic,
  median,
  seconds,
  timeInPage,
  typeInto,
  watchTraffic,
} from './page-timing';

const SIZES = [100, 5_000] as const;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ITEM = '[role=dialog] [data-testid="library-item"]';
const SEARCH = 'input[placeholder="Search content..."]';

interface Round {
  firstItems: number;
  loaded: number;
  search: number;
  elements: number;
  traffic: ListTraffic;
}

const onlyItem = (token: string) =>
  `(() => { const items = document.querySelectorAll('${ITEM}'); return items.length === 1 && items[0].textContent.includes(${JSON.stringify(token)}); })()`;

const clientName = (size: number) => `Library ${size}`;

async function openLibrary(page: Page, size: number): Promise<Round> {
  await page.goto('/clients');
  const name = clientName(size);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: /View Content/u }).waitFor();
  const traffic = watchTraffic(page, /\/content(\?|$)/u);
  const opened = performance.now();
  const firstItems = await timeInPage(
    page,
    "[...document.querySelectorAll('[role=menuitem]')].find((item) => item.textContent.startsWith('View Content')).click()",
    `document.querySelector('${ITEM}')`,
  );
  await traffic.idle();
  const loaded = performance.now() - opened;
  const listTraffic = await traffic.stop();
  const elements = await elementCount(page);
  const token = uniqueToken(Math.floor(size * 0.61));
  const search = await timeInPage(page, typeInto(SEARCH, token), onlyItem(token));
  return { firstItems, loaded, search, elements, traffic: listTraffic };
}

export async function run(): Promise<void> {
  const app = await startE2eApp({ env: { LOG_REQUESTS: 'false' } });
  try {
    const user = await app.test.createUser(app.newEmail('library'), { password: 'Secret-123' });
    const started = performance.now();
    for (const size of SIZES) {
      const client = await app.test.request<{ id: string }>('POST', '/api/clients', {
        token: user.idToken,
        body: { name: clientName(size) },
      });
      if (client.status !== 201) throw new Error(`Creating a client answered ${client.status}`);
      await seedLibrary(client.body.id, user.userId, size);
    }
    console.log(
      `seeded ${SIZES.join(' and ')} items in ${seconds(performance.now() - started)}; ${RUNS} rounds`,
    );
    const context = await app.browser.newContext({
      baseURL: app.url,
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await signInThroughUi(page, user.email, 'Secret-123');
    // One unmeasured opening, so every size is measured with the app's scripts in the browser's cache.
    await openLibrary(page, SIZES[0]);
    const rounds = new Map<number, Round[]>(SIZES.map((size) => [size, []]));
    for (let round = 0; round < RUNS; round += 1) {
      for (const size of SIZES) rounds.get(size)?.push(await openLibrary(page, size));
    }
    const reference = rounds.get(SIZES[0]) ?? [];
    const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
    console.log(`Content Library, Chromium 1366×900; medians; load average ${loadavg()[0]?.toFixed(1)}`);
    for (const size of SIZES) {
      const list = rounds.get(size) ?? [];
      const of = (pick: (round: Round) => number) => median(list.map(pick));
      const first = of((round) => round.firstItems);
      const search = of((round) => round.search);
      const traffic = list[0]?.traffic;
      console.log(
        `${String(size).padStart(5)} items: first items ${seconds(first)} (${ratio(first, median(reference.map((round) => round.firstItems)))}), ` +
          `every list request done ${seconds(of((round) => round.loaded))}, search ${seconds(search)} (${ratio(search, median(reference.map((round) => round.search)))}), ` +
          `${of((round) => round.elements).toLocaleString('en-US')} elements, ` +
          `${traffic?.requests ?? 0} list requests ${kilobytes(traffic?.bytes ?? 0)} JSON (${kilobytes(traffic?.wireBytes ?? 0)} on the wire)`,
      );
    }
    console.log('goal: first items within 1.5× of 100 items at 5,000');
  } finally {
    await app.stop();
  }
}
