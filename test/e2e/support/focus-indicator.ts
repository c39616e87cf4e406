/**
 * The keyboard focus indicator's contrast (WCAG 2.1 non-text contrast for the ring; issue 31 item 5):
 * the ring or outline of the focused element, as painted (the element's own opacity included: a
 * half-transparent button paints a half-transparent ring), against both colours it touches: what is
 * behind the element, and on its inside the element's own fill (a ring hugging an indigo button reads
 * 1.9:1 there) or the ring offset's colour. Measured in the page: colours are resolved by painting them
 * on a canvas, so `oklch()` and `color-mix()` values count as the browser renders them.
 */
import type { Page } from 'playwright-core';

export interface FocusIndicator {
  /** Tag and accessible-ish name of the focused element. */
  element: string;
  /** The indicator's colour as painted, `rgb(r, g, b)`; null when the element shows none. */
  indicator: string | null;
  /** What is behind the element, and what the indicator touches on its inside. */
  background: string;
  /** The lower contrast of the indicator against those two; 0 when there is no indicator. */
  ratio: number;
}

/** Measures the focus indicator of `document.activeElement`. */
export function focusIndicator(page: Page): Promise<FocusIndicator | null> {
  // A string, not a function: Node's type-check has no DOM lib for the page's globals.
  return page.evaluate(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const rgba = (colour) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#000';
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top, bottom) => {
      const alpha = top[3];
      return [0, 1, 2].map((i) => Math.round(top[i] * alpha + bottom[i] * (1 - alpha))).concat(1);
    };
    // What is painted behind the element: its ancestors' backgrounds, nearest on top, over white.
    const layers = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] === 1) break;
    }
    let background = [255, 255, 255, 1];
    for (const layer of layers.reverse()) background = over(layer, background);
    // The element's opacity, and its ancestors', fade the ring it paints.
    let opacity = 1;
    for (let node = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    const style = getComputedStyle(element);
    // What the indicator touches on its inside: the element's own fill (over what is behind it), unless
    // a ring offset (a smaller ring of another colour) lies between them.
    const fill = rgba(style.backgroundColor);
    fill[3] *= opacity;
    const ownFill = over(fill, background);
    const candidates = [];
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      const offset = parseFloat(style.outlineOffset) || 0;
      candidates.push({ colour: style.outlineColor, inner: offset > 0 ? background : ownFill });
    }
    // Box shadows with a spread and no blur are rings (Tailwind's ring-*); split on commas outside parentheses.
    const rings = [];
    const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\\))/);
    for (const shadow of shadows) {
      const colour = /^(\\s*(?:rgba?|oklch|oklab|lab|lch|hsla?|color)\\([^)]*\\)|\\s*#[0-9a-f]+)/i.exec(shadow)?.[1];
      const lengths = shadow.replace(colour ?? '', '').trim().split(/\\s+/).map(parseFloat);
      const [, , blur = 0, spread = 0] = lengths;
      if (colour && spread > 0 && blur === 0 && !/inset/.test(shadow) && rgba(colour)[3] > 0) {
        rings.push({ colour, spread });
      }
    }
    rings.sort((a, b) => b.spread - a.spread);
    if (rings[0]) {
      const offsetRing = rings[1];
      const inner = offsetRing ? over(rgba(offsetRing.colour), background) : ownFill;
      candidates.push({ colour: rings[0].colour, inner });
    }
    const luminance = (rgb) => {
      const channel = (value) => {
        const unit = value / 255;
        return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
    };
    const contrast = (a, b) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    };
    // The indicator must stand out from both sides: what is behind the element and what it rings.
    let best = null;
    for (const candidate of candidates) {
      const colour = rgba(candidate.colour);
      colour[3] *= opacity;
      if (colour[3] === 0) continue;
      const painted = over(colour, background);
      const ratio = Math.min(contrast(painted, background), contrast(painted, candidate.inner));
      if (!best || ratio > best.ratio) best = { painted, ratio, inner: candidate.inner };
    }
    const name = (element.getAttribute('aria-label') || element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    const css = (rgb) => 'rgb(' + rgb.slice(0, 3).join(', ') + ')';
    return {
      element: element.tagName.toLowerCase() + ':' + name,
      indicator: best ? css(best.painted) : null,
      background: css(background) + (best ? ' / ' + css(best.inner) : ''),
      ratio: best ? Math.round(best.ratio * 100) / 100 : 0,
    };
  })()`);
}

/**
 * Presses Tab up to `maxStops` times (or until focus leaves the page) and measures every stop. Returns
 * the stops whose indicator reads under 3:1.
 */
export async function weakFocusIndicators(page: Page, maxStops = 80): Promise<FocusIndicator[]> {
  const weak: FocusIndicator[] = [];
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press('Tab');
    // The ring's transition (transition-all) must end before it is measured.
    await page.waitForTimeout(200);
    const measured = await focusIndicator(page);
    if (!measured) break;
    if (measured.ratio < 3) weak.push(measured);
  }
  return weak;
}
