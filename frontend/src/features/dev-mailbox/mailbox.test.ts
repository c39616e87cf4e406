import { describe, expect, it } from 'vitest';
import { fetchMailbox } from './mailbox';

const message = (id: string, sentAt: string) => ({
  id,
  to: 'ann@example.com',
  subject: 'Your verification code',
  text: 'Your code is 123456',
  code: '123456',
  kind: 'confirmation',
  sentAt,
});

const serving = (status: number, body: unknown): typeof fetch =>
  (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('fetchMailbox', () => {
  it('returns the messages newest first', async () => {
    const body = { messages: [message('a', '2025-01-01T10:00:00Z'), message('b', '2025-01-01T11:00:00Z')] };
    const messages = await fetchMailbox(serving(200, body));
    expect(messages.map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('rejects an unexpected shape and HTTP errors', async () => {
    await expect(fetchMailbox(serving(200, { messages: [{ id: 1 }] }))).rejects.toThrow('unexpected format');
    await expect(fetchMailbox(serving(404, {}))).rejects.toThrow('HTTP 404');
  });
});
