import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { FaqPage } from './faq-page';

/** A tool's client picker when the client list cannot be read (spec 001 §8), on the FAQ generator. */

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FAQ & How To Generator', () => {
  it('says the client list failed to load instead of offering no clients', async () => {
    // The page logs the failure (the browser console in the app): kept out of the test's output.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    apiServer.use(
      http.get(apiUrl('/api/clients'), () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Storage is down' } }, { status: 500 }),
      ),
    );
    renderScreen(<FaqPage />, { path: '/faq' });
    const picker = await screen.findByLabelText('Client (optional)');
    expect(await within(picker).findByText(TOOL_MESSAGES.fetchClientsFailed)).toBeTruthy();
    expect(picker.hasAttribute('disabled') || picker.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(picker.textContent).not.toContain('No client selected');
  });
});
