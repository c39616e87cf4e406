import { describe, expect, it } from 'vitest';
import { clientContentRequestSchema } from './client-content';

const issues = (body: unknown) => {
  const parsed = clientContentRequestSchema.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('clientContentRequestSchema', () => {
  it('requires the website URL and the topic with the spec messages', () => {
    expect(issues({})).toEqual([
      { path: 'clientUrl', message: "Please enter the client's website URL." },
      { path: 'topic', message: 'Please enter a topic for the content.' },
    ]);
    expect(issues({ clientUrl: 'acme', topic: 'x' })).toEqual([
      { path: 'clientUrl', message: 'Please enter a valid URL' },
    ]);
  });

  it('keeps edited instructions and needs a client to save', () => {
    const parsed = clientContentRequestSchema.parse({
      clientUrl: 'https://acme.com',
      topic: 'Water heaters',
      instructions: 'Write 1200 words.',
    });
    expect(parsed.instructions).toBe('Write 1200 words.');
    expect(issues({ clientUrl: 'https://acme.com', topic: 'x', saveToClient: true })[0]?.path).toBe(
      'clientId',
    );
  });
});
