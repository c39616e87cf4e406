/**
 * A first visit on a slow link, as the LCP benches measure it (docs/benchmarks.md, "lcp" and "Signed-in
 * screens"): a fresh context with the cache off, 1.6 Mbps both ways, 150 ms RTT and 4× CPU through CDP,
 * and the page's Largest Contentful Paint once it has settled. The page-side code is a string because
 * Node's type-check has no DOM library and knows no LCP entries.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

const THROUGHPUT_BYTES_PER_SECOND = (1.6 * 1024 * 1024) / 8;
/** How long no new LCP candidate must appear before the last one counts as the page's LCP. */
const SETTLE_MS = 1000;

/** A page in a fresh context (no cache), the slow link and CPU applied. */
export async function throttledPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: THROUGHPUT_BYTES_PER_SECOND,
    uploadThroughput: THROUGHPUT_BYTES_PER_SECOND,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, cdp };
}

/**
 * The last LCP candidate once the page's heading is shown and no new candidate has come for a second
 * (LCP has no final event without user input), read for at most `maxWaitMs`: reading the entries as
 * soon as the page is idle could catch only an earlier, smaller candidate (a 'Loading...' screen).
 */
export async function settledLcp(
  page: Page,
  { maxWaitMs = 15_000, headingTimeoutMs = 120_000 }: { maxWaitMs?: number; headingTimeoutMs?: number } = {},
): Promise<{ ms: number; element: string }> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: headingTimeoutMs });
  const read = () =>
    page.evaluate(`new Promise((resolve) => {
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve(list.getEntries().map((entry) => [entry.startTime, (entry.element?.tagName ?? '?') + ' "' + (entry.element?.textContent ?? '').trim().slice(0, 24) + '…"']));
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`) as Promise<[number, string][]>;
  let entries = await read();
  for (let waited = 0; waited < maxWaitMs; waited += SETTLE_MS) {
    await page.waitForTimeout(SETTLE_MS);
    const again = await read();
    if (again.length === entries.length && again.at(-1)?.[0] === entries.at(-1)?.[0]) break;
    entries = again;
  }
  const last = entries.at(-1);
  if (!last) throw new Error(`No largest-contentful-paint entry for ${page.url()}.`);
  return { ms: last[0], element: last[1] };
}
