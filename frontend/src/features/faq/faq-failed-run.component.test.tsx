import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { FaqPage } from './faq-page';

/**
 * A run the server refuses (no job at all): the polite live region says why, and the keyboard focus
 * stays on Generate, which is usable again at once (focus is never dropped on <body>).
 */

describe('a refused run on the FAQ generator', () => {
  it('announces the failure and leaves the focus on Generate', async () => {
    apiServer.use(
      http.get(apiUrl('/api/clients'), () => HttpResponse.json({ clients: [], next_cursor: null })),
      http.post(apiUrl('/api/generate-faq'), () =>
        HttpResponse.json(
          { error: { code: 'UNAVAILABLE', message: 'The writer is busy, try again.' } },
          { status: 503 },
        ),
      ),
    );
    renderScreen(<FaqPage />, { path: '/faq' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Topic', { exact: true }), 'Gutter guards');
    const generate = screen.getByRole('button', { name: 'Generate FAQ' });
    generate.focus();
    await user.keyboard('{Enter}');
    const announcement = (await screen.findAllByTestId('result-announcement'))[0];
    await expect.poll(() => announcement?.textContent).toMatch(/: The writer is busy, try again\.$/u);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Generate FAQ' }));
    expect(screen.getByRole('button', { name: 'Generate FAQ' }).getAttribute('aria-disabled')).toBeNull();
  });
});
