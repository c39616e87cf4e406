import { describe, expect, it } from 'vitest';
import { metadataEntries, metadataLabel } from './metadata-entries';

describe('metadataLabel', () => {
  it('turns camelCase and snake_case keys into words', () => {
    expect(metadataLabel('inputType')).toBe('Input Type');
    expect(metadataLabel('includeHeader')).toBe('Include Header');
    expect(metadataLabel('wordpress_status')).toBe('WordPress Status');
    expect(metadataLabel('originalUrl')).toBe('Original URL');
    expect(metadataLabel('wordCount')).toBe('Word Count');
    expect(metadataLabel('multi_platform_creator')).toBe('Multi Platform Creator');
  });
});

describe('metadataEntries', () => {
  it('shows the newsletter metadata of 000 §3 readably, in order', () => {
    const entries = metadataEntries({
      topic: 'Spring maintenance',
      url: '',
      inputType: 'topic',
      prompt: null,
      model: 'gpt-4o',
      includeHeader: true,
      includeTitle: false,
      wordCount: 1234,
    });
    expect(entries.map(({ label, value }) => [label, value])).toEqual([
      ['Topic', 'Spring maintenance'],
      ['Input Type', 'topic'],
      ['Model', 'gpt-4o'],
      ['Include Header', 'Yes'],
      ['Include Title', 'No'],
      ['Word Count', '1,234'],
    ]);
  });

  it('formats timestamps in US English in the given zone', () => {
    const [entry] = metadataEntries({ generatedAt: '2026-11-21T15:30:00.000Z' }, 'America/Chicago');
    expect(entry?.value).toBe('Nov 21, 2026, 9:30 AM');
  });

  it('joins lists of plain values and shows nested data as indented JSON', () => {
    const entries = metadataEntries({
      keywords: ['roof', 'repair'],
      images: [{ prompt: 'A roof', url: 'https://x/y.png' }],
      empty: [],
      nothing: {},
    });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ label: 'Keywords', value: 'roof, repair', multiline: false });
    expect(entries[1]?.multiline).toBe(true);
    expect(entries[1]?.value).toContain('"prompt": "A roof"');
  });
});
