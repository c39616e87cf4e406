import { describe, expect, it } from 'vitest';
import { extractHtml, extractJsonObject, stripCodeFences } from './model-output';

describe('stripCodeFences', () => {
  it('returns the longest fenced block', () => {
    expect(stripCodeFences('Here:\n```html\n<p>a</p>\n```\nand\n```\nx\n```')).toBe('<p>a</p>');
  });

  it('handles an unterminated fence and plain text', () => {
    expect(stripCodeFences('```json\n{"a":1}')).toBe('{"a":1}');
    expect(stripCodeFences('  plain  ')).toBe('plain');
  });
});

describe('extractJsonObject', () => {
  it('reads bare, fenced and embedded JSON objects', () => {
    expect(extractJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(extractJsonObject('```json\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(extractJsonObject('Sure! Here it is: {"a":3} Hope that helps.')).toEqual({ a: 3 });
  });

  it('returns null for arrays, broken JSON and prose', () => {
    expect(extractJsonObject('[1,2]')).toBeNull();
    expect(extractJsonObject('{"a":')).toBeNull();
    expect(extractJsonObject('no json here')).toBeNull();
  });
});

describe('extractHtml', () => {
  it('drops chatter around the markup and fences', () => {
    expect(extractHtml('Here is your newsletter:\n<div><p>Hi</p></div>\nEnjoy!')).toBe(
      '<div><p>Hi</p></div>',
    );
    expect(extractHtml('```html\n<h1>T</h1>\n```')).toBe('<h1>T</h1>');
  });

  it('is null without any tag', () => {
    expect(extractHtml('just text, 3 < 4')).toBeNull();
  });
});
