/**
 * docs/decisions.md, "Large agencies: lists of summaries, virtualized grids": the Clients page in Chromium
 * with 20, 200 and 2,000 clients (one user each, full profiles), measured side by side in the same run, each
 * size in turn in every round. For each: the time from navigation start to the first card, and until the
 * first page is in (no 'Loading more clients...'; the list pages on the server, the rest loads as the grid's
 * end comes near); a search for one client's unique word, from the input event to the frame that shows that
 * card alone (the screen's 250 ms pause, then GET /api/clients?search=); the GET /api/clients requests and
 * their JSON bytes; the page's element count. Medians of BENCH_RUNS rounds (default 3); the ratios are
 * against the 20-client case of the same run.
 */
import { loadavg } from 'node:os';
import { type E2eApp, signInThroughUi, startE2eApp } from '#test/e2e/support/e2e';
import { seedClients, uniqueToken } from './large-list-seed';
import {
  elementCount,
  kilobytes,
  type ListTraffic,
  median,
  navigationMarks,
  recordNavigationMarks,
  seconds,
  timeInPage,
  typeInto,
  watchTraffic,
} from './page-timing';

const SIZES = [20, 200, 2_000] as const;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CARD = '[data-testid="client-card"]';
const SEARCH = 'input[placeholder="Search clients..."]';

const MARKS = {
  firstCard: `document.querySelector('${CARD}')`,
  allLoaded: `document.querySelector('${CARD}') && ![...document.querySelectorAll('[role=status]')].some((status) => status.textContent.includes('Loading more clients'))`,
};

interface Round {
  firstCard: number;
  allLoaded: number;
  search: number;
  elements: number;
  traffic: ListTraffic;
}

const onlyCard = (token: string) =>
  `(() => { const cards = document.querySelectorAll('${CARD}'); return cards.length === 1 && cards[0].textContent.includes(${JSON.stringify(token)}); })()`;

async function openClientsPage(app: E2eApp, size: number) {
  const user = await app.test.createUser(app.newEmail(`clients${size}`), { password: 'Secret-123' });
  await seedClients(user, size, `Bench ${size}`);
  const context = await app.browser.newContext({ baseURL: app.url, viewport: { width: 1366, height: 900 } });
  await recordNavigationMarks(context, MARKS);
  const page = await context.newPage();
  await signInThroughUi(page, user.email, 'Secret-123');
  // One unmeasured visit, so every size is measured with the app's scripts in the browser's cache.
  await page.goto('/clients');
  await navigationMarks(page, Object.keys(MARKS));
  return page;
}

export async function run(): Promise<void> {
  const app = await startE2eApp({ env: { LOG_REQUESTS: 'false' } });
  try {
    const started = performance.now();
    const pages = new Map<number, Awaited<ReturnType<typeof openClientsPage>>>();
    for (const size of SIZES) pages.set(size, await openClientsPage(app, size));
    console.log(
      `seeded ${SIZES.join(', ')} clients in ${seconds(performance.now() - started)}; ${RUNS} rounds`,
    );
    const rounds = new Map<number, Round[]>(SIZES.map((size) => [size, []]));
    for (let round = 0; round < RUNS; round += 1) {
      for (const size of SIZES) {
        const page = pages.get(size);
        if (!page) continue;
        const traffic = watchTraffic(page, /\/api\/clients(\?|$)/u);
        await page.goto('/clients');
        const marks = await navigationMarks(page, Object.keys(MARKS));
        await traffic.idle();
        const listTraffic = await traffic.stop();
        const elements = await elementCount(page);
        const token = uniqueToken(Math.floor(size * 0.37));
        const search = await timeInPage(page, typeInto(SEARCH, token), onlyCard(token));
        rounds.get(size)?.push({
          firstCard: marks.firstCard ?? Number.NaN,
          allLoaded: marks.allLoaded ?? Number.NaN,
          search,
          elements,
          traffic: listTraffic,
        });
      }
    }
    const reference = rounds.get(SIZES[0]) ?? [];
    const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
    console.log(`Clients page, Chromium 1366×900; medians; load average ${loadavg()[0]?.toFixed(1)}`);
    for (const size of SIZES) {
      const list = rounds.get(size) ?? [];
      const of = (pick: (round: Round) => number) => median(list.map(pick));
      const first = of((round) => round.firstCard);
      const search = of((round) => round.search);
      const traffic = list[0]?.traffic;
      console.log(
        `${String(size).padStart(5)} clients: first cards ${seconds(first)} (${ratio(first, median(reference.map((round) => round.firstCard)))}), ` +
          `first page in ${seconds(of((round) => round.allLoaded))}, search ${seconds(search)} (${ratio(search, median(reference.map((round) => round.search)))}), ` +
          `${of((round) => round.elements).toLocaleString('en-US')} elements, ` +
          `${traffic?.requests ?? 0} list requests ${kilobytes(traffic?.bytes ?? 0)} JSON (${kilobytes(traffic?.wireBytes ?? 0)} on the wire)`,
      );
    }
    console.log(
      'goal: first cards within 1.5× of 20 clients at 2,000; search (250 ms pause included) within 1.5× of 20 clients at 2,000',
    );
  } finally {
    await app.stop();
  }
}
