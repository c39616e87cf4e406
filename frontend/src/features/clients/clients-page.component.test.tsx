import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { clientCard as card } from './client-card-fixtures';
import { LOAD_MORE_CLIENTS } from './client-list-end';
import { ClientsPage } from './clients-page';
import { CLIENT_ERRORS, CLIENTS_PAGE } from './messages';
import { CLIENT_CARDS_FIRST_PAGE } from './queries';

/** The Clients page when its list cannot be read (spec 000 §8): a failure is never shown as no clients. */

describe('Clients page', () => {
  it('says the list failed to load instead of showing the empty state, and Try again loads it', async () => {
    let failing = true;
    apiServer.use(
      http.get(apiUrl('/api/clients'), () =>
        failing
          ? HttpResponse.json(
              { error: { code: 'unavailable', message: 'Try again later.' } },
              { status: 503 },
            )
          : HttpResponse.json({ clients: [], next_cursor: null }),
      ),
    );
    renderScreen(<ClientsPage />, { path: '/clients' });
    const failed = await screen.findByTestId('load-failed');
    expect(within(failed).getByText(CLIENT_ERRORS.fetch)).toBeTruthy();
    expect(screen.queryByText(CLIENTS_PAGE.emptyTitle)).toBeNull();
    failing = false;
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(CLIENTS_PAGE.emptyTitle)).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });

  it('searches on the server as typing pauses: search= is sent and the server’s matches are the cards', async () => {
    const requests: URLSearchParams[] = [];
    apiServer.use(
      http.get(apiUrl('/api/clients'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        requests.push(query);
        const search = query.get('search');
        // The server's answer stands: a name the screen could not have matched by itself.
        const clients =
          search === null ? [card(1, 'Lone Star Plumbing'), card(2, 'Hill Country Roofing')] : [];
        if (search === 'marfa') clients.push(card(3, 'Big Bend Bakery'));
        return HttpResponse.json({ clients, next_cursor: null });
      }),
    );
    renderScreen(<ClientsPage />, { path: '/clients' });
    expect(await screen.findByText('Lone Star Plumbing')).toBeTruthy();
    expect(requests[0]?.get('limit')).toBe(String(CLIENT_CARDS_FIRST_PAGE));
    expect(requests[0]?.has('search')).toBe(false);

    await userEvent
      .setup()
      .type(screen.getByRole('searchbox', { name: CLIENTS_PAGE.searchPlaceholder }), ' Marfa');
    expect(await screen.findByText('Big Bend Bakery')).toBeTruthy();
    expect(screen.queryByText('Lone Star Plumbing')).toBeNull();
    // One request once typing paused, trimmed and lower-cased, not one per key.
    expect(requests.slice(1).map((query) => query.get('search'))).toEqual(['marfa']);

    await userEvent.setup().type(screen.getByRole('searchbox'), 'x');
    expect(await screen.findByText(CLIENTS_PAGE.noMatch('Marfax'))).toBeTruthy();
  });

  it('loads the next page from Load more clients, after the cursor of the last', async () => {
    const cursors: (string | null)[] = [];
    apiServer.use(
      http.get(apiUrl('/api/clients'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return HttpResponse.json(
          cursor === null
            ? { clients: [card(2, 'Newer Client')], next_cursor: 'after-newer' }
            : { clients: [card(1, 'Older Client')], next_cursor: null },
        );
      }),
    );
    renderScreen(<ClientsPage />, { path: '/clients' });
    expect(await screen.findByText('Newer Client')).toBeTruthy();
    expect(screen.queryByText('Older Client')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: LOAD_MORE_CLIENTS }));
    expect(await screen.findByText('Older Client')).toBeTruthy();
    expect(cursors).toEqual([null, 'after-newer']);
    expect(screen.queryByRole('button', { name: LOAD_MORE_CLIENTS })).toBeNull();
  });
});
