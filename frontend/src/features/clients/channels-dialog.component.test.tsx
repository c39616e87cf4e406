import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHANNEL_MESSAGES,
  type ChannelConnection,
  type ChannelPlatform,
  type ConnectionsReply,
} from '#shared/channels';
import { CHANNEL_ERRORS, CHANNELS_DIALOG } from '@/components/channels/messages';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { findToast } from '@/testing/toasts';
import { clientCard } from './client-card-fixtures';
import { ClientsPage } from './clients-page';
import { CARD_MENU } from './messages';

/**
 * A client's publishing channels from the Clients page: the Channels dialog's list and Connect buttons,
 * Connect leaving for the platform's consent page, the account picker on the way back, Disconnect.
 */

const CLIENT = clientCard(1, 'Spring Bakery');
const connectionsPath = `/api/clients/${CLIENT.id}/connections`;

function connection(
  connectionId: string,
  platform: ChannelPlatform,
  name: string,
  status: ChannelConnection['status'] = 'connected',
): ChannelConnection {
  return {
    connectionId,
    platform,
    name,
    status,
    connectedAt: new Date(Date.now() - 86_400_000).toISOString(),
  };
}

const FACEBOOK = connection('01JCONNFACEBOOK00000000000', 'facebook', 'Spring Bakery Page');
const X_ACCOUNT = connection('01JCONNX000000000000000000', 'x', '@springbakery', 'reconnect_needed');
const LINKEDIN_MESSAGE = CHANNEL_MESSAGES.notConfigured('linkedin');

/** The server's list, changed by the handlers as the server would. */
function serveConnections(items: ChannelConnection[], unavailable: ConnectionsReply['unavailable'] = []) {
  const state = { items: [...items] };
  apiServer.use(
    http.get(apiUrl('/api/clients'), () => HttpResponse.json({ clients: [CLIENT], next_cursor: null })),
    http.get(apiUrl(connectionsPath), () => HttpResponse.json({ items: state.items, unavailable })),
  );
  return state;
}

/** Where the page's URL is now: the query parameters it handled must be gone. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderClients(path = '/clients') {
  return renderScreen(
    <>
      <ClientsPage />
      <LocationProbe />
    </>,
    { path },
  );
}

async function openChannels(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${CLIENT.name}` }));
  await user.click(await screen.findByRole('menuitem', { name: CARD_MENU.channels }));
  return screen.findByRole('dialog', { name: CHANNELS_DIALOG.title });
}

const row = (dialog: HTMLElement, testId: string, platform: ChannelPlatform) => {
  const found = within(dialog)
    .getAllByTestId(testId)
    .find((element) => element.dataset.platform === platform);
  if (!found) throw new Error(`No ${testId} for ${platform}`);
  return found;
};

afterEach(() => vi.restoreAllMocks());

describe('the Channels dialog', () => {
  it('lists the connections with their state, and disables Connect with the admin’s message where unavailable', async () => {
    serveConnections([FACEBOOK, X_ACCOUNT], [{ platform: 'linkedin', message: LINKEDIN_MESSAGE }]);
    renderClients();
    const dialog = await openChannels(userEvent.setup());

    const facebook = await within(dialog).findByText(FACEBOOK.name);
    const facebookRow = facebook.closest('li');
    expect(facebookRow && within(facebookRow).getByText('Connected')).toBeTruthy();
    const xRow = row(dialog, 'connection-row', 'x');
    expect(within(xRow).getByText('Reconnect needed')).toBeTruthy();
    expect(within(xRow).getByRole('button', { name: `Reconnect ${X_ACCOUNT.name}` })).toBeTruthy();
    // A connected one offers no Reconnect.
    expect(facebookRow && within(facebookRow).queryByRole('button', { name: /Reconnect/u })).toBeNull();

    const linkedin = row(dialog, 'connect-row', 'linkedin');
    const connectLinkedin = within(linkedin).getByRole('button', {
      name: CHANNELS_DIALOG.connect('linkedin'),
    });
    expect((connectLinkedin as HTMLButtonElement).disabled).toBe(true);
    expect(within(linkedin).getByText(LINKEDIN_MESSAGE)).toBeTruthy();
    expect(connectLinkedin.getAttribute('aria-describedby')).toBe(
      within(linkedin).getByText(LINKEDIN_MESSAGE).id,
    );
    for (const platform of ['gbp', 'facebook', 'instagram', 'x'] as const) {
      const button = within(row(dialog, 'connect-row', platform)).getByRole('button', {
        name: CHANNELS_DIALOG.connect(platform),
      });
      expect((button as HTMLButtonElement).disabled, platform).toBe(false);
    }
  });

  it('Connect starts the authorization and sends the browser to the platform’s consent page', async () => {
    serveConnections([]);
    const started: unknown[] = [];
    const authorizationUrl = 'https://consent.instagram.example/oauth?state=abc';
    apiServer.use(
      http.post(apiUrl(`/api/clients/${CLIENT.id}/connection-authorizations`), async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json({ authorizationId: 'auth-1', authorizationUrl }, { status: 201 });
      }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderClients();
    const user = userEvent.setup();
    const dialog = await openChannels(user);
    expect(await within(dialog).findByText(CHANNELS_DIALOG.none)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: CHANNELS_DIALOG.connect('instagram') }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorizationUrl));
    expect(started).toEqual([{ platform: 'instagram' }]);
  });

  it('Reconnect is Connect again for that connection’s platform', async () => {
    serveConnections([X_ACCOUNT]);
    const started: unknown[] = [];
    apiServer.use(
      http.post(apiUrl(`/api/clients/${CLIENT.id}/connection-authorizations`), async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json(
          { authorizationId: 'auth-2', authorizationUrl: 'https://x.example/authorize' },
          { status: 201 },
        );
      }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderClients();
    const user = userEvent.setup();
    const dialog = await openChannels(user);
    await user.click(await within(dialog).findByRole('button', { name: `Reconnect ${X_ACCOUNT.name}` }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://x.example/authorize'));
    expect(started).toEqual([{ platform: 'x' }]);
  });

  it('Disconnect asks first, then removes the connection', async () => {
    const state = serveConnections([FACEBOOK, X_ACCOUNT]);
    const deleted: string[] = [];
    apiServer.use(
      http.delete(apiUrl(`${connectionsPath}/:connectionId`), ({ params }) => {
        deleted.push(String(params.connectionId));
        state.items = state.items.filter((item) => item.connectionId !== params.connectionId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderClients();
    const user = userEvent.setup();
    const dialog = await openChannels(user);
    await user.click(await within(dialog).findByRole('button', { name: `Disconnect ${FACEBOOK.name}` }));
    const confirm = await screen.findByRole('dialog', { name: CHANNELS_DIALOG.confirmTitle(FACEBOOK.name) });
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: CHANNELS_DIALOG.disconnect }));
    await findToast(CHANNELS_DIALOG.disconnected(FACEBOOK.name));
    expect(deleted).toEqual([FACEBOOK.connectionId]);
    await waitFor(() => expect(within(dialog).queryByText(FACEBOOK.name)).toBeNull());
    expect(within(dialog).getByText(X_ACCOUNT.name)).toBeTruthy();
  });
});

describe('back from the consent page', () => {
  const AUTHORIZATION = '01JAUTHORIZATION0000000000';
  const authorizationPath = `/api/clients/${CLIENT.id}/connection-authorizations/${AUTHORIZATION}`;
  const returnPath = `/clients?client=${CLIENT.id}&connect=${AUTHORIZATION}`;

  it('opens the account picker; the chosen account is connected and joins the list, and the URL is cleaned', async () => {
    const state = serveConnections([]);
    const created: unknown[] = [];
    const accounts = [
      { accountId: 'page-1', name: 'Spring Bakery Downtown' },
      { accountId: 'page-2', name: 'Spring Bakery Airport' },
    ];
    apiServer.use(
      http.get(apiUrl(authorizationPath), () =>
        HttpResponse.json({ authorizationId: AUTHORIZATION, platform: 'facebook', accounts }),
      ),
      http.post(apiUrl(connectionsPath), async ({ request }) => {
        created.push(await request.json());
        const made = connection('01JCONNNEW0000000000000000', 'facebook', 'Spring Bakery Airport');
        state.items.push(made);
        return HttpResponse.json(made, { status: 201 });
      }),
    );
    renderClients(returnPath);
    const dialog = await screen.findByRole('dialog', { name: CHANNELS_DIALOG.title });
    expect(await within(dialog).findByText('Choose the Page to connect')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/clients'));
    const connect = within(dialog).getByRole('button', { name: 'Connect' });
    // Two accounts: none is chosen for the user.
    expect((connect as HTMLButtonElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Spring Bakery Airport' }));
    await user.click(connect);
    await findToast(CHANNELS_DIALOG.connected('Spring Bakery Airport'));
    expect(created).toEqual([{ authorizationId: AUTHORIZATION, accountId: 'page-2' }]);
    // Back on the list, with the new connection in it.
    const made = await within(dialog).findByTestId('connection-row');
    expect(within(made).getByText('Spring Bakery Airport')).toBeTruthy();
    expect(within(made).getByText('Connected')).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
  });

  it('chooses a lone account by itself', async () => {
    serveConnections([]);
    const created: unknown[] = [];
    apiServer.use(
      http.get(apiUrl(authorizationPath), () =>
        HttpResponse.json({
          authorizationId: AUTHORIZATION,
          platform: 'gbp',
          accounts: [{ accountId: 'locations/9', name: 'Spring Bakery, Main St' }],
        }),
      ),
      http.post(apiUrl(connectionsPath), async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(connection('01JCONNGBP0000000000000000', 'gbp', 'Spring Bakery, Main St'), {
          status: 201,
        });
      }),
    );
    renderClients(returnPath);
    const dialog = await screen.findByRole('dialog', { name: CHANNELS_DIALOG.title });
    const radio = await within(dialog).findByRole('radio', { name: 'Spring Bakery, Main St' });
    expect((radio as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Connect' }));
    await findToast(CHANNELS_DIALOG.connected('Spring Bakery, Main St'));
    expect(created).toEqual([{ authorizationId: AUTHORIZATION, accountId: 'locations/9' }]);
  });

  it('shows what went wrong instead of a picker when the consent was declined', async () => {
    serveConnections([]);
    apiServer.use(
      http.get(apiUrl(authorizationPath), () =>
        HttpResponse.json({
          authorizationId: AUTHORIZATION,
          platform: 'linkedin',
          accounts: [],
          error: CHANNEL_MESSAGES.declined('linkedin'),
        }),
      ),
    );
    renderClients(returnPath);
    const dialog = await screen.findByRole('dialog', { name: CHANNELS_DIALOG.title });
    const error = await within(dialog).findByTestId('authorization-error');
    expect(within(error).getByText(CHANNEL_MESSAGES.declined('linkedin'))).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Connect' })).toBeNull();
    // Back goes to the list, where Connect can be pressed again.
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Back to the channels' }));
    expect(
      await within(dialog).findByRole('button', { name: CHANNELS_DIALOG.connect('linkedin') }),
    ).toBeTruthy();
  });

  it('toasts ?connectError= and removes it from the URL', async () => {
    serveConnections([]);
    renderClients(`/clients?connectError=${encodeURIComponent(CHANNEL_MESSAGES.authorizationExpired)}`);
    const toast = await findToast(CHANNEL_MESSAGES.authorizationExpired);
    expect(within(toast).getByText(CHANNEL_ERRORS.connectFailedTitle)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/clients'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
