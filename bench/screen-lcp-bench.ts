/**
 * Signed-in screens on a slow link (docs/benchmarks.md, "Signed-in screens"): for every screen behind
 * the sign-in that renders in the app's frame (frontend/src/app/screen-paths.ts), with 2,000 clients
 * seeded for the user (an administrator, who sees every screen), the Largest Contentful Paint of a first visit of that screen (the session
 * already stored, nothing in the browser's cache) at 1.6 Mbps, 150 ms RTT and 4× CPU, against a floor:
 * the same screen's rendered markup saved as a static HTML page with the app's stylesheet and no
 * script, served by the same gateway under the same conditions. Printed per screen: both LCPs, their
 * ratio against the goal of 2×, the first GET /api/clients reply's JSON bytes against 50 KB, and the
 * largest API reply the screen read. Medians of BENCH_RUNS visits (default 3). It measures and prints;
 * nothing here fails on a figure.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { distDir } from '#local/frontend-build';
import { type E2eApp, signInThroughUi, startE2eApp } from '#test/e2e/support/e2e';
import { BARE_SCREEN_PATHS, GUARDED_SCREEN_PATHS } from '../frontend/src/app/screen-paths';
import { seedClients } from './large-list-seed';
import { kilobytes, median, seconds } from './page-timing';
import { settledLcp, throttledPage } from './slow-first-visit';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CLIENTS = 2_000;
/** The goal: every screen's LCP within this many times its static floor. */
const RATIO_GOAL = 2;
/** The goal: the first list request's JSON under this many bytes. */
const FIRST_LIST_GOAL_BYTES = 50 * 1024;
/** The floors are written into the build's folder, which the gateway serves as it is, then removed. */
const FLOOR_DIR = 'bench-floor';

/** Every signed-in screen in the frame; `BENCH_SCREENS=/clients,/usage` measures some of them. */
const SCREENS = GUARDED_SCREEN_PATHS.filter((path) => !BARE_SCREEN_PATHS.has(path)).filter(
  (path) => !process.env.BENCH_SCREENS || process.env.BENCH_SCREENS.split(',').includes(path),
);

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Visit {
  lcp: number;
  element: string;
  /** JSON bytes of the first GET /api/clients reply, when the screen read the list. */
  firstList: number | null;
  /** The largest GET /api/* reply, by its JSON bytes. */
  largest: { path: string; bytes: number } | null;
}

/** A first visit of `path`, signed in: its LCP, and the API replies it read until then. */
async function visitScreen(app: E2eApp, state: StorageState, path: string): Promise<Visit> {
  const { context, page } = await throttledPage(app.browser, {
    baseURL: app.url,
    viewport: { width: 1366, height: 900 },
    storageState: state,
  });
  const replies: Promise<{ path: string; list: boolean; bytes: number; at: number }>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || response.request().method() !== 'GET') return;
    const at = replies.length;
    replies.push(
      response.body().then(
        (body) => ({
          path: `${url.pathname}${url.search}`,
          list: url.pathname === '/api/clients',
          bytes: body.byteLength,
          at,
        }),
        () => ({ path: url.pathname, list: false, bytes: 0, at }),
      ),
    );
  });
  try {
    await page.goto(path, { waitUntil: 'networkidle', timeout: 180_000 });
    const { ms, element } = await settledLcp(page);
    const read = await Promise.all(replies);
    const firstList = read.find((reply) => reply.list)?.bytes ?? null;
    const largest = read.reduce<Visit['largest']>(
      (top, reply) => (top && top.bytes >= reply.bytes ? top : { path: reply.path, bytes: reply.bytes }),
      null,
    );
    return { lcp: ms, element, firstList, largest };
  } finally {
    await context.close();
  }
}

/**
 * The screen's floor: its markup once rendered (unthrottled), scripts and preloads removed, the app's
 * stylesheet kept, saved under the build so the same gateway serves it. Returns its URL path.
 */
async function writeFloor(app: E2eApp, state: StorageState, path: string): Promise<string> {
  const context = await app.browser.newContext({
    baseURL: app.url,
    viewport: { width: 1366, height: 900 },
    storageState: state,
  });
  try {
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle', timeout: 120_000 });
    await settledLcp(page);
    const html = (await page.evaluate(`(() => {
      const copy = document.documentElement.cloneNode(true);
      for (const node of copy.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"]')) node.remove();
      return '<!doctype html>' + copy.outerHTML;
    })()`)) as string;
    const name = `${path.replace(/^\//u, '').replace(/\//gu, '-') || 'home'}.html`;
    await writeFile(join(distDir, FLOOR_DIR, name), html);
    return `/${FLOOR_DIR}/${name}`;
  } finally {
    await context.close();
  }
}

async function floorLcp(app: E2eApp, floorPath: string): Promise<number> {
  const { context, page } = await throttledPage(app.browser, {
    baseURL: app.url,
    viewport: { width: 1366, height: 900 },
  });
  try {
    await page.goto(floorPath, { waitUntil: 'networkidle', timeout: 120_000 });
    return (await settledLcp(page)).ms;
  } finally {
    await context.close();
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

export async function run(): Promise<void> {
  const app = await startE2eApp({ env: { LOG_REQUESTS: 'false' } });
  await mkdir(join(distDir, FLOOR_DIR), { recursive: true });
  try {
    // An administrator: the activity tracker and the agency's settings are theirs alone.
    const user = await app.test.createUser(app.newEmail('screens'), { admin: true, password: 'Secret-123' });
    await seedClients(user, CLIENTS, 'Bench');
    const context = await app.browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    await signInThroughUi(page, user.email, 'Secret-123');
    const state = await context.storageState();
    await context.close();

    console.log(
      `Signed-in screens, first visit, ${CLIENTS.toLocaleString('en-US')} clients, Chromium 1366×900, 1.6 Mbps, 150 ms RTT, 4× CPU; medians of ${RUNS}; load average ${load()}`,
    );
    console.log(
      `goal: LCP within ${RATIO_GOAL}× the floor (the same markup as a static page from the same server), first list request under ${kilobytes(FIRST_LIST_GOAL_BYTES)} of JSON`,
    );
    for (const path of SCREENS) {
      await measureScreen(app, state, path).catch((error: unknown) =>
        console.log(`${path.padEnd(24)} not measured: ${String(error).split('\n')[0]}`),
      );
    }
  } finally {
    await rm(join(distDir, FLOOR_DIR), { recursive: true, force: true });
    await app.stop();
  }
}

/** One screen: its floor written and loaded once unmeasured, then RUNS visits of each, in turns. */
async function measureScreen(app: E2eApp, state: StorageState, path: string): Promise<void> {
  const floorPath = await writeFloor(app, state, path);
  // One unmeasured load of each: the gateway compresses a static file on its first request and
  // keeps the result, as CloudFront's cache does.
  await floorLcp(app, floorPath);
  await visitScreen(app, state, path);
  const visits: Visit[] = [];
  const floors: number[] = [];
  for (let round = 0; round < RUNS; round += 1) {
    visits.push(await visitScreen(app, state, path));
    floors.push(await floorLcp(app, floorPath));
  }
  const lcp = median(visits.map((visit) => visit.lcp));
  const floor = median(floors);
  const ratio = lcp / floor;
  const first = visits[0]?.firstList ?? null;
  const largest = visits[0]?.largest ?? null;
  const elements = [...new Set(visits.map((visit) => visit.element))].join(' / ');
  console.log(
    `${path.padEnd(24)} LCP ${seconds(lcp).padStart(7)}  floor ${seconds(floor).padStart(7)}  ${ratio.toFixed(2)}× ${ratio <= RATIO_GOAL ? 'within' : 'OVER'} ${RATIO_GOAL}×  ` +
      `first list ${first === null ? 'none' : `${kilobytes(first)} ${first < FIRST_LIST_GOAL_BYTES ? 'under' : 'OVER'} ${kilobytes(FIRST_LIST_GOAL_BYTES)}`}  ` +
      `largest reply ${largest ? `${kilobytes(largest.bytes)} ${largest.path.slice(0, 48)}` : 'none'}  ` +
      `(runs ${visits.map((visit) => seconds(visit.lcp)).join(', ')}; LCP element ${elements}; load ${load()})`,
  );
}
