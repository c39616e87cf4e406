import { DOMParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '#shared/text';
import { applyTextEditToHtml } from './text-edit-html';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html') as unknown as Document;

const NEWSLETTER = [
  '<h1>Spring News</h1>',
  '<p>Fresh bread <strong>every</strong> morning.</p>',
  '<h2>Opening hours</h2>',
  '<ul><li>Monday to Friday: 7 to 6</li><li>Saturday: 8 to 2</li></ul>',
  '<p>Visit <a href="https://bakery.example">our site</a>.</p>',
  '<p><img src="https://bakery.example/loaf.png" alt="A loaf"></p>',
].join('');
const TEXT = htmlToText(NEWSLETTER);

/** The edited text, with one line changed by `edit`. */
const edited = (edit: (text: string) => string) => applyTextEditToHtml(NEWSLETTER, TEXT, edit(TEXT), parse);

describe('applyTextEditToHtml', () => {
  it('changes nothing when the text did not change', () => {
    expect(applyTextEditToHtml(NEWSLETTER, TEXT, TEXT, parse)).toEqual({ html: NEWSLETTER, unplaced: [] });
  });

  it('adds a sentence inside its paragraph and keeps every heading, list, link and image', () => {
    const result = edited((text) => text.replace('every morning.', 'every morning. Rye on Fridays.'));
    expect(result.unplaced).toEqual([]);
    expect(result.html).toBe(NEWSLETTER.replace('morning.</p>', 'morning. Rye on Fridays.</p>'));
  });

  it('keeps the formatting of the characters around a change', () => {
    const result = edited((text) => text.replace('Fresh bread every morning.', 'Warm bread every day.'));
    expect(result.html).toContain('<p>Warm bread <strong>every</strong> day.</p>');
    const heading = edited((text) => text.replace('Opening hours', 'Our hours'));
    expect(heading.html).toContain('<h2>Our hours</h2>');
  });

  it('puts a new line after its neighbour as a paragraph, or as a list item in a list', () => {
    const paragraph = edited((text) =>
      text.replace('Opening hours\n', 'Opening hours\n\nCall ahead for cakes.\n'),
    );
    expect(paragraph.html).toContain('<h2>Opening hours</h2><p>Call ahead for cakes.</p><ul>');
    const item = edited((text) => text.replace('• Saturday: 8 to 2', '• Saturday: 8 to 2\n• Sunday: closed'));
    expect(item.html).toContain('<li>Saturday: 8 to 2</li><li>Sunday: closed</li></ul>');
    const after = edited((text) =>
      text.replace('• Saturday: 8 to 2', '• Saturday: 8 to 2\n\nHolidays vary.'),
    );
    expect(after.html).toContain('<li>Saturday: 8 to 2</li></ul><p>Holidays vary.</p><p>Visit');
  });

  it("removes a deleted line's element, and a list left empty", () => {
    const result = edited((text) => text.replace('• Monday to Friday: 7 to 6\n', ''));
    expect(result.html).toContain('<ul><li>Saturday: 8 to 2</li></ul>');
    const none = edited((text) => text.replace('• Monday to Friday: 7 to 6\n• Saturday: 8 to 2', ''));
    expect(none.html).toContain('<h2>Opening hours</h2><p>Visit');
    expect(none.html).not.toContain('<ul>');
  });

  it('keeps the markup of a line break and of entities', () => {
    const html = '<p>Line one<br>Line &amp; two</p>';
    const result = applyTextEditToHtml(html, htmlToText(html), 'Line one\nLine & two, edited', parse);
    expect(result.html).toBe('<p>Line one<br>Line &amp; two, edited</p>');
  });

  it('reports a change it cannot place, and leaves the HTML as it was', () => {
    const html = '<p>Something else entirely.</p>';
    const result = applyTextEditToHtml(html, 'An unrelated text.', 'An unrelated text, edited.', parse);
    expect(result).toEqual({ html, unplaced: ['An unrelated text, edited.'] });
  });

  it('builds paragraphs when there was no HTML at all', () => {
    expect(applyTextEditToHtml('', '', 'First\n\nSecond', parse)).toEqual({
      html: '<p>First</p><p>Second</p>',
      unplaced: [],
    });
  });
});
