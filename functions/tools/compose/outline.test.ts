import { describe, expect, it } from 'vitest';
import { detectOutline, looksLikeHeading } from './outline';

const ARTICLE = `Five Signs Your Furnace Needs Repair

Winter is hard on heating systems. Here is what to watch for.

Strange Noises

Banging or squealing usually means a loose or worn part. Ignoring it makes the repair bigger.

Is your bill climbing?

Rising energy bills with steady use point to a furnace losing efficiency over time.

Uneven Heat
Cold rooms can mean blocked ducts or a failing blower motor that needs attention soon.`;

describe('detectOutline', () => {
  it('finds headings in order, with their paragraphs, and skips the title', () => {
    const outline = detectOutline(ARTICLE, 'Five signs your furnace needs repair');
    expect(outline.map((section) => section.heading)).toEqual([
      null,
      'Strange Noises',
      'Is your bill climbing?',
    ]);
    expect(outline[0]?.paragraphs[0]).toMatch(/^Winter is hard/u);
    expect(outline[2]?.paragraphs).toHaveLength(2);
  });

  it('keeps the first line as body when no title is given and nothing follows a lone heading', () => {
    const outline = detectOutline('Just one paragraph of text here without any headings at all, really.');
    expect(outline).toEqual([
      { heading: null, paragraphs: ['Just one paragraph of text here without any headings at all, really.'] },
    ]);
  });
});

describe('looksLikeHeading', () => {
  it('needs a short unpunctuated line followed by body text', () => {
    expect(
      looksLikeHeading('Why It Matters', 'Because the long body sentence explains the point clearly.'),
    ).toBe(true);
    expect(
      looksLikeHeading('This ends with a period.', 'Body text follows here and it is long enough.'),
    ).toBe(false);
    expect(looksLikeHeading('Home', 'About')).toBe(false);
    expect(looksLikeHeading('lowercase start', 'Body text follows here and it is long enough.')).toBe(false);
    expect(looksLikeHeading('Last line', undefined)).toBe(false);
  });
});
