import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ClientSummary } from '#shared/client-list';
import {
  type ClientCardsData,
  clientCardsQuery,
  patchClientCards,
  prependClient,
  removeClient,
  replaceClient,
  restoreClient,
} from './queries';

/** The cache patches of the Clients page's paged lists: each list keeps its pages and cursors. */

const client = (n: number, name = `Client ${n}`): ClientSummary =>
  ({
    id: `id-${String(n).padStart(3, '0')}`,
    name,
    created_at: new Date(Date.UTC(2026, 0, n)).toISOString(),
  }) as ClientSummary;

function cacheWith(lists: Record<string, { pages: ClientSummary[][]; last: string | null }>): QueryClient {
  const queryClient = new QueryClient();
  for (const [search, { pages, last }] of Object.entries(lists)) {
    const data: ClientCardsData = {
      pages: pages.map((clients, index) => ({
        clients,
        next_cursor: index === pages.length - 1 ? last : `after-${index}`,
      })),
      pageParams: pages.map((_, index) => (index === 0 ? null : `after-${index - 1}`)),
    };
    queryClient.setQueryData(clientCardsQuery(search).queryKey, data);
  }
  return queryClient;
}

const names = (queryClient: QueryClient, search: string) =>
  queryClient
    .getQueryData(clientCardsQuery(search).queryKey)
    ?.pages.map((page) => page.clients.map((c) => c.name));

describe('the client list cache patches', () => {
  it('puts a new client at the top of every list it matches, and only those', () => {
    const cache = cacheWith({
      '': { pages: [[client(5), client(4)], [client(3)]], last: 'more' },
      acme: { pages: [[client(2, 'Acme Two')]], last: null },
      zeta: { pages: [[]], last: null },
    });
    patchClientCards(cache, prependClient(client(9, 'Acme New')));
    expect(names(cache, '')).toEqual([['Acme New', 'Client 5', 'Client 4'], ['Client 3']]);
    expect(names(cache, 'acme')).toEqual([['Acme New', 'Acme Two']]);
    expect(names(cache, 'zeta')).toEqual([[]]);
  });

  it('replaces an edited client in place, and drops it from a search it no longer matches', () => {
    const cache = cacheWith({
      '': { pages: [[client(2, 'Acme Two'), client(1)]], last: null },
      acme: { pages: [[client(2, 'Acme Two')]], last: null },
    });
    patchClientCards(cache, replaceClient(client(2, 'Renamed')));
    expect(names(cache, '')).toEqual([['Renamed', 'Client 1']]);
    expect(names(cache, 'acme')).toEqual([[]]);
    patchClientCards(cache, removeClient('id-001'));
    expect(names(cache, '')).toEqual([['Renamed']]);
  });

  it('restores a client in its newest-first place, or leaves it to a page not loaded yet', () => {
    const cache = cacheWith({
      '': {
        pages: [
          [client(6), client(4)],
          [client(3), client(1)],
        ],
        last: null,
      },
      partial: { pages: [[client(6, 'partial 6')]], last: 'more' },
    });
    patchClientCards(cache, restoreClient(client(2)));
    expect(names(cache, '')).toEqual([
      ['Client 6', 'Client 4'],
      ['Client 3', 'Client 2', 'Client 1'],
    ]);
    patchClientCards(cache, restoreClient(client(5, 'partial 5')));
    expect(names(cache, 'partial')).toEqual([['partial 6']]);
    patchClientCards(cache, restoreClient(client(0)));
    expect(names(cache, '')?.at(-1)).toEqual(['Client 3', 'Client 2', 'Client 1', 'Client 0']);
  });
});
