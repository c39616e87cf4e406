import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Font, Glyph } from 'opentype.js';

/**
 * The offline picture writes its text as SVG paths drawn from a shipped font (DejaVu Sans Bold), so it
 * never depends on the fonts a machine has: a Lambda has none, and text would render as boxes. In
 * Lambda the font sits in the function's folder, LAMBDA_TASK_ROOT, beside index.mjs (the bundling copies
 * it there: infra/media-bundling.ts); it cannot be looked up beside this module, which the split build
 * puts in chunks/, and the npm package it comes from is not shipped. Elsewhere (the local runtime, the
 * tests) it is read from that package.
 */
export const FONT_FILE_NAME = 'DejaVuSans-Bold.ttf';

let loaded: Promise<Font> | undefined;

export function offlineFontPath(env: NodeJS.ProcessEnv = process.env): string {
  const taskRoot = env.LAMBDA_TASK_ROOT;
  if (!taskRoot) return createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${FONT_FILE_NAME}`);
  const shipped = join(taskRoot, FONT_FILE_NAME);
  if (!existsSync(shipped)) {
    throw new Error(
      `The offline image renderer's font ${FONT_FILE_NAME} is missing from the function's folder ${taskRoot}; the bundling copies it there (infra/media-bundling.ts).`,
    );
  }
  return shipped;
}

export function loadFont(): Promise<Font> {
  loaded ??= import('opentype.js').then((opentype) => {
    // The ES build has named exports; Node's CommonJS build only a default one.
    const parse = typeof opentype.parse === 'function' ? opentype.parse : opentype.default.parse;
    const bytes = readFileSync(offlineFontPath());
    return parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  });
  return loaded;
}

/**
 * Lays glyphs out one by one with kerning. opentype.js's own text shaping trips over DejaVu's contextual
 * substitution tables, and Latin text needs none of it.
 */
function layout(font: Font, text: string, size: number, visit?: (glyph: Glyph, x: number) => void): number {
  const scale = size / font.unitsPerEm;
  let x = 0;
  let previous: Glyph | undefined;
  for (const char of text) {
    const glyph = font.charToGlyph(char);
    if (previous) x += font.getKerningValue(previous, glyph) * scale;
    visit?.(glyph, x);
    x += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  return x;
}

export function textWidth(font: Font, text: string, size: number): number {
  return layout(font, text, size);
}

/** One line of text as an SVG path, left-aligned at (x, baseline). */
export function textPath(font: Font, text: string, x: number, baseline: number, size: number, fill: string) {
  const data: string[] = [];
  layout(font, text, size, (glyph, offset) =>
    data.push(glyph.getPath(x + offset, baseline, size).toPathData(1)),
  );
  return `<path fill="${fill}" d="${data.join('')}"/>`;
}

/** Breaks text into at most `maxLines` lines that fit `width`; the last one ends with '…' if cut. */
export function wrapText(font: Font, text: string, size: number, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(font, candidate, size) <= width || current === '') {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && current) lines.push(current);
  const used = lines.join(' ').split(/\s+/).length;
  if (used < words.length && lines.length > 0) {
    let last = lines[lines.length - 1] ?? '';
    while (last.length > 1 && textWidth(font, `${last}…`, size) > width) last = last.slice(0, -1);
    lines[lines.length - 1] = `${last.trimEnd()}…`;
  }
  return lines.map((line) => {
    let fitted = line;
    while (fitted.length > 1 && textWidth(font, fitted, size) > width) fitted = `${fitted.slice(0, -2)}…`;
    return fitted;
  });
}
