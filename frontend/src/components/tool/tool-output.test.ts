import { describe, expect, it } from 'vitest';
import { readJobMeta, resultString, toolOutput } from './tool-output';

describe('toolOutput', () => {
  it('derives the text view and word count from the HTML when no text is given', () => {
    expect(toolOutput('<h1>Spring tips</h1><ul><li>Clean gutters</li></ul>')).toEqual({
      html: '<h1>Spring tips</h1><ul><li>Clean gutters</li></ul>',
      text: 'Spring tips\n\n• Clean gutters',
      wordCount: 5,
      extras: {},
    });
  });

  it("prefers the server's plain text and keeps extras", () => {
    const output = toolOutput('<p>One two</p>', 'One two three', { schema: '{}' });
    expect(output).toMatchObject({ text: 'One two three', wordCount: 3, extras: { schema: '{}' } });
  });

  it('is null for an empty result', () => {
    expect(toolOutput('')).toBeNull();
    expect(toolOutput('<div>  </div>')).toBeNull();
  });
});

describe('resultString', () => {
  it('returns the first non-blank string field', () => {
    expect(resultString({ generatedText: ' ', content: 'x', other: 3 }, 'generatedText', 'content')).toBe(
      'x',
    );
    expect(resultString({ other: 3 }, 'content')).toBe('');
  });
});

describe('readJobMeta', () => {
  it('reads provider, model, notice and the saved item', () => {
    expect(
      readJobMeta({
        provider: 'offline',
        model: 'gpt-4o',
        notice: 'No OpenAI key is configured.',
        savedContent: { id: 'c1', clientId: 'k1', clientName: 'Acme' },
      }),
    ).toEqual({
      provider: 'offline',
      model: 'gpt-4o',
      notice: 'No OpenAI key is configured.',
      notes: [],
      savedContent: { id: 'c1', clientId: 'k1', clientName: 'Acme' },
    });
  });

  it("lists the offline composer's notes apart from why it wrote the draft", () => {
    const notes = [
      'Offline draft, shorter than asked: add detail before sending.',
      'Add the sign-off “Team”.',
    ];
    const meta = readJobMeta({
      provider: 'offline',
      notice: `No OpenAI key is configured. ${notes.join(' ')}`,
      offlineNotes: notes,
    });
    expect(meta.notice).toBe('No OpenAI key is configured.');
    expect(meta.notes).toEqual(notes);
  });

  it('treats missing or malformed fields as absent', () => {
    expect(readJobMeta({ notice: '', savedContent: { id: 'c1' } })).toEqual({
      provider: null,
      model: null,
      notice: null,
      notes: [],
      savedContent: null,
    });
    expect(readJobMeta(null).provider).toBeNull();
  });
});
