import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, type ApiKeySummary } from '#shared/api-keys';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { SIGNED_IN_ADMIN, SIGNED_IN_USER, signInAs } from '@/testing/signed-in-user';
import { findToast } from '@/testing/toasts';
import { ApiKeysPage } from './api-keys-page';

/** The API Keys screen's failure toasts (spec 001 §8), with the server failing each call. */

const serverError = () => HttpResponse.json({}, { status: 500 });
/** The page's webhooks card reads its endpoints too (webhooks-card.component.test.tsx tests it). */
const noWebhooks = http.get(apiUrl('/api/webhooks'), () => HttpResponse.json({ webhooks: [] }));

const STURDY_KEY: ApiKeySummary = {
  id: 'key-1',
  name: 'Sturdy key',
  key_prefix: 'lbm_abcd',
  user_id: SIGNED_IN_USER.id,
  user_email: SIGNED_IN_USER.email,
  is_active: true,
  created_at: '2026-11-02T10:00:00.000Z',
  last_used_at: null,
  scopes: ['read', 'generate', 'publish', 'admin'],
  expires_at: null,
};

describe('API Keys page', () => {
  it('says the keys failed to load, and that a key failed to be created', async () => {
    apiServer.use(
      noWebhooks,
      http.get(apiUrl('/api/api-keys'), serverError),
      http.post(apiUrl('/api/api-keys'), serverError),
    );
    renderScreen(<ApiKeysPage />, { path: '/api-keys' });
    expect(await findToast(API_KEY_MESSAGES.fetchFailed)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Key name'), 'Will fail');
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await findToast(API_KEY_MESSAGES.createFailed)).toBeTruthy();
  });

  it('says a status change and a delete failed, and the key stays as it was', async () => {
    apiServer.use(
      noWebhooks,
      http.get(apiUrl('/api/api-keys'), () => HttpResponse.json({ apiKeys: [STURDY_KEY] })),
      http.patch(apiUrl('/api/api-keys/:keyId'), serverError),
      http.delete(apiUrl('/api/api-keys/:keyId'), serverError),
    );
    renderScreen(<ApiKeysPage />, { path: '/api-keys' });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Active: Sturdy key' });
    await user.click(toggle);
    expect(await findToast(API_KEY_MESSAGES.updateFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Sturdy key' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast(API_KEY_MESSAGES.deleteFailed)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Active: Sturdy key' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});

describe('API Keys page, the list in the cache', () => {
  it('loads again on Try again after a failed load', async () => {
    let calls = 0;
    apiServer.use(
      noWebhooks,
      http.get(apiUrl('/api/api-keys'), () => {
        calls += 1;
        return calls === 1 ? serverError() : HttpResponse.json({ apiKeys: [STURDY_KEY] });
      }),
    );
    renderScreen(<ApiKeysPage />, { path: '/api-keys' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Active: Sturdy key' })).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
    expect(calls).toBe(2);
  });

  it('shows a created key in your list and, for an admin, in everyone’s list loaded before', async () => {
    signInAs(SIGNED_IN_ADMIN);
    const OTHERS_KEY: ApiKeySummary = { ...STURDY_KEY, id: 'key-2', name: 'Other key', user_id: 'someone' };
    const created = { ...STURDY_KEY, id: 'key-3', name: 'Fresh key', user_id: SIGNED_IN_ADMIN.id };
    apiServer.use(
      noWebhooks,
      http.get(apiUrl('/api/api-keys'), ({ request }) =>
        HttpResponse.json({
          apiKeys: new URL(request.url).searchParams.get('all') === 'true' ? [OTHERS_KEY] : [],
        }),
      ),
      http.post(apiUrl('/api/api-keys'), () => HttpResponse.json({ ...created, key: 'lbm_abcd_secret' })),
    );
    renderScreen(<ApiKeysPage />, { path: '/api-keys' });
    const user = userEvent.setup();
    const everyone = await screen.findByRole('switch', { name: 'Show every user’s keys' });
    await user.click(everyone);
    expect(await screen.findByRole('switch', { name: 'Active: Other key' })).toBeTruthy();
    await user.click(everyone);
    expect(await screen.findByText('No API keys yet. Create one above.')).toBeTruthy();

    await user.type(screen.getByLabelText('Key name'), 'Fresh key');
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByRole('switch', { name: 'Active: Fresh key' })).toBeTruthy();
    // Everyone's list comes from the cache (loaded a moment ago): the new key is in it too.
    await user.click(everyone);
    expect(await screen.findByRole('switch', { name: 'Active: Fresh key' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Active: Other key' })).toBeTruthy();
  });
});

describe('API Keys page, a key’s scopes and expiry', () => {
  it('creates a key with the chosen scopes and expiry, and refuses one with no scope', async () => {
    let sent: { name: string; scopes: string[]; expires_at: string | null } | undefined;
    apiServer.use(
      noWebhooks,
      http.get(apiUrl('/api/api-keys'), () => HttpResponse.json({ apiKeys: [] })),
      http.post(apiUrl('/api/api-keys'), async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json({
          ...STURDY_KEY,
          id: 'key-9',
          name: 'Reader',
          scopes: sent?.scopes,
          expires_at: sent?.expires_at,
          key: 'lbm_reader',
        });
      }),
    );
    renderScreen(<ApiKeysPage />, { path: '/api-keys' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Key name'), 'Reader');
    for (const scope of ['read', 'generate', 'publish', 'admin']) {
      await user.click(screen.getByRole('checkbox', { name: new RegExp(`^${scope}`, 'i') }));
    }
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByText(API_KEY_MESSAGES.scopesRequired)).toBeTruthy();
    expect(sent).toBeUndefined();

    await user.click(screen.getByRole('checkbox', { name: /^read/i }));
    await user.selectOptions(screen.getByLabelText('Expires'), 'In 30 days');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await findToast(API_KEY_MESSAGES.created)).toBeTruthy();
    expect(sent?.scopes).toEqual(['read']);
    const expires = Date.parse(sent?.expires_at ?? '');
    expect(expires - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 60_000);
    expect(expires - before).toBeLessThanOrEqual(30 * 86_400_000 + 60_000);
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText('read')).toBeTruthy();
    expect(within(row).getByText(/^Expires /)).toBeTruthy();
  });
});
