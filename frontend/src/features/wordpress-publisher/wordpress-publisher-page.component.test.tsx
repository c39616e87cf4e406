import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ContentSummaryPage } from '#shared/content-summary';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { WORDPRESS_MESSAGES } from '#shared/wordpress';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { findToast } from '@/testing/toasts';
import type { WordPressClient } from './publisher-api';
import { WordPressPublisherPage } from './wordpress-publisher-page';

/** 001 §8: a library the publisher cannot read says 'Failed to fetch client content', never "empty". */

const CLIENT: WordPressClient = {
  id: 'client-1',
  name: 'Spring Bakery',
  wordpress_url: 'https://spring-bakery.example',
  wordpress_username: 'editor',
  wordpress_configured: true,
  require_approval: false,
  approval_steps: 'none',
};
const EMPTY_PAGE: ContentSummaryPage = { content: [], next_cursor: null };

describe('the WordPress Publisher', () => {
  it("says 'Failed to fetch client content' with the service's message, and Try again loads the library", async () => {
    let failing = true;
    apiServer.use(
      http.get(apiUrl('/api/clients'), () => HttpResponse.json({ clients: [CLIENT], next_cursor: null })),
      http.get(apiUrl(`/api/clients/${CLIENT.id}/content`), () =>
        failing
          ? HttpResponse.json({ error: { code: 'internal', message: 'Storage is down' } }, { status: 500 })
          : HttpResponse.json(EMPTY_PAGE),
      ),
    );
    renderScreen(<WordPressPublisherPage />, { path: `/wordpress-publisher?clientId=${CLIENT.id}` });
    const failed = await screen.findByTestId('load-failed');
    expect(within(failed).getByText(TOOL_MESSAGES.fetchContentFailed)).toBeTruthy();
    await findToast('Storage is down');
    failing = false;
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(WORDPRESS_MESSAGES.noContent)).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });
});
