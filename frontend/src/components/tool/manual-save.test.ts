import { describe, expect, it } from 'vitest';
import { createContentSchema } from '#shared/content';
import { manualSaveBody } from './manual-save';
import { toolOutput } from './tool-output';

const output = toolOutput('<h1>Spring</h1><p>Clean the gutters now.</p>');
const now = new Date('2026-11-21T15:30:00Z');

describe('manualSaveBody', () => {
  it('uses the saved type mapping and the title format, and is a valid save body', () => {
    if (!output) throw new Error('no output');
    const body = manualSaveBody('newsletter', output, { topic: 'Spring' }, now, 'America/Chicago');
    expect(body).toEqual({
      title: 'Newsletter - Nov 21, 2026, 9:30 AM',
      content: 'Spring\n\nClean the gutters now.',
      html_content: '<h1>Spring</h1><p>Clean the gutters now.</p>',
      content_type: 'newsletter',
      metadata: { topic: 'Spring', wordCount: 5 },
    });
    expect(createContentSchema.safeParse(body).success).toBe(true);
  });

  it('saves client content as client_content', () => {
    if (!output) throw new Error('no output');
    expect(manualSaveBody('client-content', output, {}, now, 'UTC')).toMatchObject({
      content_type: 'client_content',
      title: 'Client Content - Nov 21, 2026, 3:30 PM',
    });
  });
});
