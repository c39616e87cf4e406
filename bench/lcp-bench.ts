/**
 * Issue 15 / DESIGN §6: Largest Contentful Paint of `/` for a first visit (empty cache) at 1.6 Mbps,
 * 150 ms RTT and 4× CPU slowdown (Chromium through CDP), as the local gateway serves it: compressed,
 * and with compression refused (`Accept-Encoding: identity`) as the reference. Median of a few loads,
 * after one that fills the gateway's compression cache.
 */
import { loadavg } from 'node:os';
import { ensureFrontendBuild } from '#local/frontend-build';
import { launchChromium } from '#test/e2e/support/e2e';
import { startTestRuntime } from '#test/support/test-runtime';

const RUNS = 5;
const TARGET_MS = 2000;
const THROUGHPUT_BYTES_PER_SECOND = (1.6 * 1024 * 1024) / 8;

async function lcpMs(url: string, compressed: boolean): Promise<number> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
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
    if (!compressed)
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'accept-encoding': 'identity' } });
    await page.goto(url, { waitUntil: 'networkidle' });
    // A string, because this runs in the page and Node's PerformanceObserver types know no LCP entries.
    const lcp = await page.evaluate(`new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries.length > 0 ? entries[entries.length - 1].startTime : Number.NaN);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`);
    return Number(lcp);
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
    await lcpMs(`${app.url}/`, true);
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
      for (let run = 0; run < RUNS; run += 1) times.push(await lcpMs(`${app.url}/`, compressed));
      const ms = median(times);
      const verdict = compressed
        ? ms <= TARGET_MS
          ? '  within target'
          : `  OVER ${TARGET_MS} ms`
        : '  (reference)';
      console.log(
        `${(compressed ? 'compressed' : 'uncompressed').padEnd(13)} ${(ms / 1000).toFixed(2)} s${verdict}  (runs ${times.map((time) => (time / 1000).toFixed(2)).join(', ')} s; load ${load()})`,
      );
    }
  } finally {
    await app.stop();
  }
}
