import { describe, expect, it } from 'vitest';
import { ANCHOR_CONTEXT, anchorAt, locateAnchor, textAnchorSchema } from './text-anchor';

const text = 'Fresh bread every morning. Croissants on Sundays. Fresh bread at noon too.';

describe('text anchors', () => {
  it('keeps the passage, its context and its place', () => {
    const start = text.indexOf('Croissants');
    const anchor = anchorAt(text, start, start + 'Croissants on Sundays'.length);
    expect(anchor).toEqual({
      quote: 'Croissants on Sundays',
      prefix: 'Fresh bread every morning. ',
      suffix: '. Fresh bread at noon too.',
      start,
      end: start + 21,
    });
    expect(textAnchorSchema.safeParse(anchor).success).toBe(true);
    expect(anchorAt(text, 5, 6)).toBeNull();
    expect(anchorAt('x'.repeat(100), 50, 60)?.prefix).toHaveLength(ANCHOR_CONTEXT);
  });

  it('finds the passage after an edit elsewhere in the text moved it', () => {
    const start = text.indexOf('Croissants');
    const anchor = anchorAt(text, start, start + 10);
    if (!anchor) throw new Error('no anchor');
    const edited = `New: open on Mondays. ${text}`;
    expect(locateAnchor(edited, anchor)).toEqual({ found: true, start: start + 22, end: start + 32 });
    expect(locateAnchor(text, anchor)).toEqual({ found: true, start, end: start + 10 });
  });

  it('tells two same quotes apart by their context', () => {
    const second = text.lastIndexOf('Fresh bread');
    const anchor = anchorAt(text, second, second + 'Fresh bread'.length);
    if (!anchor) throw new Error('no anchor');
    // Text inserted before both moves them; the second is still the one after "Sundays. ".
    const edited = `Hello. ${text}`;
    expect(locateAnchor(edited, anchor)).toEqual({ found: true, start: second + 7, end: second + 18 });
  });

  it('says the passage changed when its own words were edited', () => {
    const start = text.indexOf('Croissants');
    const anchor = anchorAt(text, start, start + 'Croissants on Sundays'.length);
    if (!anchor) throw new Error('no anchor');
    expect(locateAnchor(text.replace('on Sundays', 'every Saturday'), anchor)).toEqual({ found: false });
  });

  it('refuses an anchor whose offsets do not fit its quote', () => {
    const bad = { quote: 'abc', prefix: '', suffix: '', start: 0, end: 5 };
    expect(textAnchorSchema.safeParse(bad).success).toBe(false);
  });
});
