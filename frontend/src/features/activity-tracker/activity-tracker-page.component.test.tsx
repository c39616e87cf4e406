import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Activity } from '#shared/activity';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { SIGNED_IN_ADMIN, signInAs } from '@/testing/signed-in-user';
import { findToast } from '@/testing/toasts';
import { ActivityTrackerPage } from './activity-tracker-page';
import { ACTIVITY_ERRORS, ACTIVITY_PAGE } from './messages';

/** The Activity Tracker when its feed cannot be read (spec 001 §8): the server's message, or the spec's. */

const RENAMED: Activity = {
  id: 'activity-1',
  user_id: 'user-1',
  user_email: 'maria@agency.example',
  action: 'client_updated',
  resource_type: 'client',
  resource_id: 'client-1',
  details: { name: 'Harbor View Dental' },
  ip_address: null,
  user_agent: null,
  created_at: '2026-11-30T09:15:00.000Z',
};

describe('Activity Tracker', () => {
  it("shows 'Error' with the server's message, or 'Failed to load activities', and Try Again loads the feed", async () => {
    signInAs(SIGNED_IN_ADMIN);
    let reply: 'message' | 'unreachable' | 'rows' = 'message';
    let requests = 0;
    apiServer.use(
      http.get(apiUrl('/api/activities'), () => {
        requests += 1;
        if (reply === 'message')
          return HttpResponse.json(
            { error: { code: 'UNAVAILABLE', message: 'The feed is resting' } },
            { status: 503 },
          );
        if (reply === 'unreachable') return HttpResponse.error();
        return HttpResponse.json({ activities: [RENAMED], next_cursor: null });
      }),
    );
    const first = renderScreen(<ActivityTrackerPage />, { path: '/activity-tracker' });
    expect(await findToast('The feed is resting')).toBeTruthy();
    expect(await screen.findByText(ACTIVITY_PAGE.loadFailedTitle)).toBeTruthy();
    first.unmount();

    // The server cannot be reached: the spec's own words, under the spec's title.
    reply = 'unreachable';
    requests = 0;
    renderScreen(<ActivityTrackerPage />, { path: '/activity-tracker' });
    const toast = await findToast(ACTIVITY_ERRORS.load);
    expect(toast.textContent).toContain(ACTIVITY_ERRORS.title);
    // The feed also reloads quietly once its WebSocket connects: both refused, only Try Again is left.
    expect(await screen.findByText(ACTIVITY_PAGE.live, { exact: true })).toBeTruthy();
    await expect.poll(() => requests).toBeGreaterThanOrEqual(2);
    reply = 'rows';
    await userEvent.setup().click(await screen.findByRole('button', { name: ACTIVITY_PAGE.retry }));
    const row = await screen.findByTestId('activity-row');
    expect(within(row).getByText('maria@agency.example')).toBeTruthy();
  });
});
