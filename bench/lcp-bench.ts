/**
 * docs/architecture.md, "Budgets": Largest Contentful Paint of `/` for a first visit (empty cache) at 1.6
 * Mbps, 150 ms RTT and 4× CPU slowdown (Chromium through CDP), as the local gateway serves it: compressed,
 * and with compression refused (`Accept-Encoding: identity`) as the reference. Median of a few loads, after
 * one that fills the gateway's compression cache. The LCP is the last candidate once the page's heading is
 * shown and no new one has come for a second, and the element is printed: a reading taken at networkidle
 * alone could report an earlier 'Loading...' screen as the LCP.
 */
import { loadavg } from 'node:os';
import { ensureFrontendBuild } from '#local/frontend-build';
import { launchChromium } from '#test/e2e/support/e2e';
import { startTestRuntime } from '#test/support/test-runtime';
import { settledLcp, throttledPage } from './slow-first-visit';

const RUNS = 5;
const TARGET_MS = 2000;

async function lcp(url: string, compressed: boolean): Promise<{ ms: number; element: string }> {
  const browser = await launchChromium();
  try {
    const { page, cdp } = await throttledPage(browser);
    if (!compressed)
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'accept-encoding': 'identity' } });
    await page.goto(url, { waitUntil: 'networkidle' });
    return await settledLcp(page, { maxWaitMs: 10_000 });
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function run(): Promise<void> {
  await ensureFrontendBuild();
  const app = await startTestRuntime({ env: { LOG_REQUESTS: 'false' } });
  try {
    // One unmeasured load first: the gateway compresses each static file on its first request and keeps
    // the result, as CloudFront's cache does; a first visitor of a deployed app does not pay for that.
    await lcp(`${app.url}/`, true);
    // The 4× slowdown multiplies whatever else the machine runs, so the load is printed beside the figures.
    const load = () =>
      loadavg()
        .map((value) => value.toFixed(1))
        .join(' ');
    console.log(
      `LCP of / (first visit), 1.6 Mbps, 150 ms RTT, 4× CPU; median of ${RUNS}; load average ${load()}:`,
    );
    for (const compressed of [true, false]) {
      const times: number[] = [];
      const elements = new Set<string>();
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lcp(`${app.url}/`, compressed);
        times.push(result.ms);
        elements.add(result.element);
      }
      const ms = median(times);
      const verdict = compressed
        ? ms <= TARGET_MS
          ? '  within target'
          : `  OVER ${TARGET_MS} ms`
        : '  (reference)';
      console.log(
        `${(compressed ? 'compressed' : 'uncompressed').padEnd(13)} ${(ms / 1000).toFixed(2)} s${verdict}  (runs ${times.map((time) => (time / 1000).toFixed(2)).join(', ')} s; LCP element ${[...elements].join('/')}; load ${load()})`,
      );
    }
  } finally {
    await app.stop();
  }
}
