/**
 * Focus indicators measured as painted (docs/decisions.md, "Focus order, focus after an action": WCAG
 * 1.4.11): the ring or outline of the focused control against what it is drawn on and what it touches, used
 * by the focus tests to check single controls and every tab stop of a screen.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface RingMeasure {
  error?: string;
  focusVisible: boolean;
  ring: string;
  background: string;
  contrast: number;
}

/**
 * Measures the focused element's focus indicator in the page: the widest solid ring of its computed
 * box-shadow (Tailwind's ring) or its outline, its colour with the element's (and its ancestors')
 * opacity, composited over what it is drawn on: the element's own background for an inset ring, the
 * ancestors' backgrounds for an outer one. An outer ring must also stand out from what it touches on
 * its inside: the control's own fill (a ring hugging an indigo button reads 1.8:1
 * there) or the ring offset's colour; the lower of the two contrasts counts. Colours go through a
 * canvas, so oklch() and color-mix() come out as the sRGB the screen shows.
 */
const MEASURE_RING = `(async () => {
  const element = document.activeElement;
  if (!element || element === document.body) return { error: 'nothing is focused' };
  // Finite animations of the element and its ancestors (a ring fading in, a menu popping in at
  // partial opacity) finish first; endless ones (a spinner) never would, and do not touch the ring.
  // One cancelled on the way (a transition replaced by the next state's) rejects its promise with an
  // AbortError; it no longer draws, so it counts as finished.
  await Promise.all(
    document
      .getAnimations()
      .filter((animation) => {
        const target = animation.effect && animation.effect.target;
        return target && target.contains(element) && animation.effect.getComputedTiming().endTime !== Infinity;
      })
      .map((animation) => animation.finished.catch(() => undefined)),
  );
  const style = getComputedStyle(element);
  const topLevel = (value) => {
    const parts = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < value.length; i += 1) {
      if (value[i] === '(') depth += 1;
      else if (value[i] === ')') depth -= 1;
      else if (value[i] === ',' && depth === 0) {
        parts.push(value.slice(start, i).trim());
        start = i + 1;
      }
    }
    parts.push(value.slice(start).trim());
    return parts;
  };
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const SENTINEL = '#010203';
  const paint = (layers) => {
    context.globalAlpha = 1;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 1, 1);
    for (const [color, alpha] of layers) {
      context.fillStyle = SENTINEL;
      context.fillStyle = color;
      if (context.fillStyle === SENTINEL) throw new Error('canvas cannot read the colour ' + color);
      context.globalAlpha = alpha;
      context.fillRect(0, 0, 1, 1);
    }
    const data = context.getImageData(0, 0, 1, 1).data;
    return [data[0], data[1], data[2]];
  };
  const alphaOf = (color) => {
    context.clearRect(0, 0, 1, 1);
    context.globalAlpha = 1;
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    return context.getImageData(0, 0, 1, 1).data[3] / 255;
  };
  // The indicator: the widest unblurred shadow with a spread (a ring), else a visible outline.
  let ring = null;
  let inset = false;
  let widest = 0;
  if (style.boxShadow && style.boxShadow !== 'none') {
    for (const shadow of topLevel(style.boxShadow)) {
      const match = shadow.match(/^(\\S+\\(.*?\\)|\\S+)\\s+(-?[\\d.]+)px\\s+(-?[\\d.]+)px\\s+([\\d.]+)px\\s+(-?[\\d.]+)px(\\s+inset)?$/);
      if (!match) continue;
      const [, color, x, y, blur, spread, isInset] = match;
      if (Number(x) !== 0 || Number(y) !== 0 || Number(blur) !== 0 || Number(spread) <= widest) continue;
      if (alphaOf(color) === 0) continue;
      ring = color;
      inset = Boolean(isInset);
      widest = Number(spread);
    }
  }
  if (!ring && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
    ring = style.outlineColor;
    inset = parseFloat(style.outlineOffset) < 0;
  }
  if (!ring) return { error: 'no focus ring on ' + element.tagName, focusVisible: element.matches(':focus-visible') };
  // What the ring is drawn on: backgrounds from the page down to the element (inset) or its parent.
  const backgrounds = [];
  for (let node = inset ? element : element.parentElement; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    if (alphaOf(color) === 0) continue;
    backgrounds.unshift(color);
    if (alphaOf(color) === 1) break;
  }
  let opacity = 1;
  for (let node = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
  const under = backgrounds.map((color) => [color, 1]);
  const behind = paint(under);
  const drawn = paint([...under, [ring, opacity]]);
  const luminance = ([r, g, b]) => {
    const [R, G, B] = [r, g, b].map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const contrastOf = (a, b) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  // An outer ring touches the control on its inside: the control's own fill, or a ring offset (a
  // narrower ring of another colour) between them. It must stand out there too.
  let inside = null;
  if (!inset) {
    let offset = null;
    let offsetSpread = 0;
    for (const shadow of style.boxShadow && style.boxShadow !== 'none' ? topLevel(style.boxShadow) : []) {
      const match = shadow.match(/^(\\S+\\(.*?\\)|\\S+)\\s+0px\\s+0px\\s+0px\\s+([\\d.]+)px$/);
      if (!match || Number(match[2]) >= widest || Number(match[2]) <= offsetSpread) continue;
      if (alphaOf(match[1]) === 0) continue;
      offset = match[1];
      offsetSpread = Number(match[2]);
    }
    inside = paint([...under, [offset ?? style.backgroundColor, offset ? 1 : opacity]]);
  }
  const contrast = Math.min(contrastOf(drawn, behind), inside ? contrastOf(drawn, inside) : Infinity);
  return {
    focusVisible: element.matches(':focus-visible'),
    ring: 'rgb(' + drawn.join(', ') + ')',
    background: 'rgb(' + behind.join(', ') + ')' + (inside ? ' / inside rgb(' + inside.join(', ') + ')' : ''),
    contrast: Math.round(contrast * 100) / 100,
  };
})()`;

/** The focused control's ring contrast; fails on no ring, a hidden one, or under 3:1. */
export async function expectRingContrast(page: Page, control: string): Promise<number> {
  const measure = (await page.evaluate(MEASURE_RING)) as RingMeasure;
  expect(measure.error, control).toBeUndefined();
  expect(measure.focusVisible, `${control} shows its focus`).toBe(true);
  expect(
    measure.contrast,
    `${control}: ring ${measure.ring} on ${measure.background}`,
  ).toBeGreaterThanOrEqual(3);
  return measure.contrast;
}

/** Focuses a control as the keyboard would: a key press first, so the browser shows :focus-visible. */
export async function keyboardFocus(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  await page.keyboard.press('Shift');
  await locator.focus();
}

/** Measures the focused element's indicator; `error` says when nothing is focused or it shows none. */
export async function measureFocusRing(page: Page): Promise<RingMeasure> {
  return (await page.evaluate(MEASURE_RING)) as RingMeasure;
}

/**
 * Presses Tab up to `maxStops` times (or until the focus leaves the page) and measures every stop.
 * Returns a line for each stop whose indicator is missing or reads under 3:1.
 */
export async function weakFocusIndicators(page: Page, maxStops = 80): Promise<string[]> {
  const weak: string[] = [];
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(`(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return null;
      const label = (active.getAttribute('aria-label') || active.textContent || '').trim().replace(/\\s+/g, ' ');
      return active.tagName.toLowerCase() + ':' + label.slice(0, 40);
    })()`);
    if (name === null) break;
    const measure = await measureFocusRing(page);
    if (measure.error) weak.push(`${name}: ${measure.error}`);
    else if (measure.contrast < 3) {
      weak.push(`${name}: ${measure.contrast}:1 (${measure.ring} on ${measure.background})`);
    }
  }
  return weak;
}
