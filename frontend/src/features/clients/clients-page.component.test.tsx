import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { ClientsPage } from './clients-page';
import { CLIENT_ERRORS, CLIENTS_PAGE } from './messages';

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
});
