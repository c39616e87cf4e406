import { describe, expect, it } from 'vitest';
import { hasVisibleText, readPartialJsonString, streamingView } from './streaming-preview';

describe('streamingView', () => {
  it('shows partial HTML from its first tag, dropping a tag still being written', () => {
    expect(streamingView('Here it is:\n<div><h1>Spring</h1><p>Clean the gut')).toEqual({
      kind: 'html',
      html: '<div><h1>Spring</h1><p>Clean the gut',
    });
    expect(streamingView('<h1>Spring</h1><p')).toEqual({ kind: 'html', html: '<h1>Spring</h1>' });
  });

  it('looks inside a code fence, even an unterminated one', () => {
    expect(streamingView('```html\n<p>Hello</p>\n```')).toEqual({ kind: 'html', html: '<p>Hello</p>' });
    expect(streamingView('```html\n<p>Hel')).toEqual({ kind: 'html', html: '<p>Hel' });
  });

  it('reads the HTML field of a JSON reply as it streams, else its text field', () => {
    expect(streamingView('{"text": "Plain words", "html": "<h1>Title</h1>\\n<p>Body \\"quoted')).toEqual({
      kind: 'html',
      html: '<h1>Title</h1>\n<p>Body "quoted',
    });
    expect(streamingView('{"text": "Plain words so f')).toEqual({ kind: 'text', text: 'Plain words so f' });
    expect(streamingView('{"tex')).toEqual({ kind: 'empty' });
  });

  it('shows plain text as text and nothing as empty', () => {
    expect(streamingView('Just words so far')).toEqual({ kind: 'text', text: 'Just words so far' });
    expect(streamingView('   ')).toEqual({ kind: 'empty' });
  });
});

describe('readPartialJsonString', () => {
  it('decodes escapes and stops at the closing quote or at an unfinished escape', () => {
    expect(readPartialJsonString('"a\\tb\\u00e9\\/c" rest', 1)).toBe('a\tbé/c');
    expect(readPartialJsonString('"abc\\', 1)).toBe('abc');
    expect(readPartialJsonString('"abc\\u00', 1)).toBe('abc');
  });
});

describe('hasVisibleText', () => {
  it('counts no markup, fence, JSON key or white space as visible, however many tokens of it came', () => {
    const preamble = ['```', 'html', '\n', '<h', '2', '>', '  \n', '<ul><li>', '&nbsp;', '—'];
    let raw = '';
    for (const token of preamble) {
      raw += token;
      expect(hasVisibleText(raw), JSON.stringify(raw)).toBe(false);
    }
    expect(hasVisibleText(`${raw}S`)).toBe(true);
    expect(hasVisibleText('{"rewrittenHtml": "<h1>')).toBe(false);
    expect(hasVisibleText('{"rewrittenHtml": "<h1>Sp')).toBe(true);
  });

  it('counts the words the preview shows: text inside tags, plain text, digits, any script', () => {
    expect(hasVisibleText('<h1>Spring</h1>')).toBe(true);
    expect(hasVisibleText('Here it is:')).toBe(true);
    expect(hasVisibleText('<p>2026')).toBe(true);
    expect(hasVisibleText('<p>Ünïcödé')).toBe(true);
    expect(hasVisibleText('<h1>Spri')).toBe(true);
    // A tag still being written is not shown, so its name is not text either.
    expect(hasVisibleText('<h1></h1><strong')).toBe(false);
  });
});
