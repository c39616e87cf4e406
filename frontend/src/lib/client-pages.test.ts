import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientPage } from '#shared/client-list';
import { type ClientName, clientFields, fetchClientsByName } from './client-pages';

/** The list's pages by cursor, as GET /api/clients serves them; every request's URL is kept. */
const pages = new Map<string, ClientPage<unknown>>();
const requested: string[] = [];
vi.mock('./api-client', () => ({
  api: {
    get: async (path: string) => {
      requested.push(path);
      const cursor = new URL(path, 'http://studio.test').searchParams.get('cursor') ?? '';
      const page = pages.get(cursor);
      if (!page) throw new Error(`No page at cursor "${cursor}"`);
      return page;
    },
  },
}));

beforeEach(() => {
  pages.clear();
  requested.length = 0;
});

describe('clientFields', () => {
  it('lists id and name first, then each field once', () => {
    expect(clientFields()).toBe('id,name');
    expect(clientFields(['wordpress_url', 'name', 'created_by', 'wordpress_url'])).toBe(
      'id,name,wordpress_url,created_by',
    );
  });
});

describe('fetchClientsByName', () => {
  it('reads every page with the fields and orders the clients by name, case aside', async () => {
    pages.set('', {
      clients: [
        { id: 'c3', name: 'zephyr Plumbing' },
        { id: 'c2', name: 'Acme' },
      ],
      next_cursor: 'p2',
    });
    pages.set('p2', {
      clients: [
        { id: 'c1', name: 'acme' },
        { id: 'c4', name: 'Birch & Co' },
      ],
      next_cursor: null,
    });

    const clients = await fetchClientsByName<ClientName>({ fields: 'id,name' });

    expect(clients.map((client) => client.id)).toEqual(['c1', 'c2', 'c4', 'c3']);
    expect(requested).toHaveLength(2);
    expect(new URL(requested[0] ?? '', 'http://studio.test').searchParams.get('fields')).toBe('id,name');
    expect(new URL(requested[1] ?? '', 'http://studio.test').searchParams.get('cursor')).toBe('p2');
  });

  it('leaves out a summary without an id or a name instead of failing the sort', async () => {
    pages.set('', {
      clients: [{ id: 'c1', name: 'Birch' }, { id: 'c2' }, null, { id: 'c3', name: 'Acme' }],
      next_cursor: null,
    });
    const clients = await fetchClientsByName<ClientName>({ fields: 'id,name' });
    expect(clients).toEqual([
      { id: 'c3', name: 'Acme' },
      { id: 'c1', name: 'Birch' },
    ]);
  });
});
