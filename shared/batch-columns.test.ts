import { describe, expect, it } from 'vitest';
import {
  BATCH_MESSAGES,
  BATCH_TOOL_LABELS,
  BATCH_TOOL_NAMES,
  BATCH_TOOLS,
  batchToolOf,
  TOOL_COLUMNS,
} from './batch-columns';

describe('the bulk tools, derived from their one description', () => {
  it('names the `tool` values in the catalog order, with the job each runs', () => {
    expect(BATCH_TOOL_NAMES).toEqual([
      'newsletter',
      'press-release',
      'blog-rewrite',
      'faq',
      'howto',
      'client-content',
      'social',
      'gbp-post',
    ]);
    expect(BATCH_TOOLS).toMatchObject({ howto: 'faq', faq: 'faq', social: 'social-content' });
    expect(BATCH_MESSAGES.unknownTool('blog')).toBe(
      'Unknown tool "blog". Use one of: newsletter, press-release, blog-rewrite, faq, howto, client-content, social, gbp-post.',
    );
  });

  it('gives every value its label and columns', () => {
    expect(Object.keys(BATCH_TOOL_LABELS)).toEqual(BATCH_TOOL_NAMES);
    expect(Object.keys(TOOL_COLUMNS)).toEqual(BATCH_TOOL_NAMES);
    expect(BATCH_TOOL_LABELS.howto).toBe('How To');
    expect(TOOL_COLUMNS['blog-rewrite']).toEqual(['url', 'framework', 'emojis']);
  });

  it('reads an older row that kept only its job as the first tool that runs it', () => {
    expect(batchToolOf(undefined, 'faq')).toBe('faq');
    expect(batchToolOf(undefined, 'social-content')).toBe('social');
    expect(batchToolOf('howto', 'faq')).toBe('howto');
  });
});
