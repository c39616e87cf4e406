import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreatedWebhook, Webhook, WebhookDelivery } from '#shared/webhook-schemas';
import { WEBHOOK_MESSAGES } from '#shared/webhooks';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { findToast } from '@/testing/toasts';
import { WebhooksCard } from './webhooks-card';

/** The API Keys page's webhooks: adding an endpoint, its secret once, a test event, deliveries, a delete. */

const ENDPOINT: Webhook = {
  webhookId: 'wh-1',
  url: 'https://hooks.example.com/lbm',
  events: ['job.succeeded', 'review.decided'],
  createdAt: '2026-11-02T10:00:00.000Z',
  lastDelivery: null,
};

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  deliveryId: 'msg_1',
  webhookId: ENDPOINT.webhookId,
  type: 'webhook.test',
  status: 'succeeded',
  attempts: 1,
  responseStatus: 200,
  error: null,
  createdAt: '2026-11-02T10:05:00.000Z',
  lastAttemptAt: '2026-11-02T10:05:01.000Z',
  nextAttemptAt: null,
  ...overrides,
});

describe('Webhooks card', () => {
  it('adds an endpoint with the chosen events, shows its secret once, and lists it', async () => {
    let sent: unknown;
    apiServer.use(
      http.get(apiUrl('/api/webhooks'), () => HttpResponse.json({ webhooks: [] })),
      http.post(apiUrl('/api/webhooks'), async ({ request }) => {
        sent = await request.json();
        const created: CreatedWebhook = {
          ...ENDPOINT,
          events: ['job.failed', 'review.decided'],
          secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTIzNDU=',
        };
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    renderScreen(<WebhooksCard />, { path: '/api-keys' });
    const user = userEvent.setup();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });

    // Nothing typed and nothing ticked: both problems are said at their fields.
    await user.click(within(dialog).getByRole('checkbox', { name: /job\.succeeded/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /job\.failed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.urlRequired)).toBeTruthy();
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/Endpoint URL/), ENDPOINT.url);
    await user.click(within(dialog).getByRole('checkbox', { name: /review\.decided/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /job\.failed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await findToast(WEBHOOK_MESSAGES.created)).toBeTruthy();
    // In the catalogue's order, whatever order they were ticked in.
    expect(sent).toEqual({ url: ENDPOINT.url, events: ['job.failed', 'review.decided'] });
    expect(screen.getByTestId('webhook-secret').textContent).toBe(
      'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTIzNDU=',
    );
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByText(ENDPOINT.url)).toBeTruthy();
    expect(within(row).getByText('job.failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('says at the address why the server refused it', async () => {
    apiServer.use(
      http.get(apiUrl('/api/webhooks'), () => HttpResponse.json({ webhooks: [] })),
      http.post(apiUrl('/api/webhooks'), () =>
        HttpResponse.json(
          { error: { code: 'unsafe_url', message: 'The address 10.0.0.7 is private.' } },
          { status: 400 },
        ),
      ),
    );
    renderScreen(<WebhooksCard />, { path: '/api-keys' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.type(within(dialog).getByLabelText(/Endpoint URL/), 'https://10.0.0.7/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('The address 10.0.0.7 is private.')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Endpoint URL/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('sends a test event, opens the deliveries, redelivers one, and deletes the endpoint after asking', async () => {
    let deliveries: WebhookDelivery[] = [];
    let redelivered = '';
    let deleted = false;
    apiServer.use(
      http.get(apiUrl('/api/webhooks'), () => HttpResponse.json({ webhooks: deleted ? [] : [ENDPOINT] })),
      http.post(apiUrl('/api/webhooks/:webhookId/test'), () => {
        deliveries = [
          delivery({}),
          delivery({
            deliveryId: 'msg_0',
            type: 'job.succeeded',
            status: 'failed',
            attempts: 8,
            responseStatus: 503,
            error: 'The endpoint answered HTTP 503',
          }),
        ];
        return HttpResponse.json(delivery({ status: 'pending', attempts: 0 }), { status: 202 });
      }),
      http.get(apiUrl('/api/webhooks/:webhookId/deliveries'), () => HttpResponse.json({ deliveries })),
      http.post(apiUrl('/api/webhooks/:webhookId/deliveries/:deliveryId/redeliver'), ({ params }) => {
        redelivered = String(params.deliveryId);
        return HttpResponse.json(delivery({ status: 'pending' }), { status: 202 });
      }),
      http.delete(apiUrl('/api/webhooks/:webhookId'), () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderScreen(<WebhooksCard />, { path: '/api-keys' });
    const user = userEvent.setup();
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByText(/No deliveries yet/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Send test event' }));
    expect(await findToast(WEBHOOK_MESSAGES.testSent)).toBeTruthy();
    const list = await within(row).findByRole('list', { name: 'Deliveries' });
    const items = within(list).getAllByTestId('webhook-delivery');
    expect(items).toHaveLength(2);
    // The endpoint's summary follows the deliveries read since.
    expect(within(row).getByText(/Last delivery .* \(HTTP 200\)/)).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Delivered')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(
      within(items[1] as HTMLElement).getByText(/HTTP 503 · The endpoint answered HTTP 503/),
    ).toBeTruthy();
    await user.click(
      within(items[1] as HTMLElement).getByRole('button', { name: /Redeliver job\.succeeded/ }),
    );
    expect(await findToast(WEBHOOK_MESSAGES.redelivered)).toBeTruthy();
    expect(redelivered).toBe('msg_0');

    await user.click(within(row).getByRole('button', { name: `Delete ${ENDPOINT.url}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await findToast(WEBHOOK_MESSAGES.deleted)).toBeTruthy();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
  });
});
