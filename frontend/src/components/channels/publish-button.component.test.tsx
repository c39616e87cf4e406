import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelConnection, PublicationRequest } from '#shared/channels';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { findToast } from '@/testing/toasts';
import { PUBLISH_BUTTON, PUBLISH_DIALOG } from './messages';
import { PublishButton } from './publish-button';

/** A tool result's Publish: saved to the client's library first when it is not yet, then the dialog on that item. */

const CLIENT_ID = '01JCLIENT00000000000000002';
const SAVED_ID = '01JSAVED000000000000000001';
const FACEBOOK: ChannelConnection = {
  connectionId: '01JCONNFB00000000000000001',
  platform: 'facebook',
  name: 'Spring Bakery Page',
  status: 'connected',
  connectedAt: new Date(Date.now() - 86_400_000).toISOString(),
};
const POST = { text: 'Fresh bread today', platforms: ['facebook'] as const };

describe('Publish on a tool’s result', () => {
  it('asks for a client first, and saves nothing', async () => {
    const save = vi.fn(async () => SAVED_ID);
    renderScreen(<PublishButton clientId={null} contentId={null} save={save} post={POST} />);
    await userEvent.setup().click(screen.getByRole('button', { name: PUBLISH_BUTTON.label }));
    await findToast(PUBLISH_BUTTON.noClient);
    expect(save).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('saves an unsaved result, then publishes the saved item', async () => {
    const posted: { contentId: string; body: PublicationRequest }[] = [];
    apiServer.use(
      http.get(apiUrl(`/api/clients/${CLIENT_ID}/connections`), () =>
        HttpResponse.json({ items: [FACEBOOK], unavailable: [] }),
      ),
      http.post(
        apiUrl(`/api/clients/${CLIENT_ID}/content/:contentId/publications`),
        async ({ params, request }) => {
          const body = (await request.json()) as PublicationRequest;
          posted.push({ contentId: String(params.contentId), body });
          return HttpResponse.json({ status: 'published' }, { status: 201 });
        },
      ),
    );
    const save = vi.fn(async () => SAVED_ID);
    renderScreen(<PublishButton clientId={CLIENT_ID} contentId={null} save={save} post={POST} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: PUBLISH_BUTTON.label }));
    const dialog = await screen.findByRole('dialog', { name: PUBLISH_DIALOG.title }, { timeout: 10_000 });
    expect(save).toHaveBeenCalledWith(CLIENT_ID);
    const publish = await within(dialog).findByRole('button', { name: PUBLISH_DIALOG.now });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await user.click(publish);
    await within(dialog).findByTestId('publication-outcome');
    expect(posted).toEqual([
      { contentId: SAVED_ID, body: { connectionId: FACEBOOK.connectionId, text: POST.text } },
    ]);
  });

  it('opens nothing when the save failed', async () => {
    const save = vi.fn(async () => null);
    renderScreen(<PublishButton clientId={CLIENT_ID} contentId={null} save={save} post={POST} />);
    const button = screen.getByRole('button', { name: PUBLISH_BUTTON.label });
    await userEvent.setup().click(button);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button.textContent).toBe(PUBLISH_BUTTON.label));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
