import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ContentSummaryPage } from '#shared/content-summary';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { LIBRARY, LIBRARY_ERRORS } from '../messages';
import { ContentLibraryDialog } from './content-library-dialog';

/** A client's library when its list cannot be read: a failure is never shown as an empty library. */

const CLIENT = { id: 'client-1', name: 'Empty Library Co' };
const EMPTY_PAGE: ContentSummaryPage = { content: [], next_cursor: null };

describe('the content library dialog', () => {
  it('says the library failed to load instead of showing it empty, and Try again loads it', async () => {
    let failing = true;
    apiServer.use(
      http.get(apiUrl(`/api/clients/${CLIENT.id}/content`), () =>
        failing
          ? HttpResponse.json({ error: { code: 'internal', message: 'Storage is down' } }, { status: 500 })
          : HttpResponse.json(EMPTY_PAGE),
      ),
    );
    renderScreen(<ContentLibraryDialog client={CLIENT} onOpenChange={() => {}} onCountChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: /Content Library/u });
    const failed = await within(dialog).findByTestId('load-failed');
    expect(within(failed).getByText(LIBRARY_ERRORS.load)).toBeTruthy();
    expect(within(dialog).queryByText(LIBRARY.empty)).toBeNull();
    failing = false;
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(LIBRARY.empty)).toBeTruthy();
    expect(within(dialog).queryByTestId('load-failed')).toBeNull();
  });
});
