/**
 * Colours from the content stay readable in the editor. Quill keeps a run's text and
 * highlight colours but drops a block's background (the newsletter's banner of white text on its accent)
 * and shows a link without a colour of its own in its link blue, which read 1.1:1 on the accent. Each
 * run whose text would not stand out from what is behind it (its highlight, or the editor's white) gets
 * the one of black and white that does; what was readable is left alone. Pure, so it is unit-tested.
 */

/** WCAG 2.1 AA for body text. */
const MINIMUM_CONTRAST = 4.5;
const EDITOR_BACKGROUND = '#ffffff';
/** The snow theme's link colour and the editor's text colour. */
const LINK_COLOUR = '#0066cc';
const TEXT_COLOUR = '#0a0a0a';

type Rgb = readonly [number, number, number];

function parseColour(value: string): Rgb | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/u.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/u.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
}

function luminance([red, green, blue]: Rgb): number {
  const channel = (value: number) => {
    const unit = value / 255;
    return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
}

/** The WCAG contrast ratio of two colours; null when either is not a colour this reads. */
export function contrastRatio(first: string, second: string): number | null {
  const a = parseColour(first);
  const b = parseColour(second);
  if (!a || !b) return null;
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

interface Run {
  insert?: unknown;
  attributes?: Record<string, unknown>;
}

const stringOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The attributes a run needs to be readable; the same object when it already is. */
function readableAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  const background = stringOf(attributes.background);
  const behind = background ?? EDITOR_BACKGROUND;
  const colour = stringOf(attributes.color) ?? (attributes.link ? LINK_COLOUR : TEXT_COLOUR);
  const ratio = contrastRatio(colour, behind);
  if (ratio === null || ratio >= MINIMUM_CONTRAST) return attributes;
  const { color: _dropped, ...rest } = attributes;
  // On the editor's own white, the default text colour is readable: the run loses its colour.
  if (background === null) return rest;
  const black = contrastRatio('#000000', behind) ?? 0;
  const white = contrastRatio('#ffffff', behind) ?? 0;
  return { ...rest, color: black >= white ? '#000000' : '#ffffff' };
}

/** The runs of a Quill delta, each readable against what is behind it. */
export function readableRuns<T extends Run>(runs: readonly T[]): T[] {
  return runs.map((run) => {
    if (typeof run.insert !== 'string' || !run.attributes) return run;
    const attributes = readableAttributes(run.attributes);
    return attributes === run.attributes ? run : { ...run, attributes };
  });
}
