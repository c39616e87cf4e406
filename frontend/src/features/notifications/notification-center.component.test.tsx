import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http, ws } from 'msw';
import { describe, expect, it } from 'vitest';
import { type AppNotification, NOTIFICATION_EVENT } from '#shared/notifications';
import { apiServer, apiUrl, REALTIME_URL } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { findToast } from '@/testing/toasts';
import { NOTIFICATIONS } from './messages';
import { NotificationCenter } from './notification-center';

/** The bell on the data layer: a push goes into the cached list, and marking read sets it. */

const notification = (id: string, title: string, read = false): AppNotification => ({
  id,
  kind: 'commented',
  title,
  clientId: 'client-1',
  contentId: 'content-1',
  createdAt: '2026-12-01T10:00:00.000Z',
  read,
});
const OLDER = notification('01JA0000000000000000000001', 'Ana commented on Spring menu');
const PUSHED = notification('01JA0000000000000000000002', 'Ana approved Spring menu');

describe('the notification bell', () => {
  it('adds a pushed notification to the loaded list and marks them all read', async () => {
    const realtime = ws.link(`${REALTIME_URL}/*`);
    const marked: unknown[] = [];
    let connected: (client: { send: (data: string) => void }) => void = () => undefined;
    const connection = new Promise<{ send: (data: string) => void }>((resolve) => {
      connected = resolve;
    });
    apiServer.use(
      http.get(apiUrl('/api/notifications'), () =>
        HttpResponse.json({ items: [OLDER], unread: 1, next_cursor: null }),
      ),
      http.get(apiUrl('/api/notifications/settings'), () => HttpResponse.json({ emailNotifications: false })),
      http.post(apiUrl('/api/notifications/read'), async ({ request }) => {
        marked.push(await request.json());
        return HttpResponse.json({ unread: 0 });
      }),
      realtime.addEventListener('connection', ({ client }) => connected(client)),
    );
    renderScreen(<NotificationCenter />, { path: '/' });
    expect(await screen.findByRole('button', { name: NOTIFICATIONS.bellLabel(1) })).toBeTruthy();
    // Once the list has loaded: the push is news to a page that already shows the older one.
    (await connection).send(JSON.stringify({ type: NOTIFICATION_EVENT, notification: PUSHED, unread: 2 }));
    await findToast(PUSHED.title);
    const bell = await screen.findByRole('button', { name: NOTIFICATIONS.bellLabel(2) });

    const user = userEvent.setup();
    await user.click(bell);
    expect(await screen.findByText(PUSHED.title, { selector: '[role="menuitem"] *' })).toBeTruthy();
    expect(screen.getByText(OLDER.title)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: NOTIFICATIONS.markAllRead }));
    expect(
      await screen.findByRole('button', { name: NOTIFICATIONS.bellLabel(0), hidden: true }),
    ).toBeTruthy();
    expect(marked).toEqual([{ ids: [PUSHED.id, OLDER.id] }]);
  });
});
