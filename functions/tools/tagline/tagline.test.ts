import { describe, expect, it } from 'vitest';
import { ToolResultError } from '#functions/generation/tool-result-error';
import { taglineResultSchema } from '#shared/tool-results';
import { taglineRequestSchema } from '#shared/tools/tagline';
import { makeClient, makeContext } from '../test-fixtures';
import { taglineTool } from './definition';

const input = taglineRequestSchema.parse({ topic: 'Spring roof checks', clientId: 'c1', saveToClient: true });
const context = makeContext({ client: makeClient() });

describe('taglineTool', () => {
  it('asks for one tagline on the topic', () => {
    expect(taglineTool.buildPrompt(input, context).prompt).toContain('Topic: Spring roof checks');
  });

  it('reads the first line of a reply, quotes and fences dropped, with exactly its schema fields', async () => {
    const result = taglineTool.parseResult(
      '```\n"Roofs that last, checked each spring."\n```',
      input,
      context,
    );
    expect(result).toEqual({ tagline: 'Roofs that last, checked each spring.', wordCount: 6 });
    const offline = await taglineTool.composeOffline(input, context);
    const drafted = taglineTool.parseResult(offline.text, input, context);
    expect(Object.keys(drafted).sort()).toEqual(Object.keys(taglineResultSchema.def.shape).sort());
    expect(() => taglineTool.parseResult('  ', input, context)).toThrow(ToolResultError);
  });

  it('saves as client content titled Tagline and records tagline_generation', () => {
    const result = taglineTool.parseResult('Roofs that last.', input, context);
    expect(taglineTool.contentToSave(input, result, context)).toMatchObject({
      contentType: 'client_content',
      title: expect.stringMatching(/^Tagline - /),
    });
    expect(taglineTool.activity(input, result).action).toBe('tagline_generation');
  });
});
