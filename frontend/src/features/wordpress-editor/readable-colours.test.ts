import { describe, expect, it } from 'vitest';
import { contrastRatio, readableRuns } from './readable-colours';

describe('contrastRatio', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0066cc', '#b45309')).toBeCloseTo(1.1, 1);
    expect(contrastRatio('rgb(255, 255, 255)', '#b45309')).toBeCloseTo(5.0, 1);
    expect(contrastRatio('red', '#fff')).toBeNull();
  });
});

describe('readableRuns', () => {
  it('leaves readable runs alone', () => {
    const runs = [
      { insert: 'Plain' },
      { insert: 'Amber', attributes: { color: '#b45309' } },
      {
        insert: 'Call to action',
        attributes: { link: 'https://x', color: '#ffffff', background: '#b45309' },
      },
    ];
    const result = readableRuns(runs);
    expect(result).toEqual(runs);
    expect(result[2]).toBe(runs[2]);
  });

  it('gives white text on the white editor its default colour, and a highlighted link a readable one', () => {
    expect(
      readableRuns([
        { insert: 'Banner', attributes: { color: '#ffffff', bold: true } },
        { insert: 'See the menu', attributes: { link: 'https://x', background: '#b45309' } },
        { insert: 'Pale on yellow', attributes: { color: '#eeeeee', background: '#ffff00' } },
        { insert: '\n', attributes: { header: 1 } },
      ]),
    ).toEqual([
      { insert: 'Banner', attributes: { bold: true } },
      { insert: 'See the menu', attributes: { link: 'https://x', background: '#b45309', color: '#ffffff' } },
      { insert: 'Pale on yellow', attributes: { background: '#ffff00', color: '#000000' } },
      { insert: '\n', attributes: { header: 1 } },
    ]);
  });
});
