import { describe, expect, it } from 'vitest';
import { readPartialJsonString, streamingView } from './streaming-preview';

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
