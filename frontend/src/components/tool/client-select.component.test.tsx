import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { CLIENT_SEARCH_LABEL } from './client-combobox';
import { ClientSelect } from './client-select';
import { TOOL_CLIENTS_PAGE } from './tool-clients-query';
import { findClient, useToolClients } from './use-tool-clients';

/**
 * The tools' client picker searching the server (docs/benchmarks.md, "Signed-in screens"): the first
 * page, then search= as one types.
 */

function Picker() {
  const clientList = useToolClients(['newsletter_instructions']);
  const [clientId, setClientId] = useState<string | null>(null);
  const chosen = findClient(clientList.clients, clientId);
  return (
    <>
      <ClientSelect label="Client (optional)" {...clientList} value={clientId} onChange={setClientId} />
      <p data-testid="chosen">{chosen ? `${chosen.name}: ${chosen.newsletter_instructions}` : 'none'}</p>
    </>
  );
}

const client = (id: string, name: string) => ({ id, name, newsletter_instructions: `${name} rules` });

describe('the tools’ client picker', () => {
  it('offers the first page, searches the server as one types, and keeps the choice found', async () => {
    const requests: URLSearchParams[] = [];
    apiServer.use(
      http.get(apiUrl('/api/clients'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        requests.push(query);
        return HttpResponse.json(
          query.get('search') === 'river'
            ? { clients: [client('c3', 'Riverside Plumbing')], next_cursor: null }
            : { clients: [client('c2', 'Zeta Bakery'), client('c1', 'Acme Roofing')], next_cursor: 'more' },
        );
      }),
    );
    const user = userEvent.setup();
    renderScreen(<Picker />, { path: '/newsletter' });
    const picker = await screen.findByRole('combobox', { name: 'Client (optional)' });
    await expect.poll(() => picker.hasAttribute('disabled')).toBe(false);
    expect(picker.textContent).toContain('No client selected');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.get('limit')).toBe(String(TOOL_CLIENTS_PAGE));
    expect(requests[0]?.get('fields')).toContain('newsletter_instructions');
    expect(requests[0]?.has('search')).toBe(false);

    await user.click(picker);
    const list = await screen.findByRole('listbox');
    // By name, after 'No client selected'; the server has more, which typing finds.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No client selected', 'Acme Roofing', 'Zeta Bakery']);
    expect(screen.getByRole('status').textContent).toBe('Type to find more clients');
    await user.type(screen.getByRole('combobox', { name: CLIENT_SEARCH_LABEL }), ' River');
    expect(await within(list).findByRole('option', { name: 'Riverside Plumbing' })).toBeTruthy();
    expect(requests.slice(1).map((query) => query.get('search'))).toEqual(['river']);
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker.textContent).toContain('Riverside Plumbing');
    expect(screen.getByTestId('chosen').textContent).toBe('Riverside Plumbing: Riverside Plumbing rules');
    expect(document.activeElement).toBe(picker);
    // Opened again, the search is cleared and the first page is offered; the choice stays found.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Acme Roofing' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('chosen').textContent).toContain('Riverside Plumbing');
  });
});
