/**
 * Horizontal overflow on narrow screens (docs/decisions.md, "Phones, 360 and 390 px"): a header that squeezes
 * its title to one letter per line, or a dialog whose input is wider than the dialog, shows as an element
 * whose content is wider than its own box, or as a scroll container (a dialog, the page) that scrolls
 * sideways. Both are found here, with what the element is, so a failing walk says where to look.
 *
 * Not counted: form controls (they scroll their own text), elements that clip on purpose (`overflow:
 * hidden` or `clip`: truncated text, avatars, the screen-reader-only text), and scrollers meant to scroll
 * sideways, marked `data-scroll-x` (code blocks, wide tables).
 */
import type { Page } from 'playwright-core';

export interface OverflowFinding {
  /** A short description of the element: tag, test id or role, classes, start of its text. */
  element: string;
  /** The innermost elements inside it that reach past its right edge: where to look. */
  culprits: string[];
  kind: 'content wider than its box' | 'scrolls sideways' | 'page scrolls sideways';
  scrollWidth: number;
  clientWidth: number;
}

/** One pixel of slack: sub-pixel layout rounds either way. */
const SLACK = 1;

export async function overflowingElements(page: Page): Promise<OverflowFinding[]> {
  return page.evaluate((slack) => {
    // Node's type-check has no DOM lib: the page's globals are reached through a structural type.
    interface Box {
      tagName: string;
      scrollWidth: number;
      clientWidth: number;
      id: string;
      textContent: string | null;
      getAttribute(name: string): string | null;
      closest(selector: string): Box | null;
      getClientRects(): { length: number };
      contains(other: Box): boolean;
      getBoundingClientRect(): { left: number; right: number };
      clientLeft: number;
      parentElement: Box | null;
      querySelectorAll(selector: string): Iterable<Box>;
    }
    const { document, getComputedStyle, innerWidth } = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<Box>; documentElement: Box };
      getComputedStyle(element: Box): {
        overflowX: string;
        display: string;
        visibility: string;
        whiteSpace: string;
      };
      innerWidth: number;
    };
    const describe = (element: Box) => {
      const name =
        element.getAttribute('data-testid') ??
        element.getAttribute('data-slot') ??
        element.getAttribute('role') ??
        element.id;
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const classes = (element.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.');
      return `${element.tagName.toLowerCase()}${name ? `[${name}]` : ''}${classes ? `.${classes}` : ''} "${text}"`;
    };
    /**
     * Where the width comes from: the outermost descendants that reach past the element's inner right
     * edge and are not merely stretched to their parent's width (a row that will not wrap, a button,
     * tabs sized to their labels). A stretched box only passes on the width of something inside it.
     */
    const culpritsOf = (element: Box) => {
      const edge = element.getBoundingClientRect().left + element.clientLeft + element.clientWidth + slack;
      const sized = [...element.querySelectorAll('*')].filter((inner) => {
        if (inner.getClientRects().length === 0 || inner.getBoundingClientRect().right <= edge) return false;
        const parent = inner.parentElement;
        const stretched =
          parent !== null &&
          Math.abs(inner.getBoundingClientRect().right - parent.getBoundingClientRect().right) <= slack &&
          Math.abs(inner.getBoundingClientRect().left - parent.getBoundingClientRect().left) <= slack;
        return !stretched || getComputedStyle(inner).whiteSpace === 'nowrap';
      });
      return sized
        .filter((inner) => !sized.some((other) => other !== inner && other.contains(inner)))
        .slice(0, 3)
        .map(describe);
    };
    const findings: {
      element: string;
      culprits: string[];
      kind: 'content wider than its box' | 'scrolls sideways' | 'page scrolls sideways';
      scrollWidth: number;
      clientWidth: number;
    }[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > innerWidth + slack) {
      findings.push({
        element: 'html',
        culprits: culpritsOf(root),
        kind: 'page scrolls sideways',
        scrollWidth: root.scrollWidth,
        clientWidth: innerWidth,
      });
    }
    const flagged: { element: Box; kind: 'content wider than its box' | 'scrolls sideways' }[] = [];
    for (const element of document.querySelectorAll('body *')) {
      if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'svg', 'IFRAME'].includes(element.tagName)) continue;
      // A toast's icon box is 16 px around a 19 px glyph: ink overflow no one can see.
      if (element.closest('[data-scroll-x], [aria-hidden="true"], svg, [data-sonner-toast] [data-icon]'))
        continue;
      if (element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.display.startsWith('inline') && style.display !== 'inline-block') continue;
      if (style.display === 'contents' || style.visibility === 'hidden') continue;
      if (style.overflowX === 'hidden' || style.overflowX === 'clip') continue;
      if (element.scrollWidth <= element.clientWidth + slack || element.clientWidth === 0) continue;
      flagged.push({
        element,
        kind: style.overflowX === 'visible' ? 'content wider than its box' : 'scrolls sideways',
      });
    }
    // Content that sticks out makes every box around it wider too: name the innermost, where it starts.
    const innermost = flagged.filter(
      ({ element, kind }) =>
        kind === 'scrolls sideways' ||
        !flagged.some((other) => other.element !== element && element.contains(other.element)),
    );
    for (const { element, kind } of innermost) {
      findings.push({
        element: describe(element),
        culprits: culpritsOf(element),
        kind,
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      });
    }
    return findings;
  }, SLACK);
}

/** Throws with every overflowing element, naming the state so a failing walk says where. */
export async function expectNoHorizontalOverflow(page: Page, state: string): Promise<void> {
  const findings = await overflowingElements(page);
  if (findings.length === 0) return;
  const lines = findings.map(
    (finding) =>
      `  ${finding.kind}: ${finding.element} (${finding.scrollWidth} > ${finding.clientWidth} px)${finding.culprits.map((culprit) => `\n    reaching past it: ${culprit}`).join('')}`,
  );
  throw new Error(`${findings.length} element(s) overflow sideways in "${state}":\n${lines.join('\n')}`);
}

/** The phone widths every screen must fit: a small Android phone and a current iPhone. */
export const PHONE_WIDTHS = [360, 390] as const;

/**
 * Checks the page as it is at 360 and 390 px wide (the height stays), then restores the viewport. A
 * layout that reacts to the width (the mobile sidebar, a dialog's breakpoints) is measured at each.
 */
export async function expectFitsPhones(page: Page, state: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  try {
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: viewport.height });
      // A resize re-lays out on the next frame; two frames make sure the measure sees it.
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            (
              globalThis as unknown as { requestAnimationFrame(callback: () => void): void }
            ).requestAnimationFrame(() =>
              (
                globalThis as unknown as { requestAnimationFrame(callback: () => void): void }
              ).requestAnimationFrame(() => resolve(null)),
            ),
          ),
      );
      await expectNoHorizontalOverflow(page, `${state} at ${width} px`);
    }
  } finally {
    await page.setViewportSize(viewport);
  }
}
