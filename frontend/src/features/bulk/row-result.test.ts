import { describe, expect, it } from 'vitest';
import { batchRowFileHtml, batchRowOutput } from './row-result';

/** A bulk row's result as HTML and text, read by its tool's own page reader. */
describe('batchRowOutput', () => {
  it('reads an HTML tool by its fields, the text from its HTML', () => {
    const output = batchRowOutput('howto', {
      generatedHtml: '<h2>Step 1</h2><p>Clear the gutters.</p>',
      generatedSchema: '{"@type":"HowTo"}',
    });
    expect(output?.html).toBe('<h2>Step 1</h2><p>Clear the gutters.</p>');
    expect(output?.text).toContain('Clear the gutters.');
    expect(output?.text).not.toContain('<');
    // Its file carries the JSON-LD, as the tool's own download does.
    expect(output && batchRowFileHtml(output)).toContain('<script type="application/ld+json">');
  });

  it("gives a social row's posts as text under their platforms, and as escaped paragraphs", () => {
    const output = batchRowOutput('social', {
      content: { facebook: 'Free inspections <all> April', instagram: 'Book now' },
    });
    expect(output?.text).toBe('Facebook:\nFree inspections <all> April\n\nInstagram:\nBook now');
    expect(output?.html).toBe(
      '<p>Facebook:<br>Free inspections &lt;all&gt; April</p>\n<p>Instagram:<br>Book now</p>',
    );
  });

  it('gives a GBP post as text, and nothing for an empty result or an unknown tool', () => {
    expect(batchRowOutput('gbp-post', { generatedPost: 'Open house Saturday' })?.text).toBe(
      'Open house Saturday',
    );
    expect(batchRowOutput('gbp-post', {})).toBeNull();
    expect(batchRowOutput('poem', { generatedHtml: '<p>x</p>' })).toBeNull();
  });
});
