/**
 * Timings taken inside the page (the list benches: docs/benchmarks.md), so Playwright's round trips are not
 * in them: from navigation start, or from an action run in the page, to the first animation frame at which a
 * condition on the DOM holds (a frame is when the browser can paint what the condition saw). Node's
 * type-check has no DOM library, so the page-side code is written as strings, as in lcp-bench.ts.
 */
import type { BrowserContext, Page, Request, Response } from 'playwright-core';

/** How long no list request may be in flight before the list counts as loaded. */
const IDLE_MS = 500;

/** Conditions are JavaScript expressions evaluated in the page, e.g. `document.querySelector('h1')`. */
export type PageCondition = string;

/**
 * Records, for every page the context opens, the time from navigation start to the first frame at which
 * each named condition held: read them with `navigationMarks`.
 */
export async function recordNavigationMarks(
  context: BrowserContext,
  marks: Readonly<Record<string, PageCondition>>,
): Promise<void> {
  const tests = Object.entries(marks)
    .map(([name, condition]) => `[${JSON.stringify(name)}, () => Boolean(${condition})]`)
    .join(',');
  await context.addInitScript(`(() => {
    const pending = new Map([${tests}]);
    const marks = {};
    window.__benchMarks = marks;
    const check = () => {
      for (const [name, test] of pending) {
        let held = false;
        try { held = test(); } catch { held = false; }
        if (held) {
          pending.delete(name);
          requestAnimationFrame(() => { marks[name] = performance.now(); });
        }
      }
      if (pending.size === 0) observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  })()`);
}

/** The marks recorded so far on this page, once every one of `names` is in (or after `timeoutMs`). */
export async function navigationMarks(
  page: Page,
  names: readonly string[],
  timeoutMs = 600_000,
): Promise<Record<string, number>> {
  // A function, not a string: the app's CSP refuses the eval a string predicate would need.
  await page.waitForFunction(
    (wanted: readonly string[]) => {
      const { __benchMarks: marks } = globalThis as { __benchMarks?: Record<string, number> };
      return marks !== undefined && wanted.every((name) => name in marks);
    },
    names,
    { timeout: timeoutMs, polling: 100 },
  );
  return (await page.evaluate('({ ...window.__benchMarks })')) as Record<string, number>;
}

/**
 * Runs `action` (a statement) in the page and returns the milliseconds until the first frame at which
 * `condition` holds; NaN when it never does within `timeoutMs`.
 */
export async function timeInPage(
  page: Page,
  action: string,
  condition: PageCondition,
  timeoutMs = 600_000,
): Promise<number> {
  return (await page.evaluate(`new Promise((resolve) => {
    const test = () => { try { return Boolean(${condition}); } catch { return false; } };
    let started = 0;
    let settled = false;
    const finish = (value) => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      clearTimeout(timer);
      resolve(value);
    };
    const check = () => {
      if (!settled && test()) requestAnimationFrame(() => finish(performance.now() - started));
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const timer = setTimeout(() => finish(Number.NaN), ${timeoutMs});
    started = performance.now();
    ${action};
    check();
  })`)) as number;
}

/**
 * A statement that types `value` into the input matching `selector` as one input event, the way React
 * sees a keystroke (the native value setter, then a bubbling `input` event).
 */
export function typeInto(selector: string, value: string): string {
  return `(() => {
    const input = document.querySelector(${JSON.stringify(selector)});
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    setter.call(input, ${JSON.stringify(value)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
  })()`;
}

/** The number of elements in the page's document. */
export async function elementCount(page: Page): Promise<number> {
  return (await page.evaluate("document.getElementsByTagName('*').length")) as number;
}

export interface ListTraffic {
  requests: number;
  /** JSON bytes of the replies, as the app parses them. */
  bytes: number;
  /** The same replies' bodies as they crossed the wire (compressed). */
  wireBytes: number;
}

/**
 * Counts the replies to GET requests whose URL matches `pattern`, from now until `stop()`; `idle()`
 * waits until none has been in flight for half a second.
 */
export function watchTraffic(
  page: Page,
  pattern: RegExp,
): { idle: () => Promise<void>; stop: () => Promise<ListTraffic> } {
  const sizes: Promise<{ bytes: number; wireBytes: number }>[] = [];
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const matches = (request: Request) => pattern.test(request.url()) && request.method() === 'GET';
  const started = (request: Request) => {
    if (!matches(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const listener = (response: Response) => {
    if (!pattern.test(response.url()) || response.request().method() !== 'GET') return;
    sizes.push(
      Promise.all([response.body(), response.request().sizes()]).then(
        ([body, measured]) => ({ bytes: body.byteLength, wireBytes: measured.responseBodySize }),
        () => ({ bytes: 0, wireBytes: 0 }),
      ),
    );
  };
  page.on('response', listener);
  return {
    idle: async () => {
      while (inFlight.size > 0 || Date.now() - lastChange < IDLE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: async () => {
      page.off('response', listener);
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      const all = await Promise.all(sizes);
      return {
        requests: all.length,
        bytes: all.reduce((sum, size) => sum + size.bytes, 0),
        wireBytes: all.reduce((sum, size) => sum + size.wireBytes, 0),
      };
    },
  };
}

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export const seconds = (ms: number): string =>
  Number.isNaN(ms) ? 'n/a' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;

export const kilobytes = (bytes: number): string =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} KB`;
