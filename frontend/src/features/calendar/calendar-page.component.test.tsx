import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CALENDAR_ENTRY_LABELS, type CalendarEntry } from '#shared/calendar';
import type { Publication } from '#shared/channels';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { findToast } from '@/testing/toasts';
import { CalendarPage } from './calendar-page';
import { CALENDAR_PAGE } from './messages';

/**
 * The calendar with posts to the publishing channels beside WordPress's: a channel post shows its
 * channel's mark, a failed one is retried from its details, and a scheduled one dragged to another day
 * is rescheduled at the same time of day (the viewer's clock, as the WordPress drag does). The entries
 * sit on days of the month the calendar opens on (today's), so the test holds on any date.
 */

const CLIENT = { id: 'client-1', name: 'Harbor Bakery' };
const now = new Date();
/** 9:30 on the 10th and the 20th of this month, on the viewer's clock. */
const onDay = (day: number) => new Date(now.getFullYear(), now.getMonth(), day, 9, 30);
const DAY_FROM = onDay(10);
const DAY_TO = onDay(20);

const entry = (overrides: Partial<CalendarEntry> & Pick<CalendarEntry, 'id' | 'kind'>): CalendarEntry => ({
  date: DAY_FROM.toISOString(),
  clientId: CLIENT.id,
  clientName: CLIENT.name,
  contentId: 'content-1',
  title: 'Spring opening hours',
  contentType: 'social',
  status: 'approved',
  ...overrides,
});

const scheduledOnInstagram = entry({
  id: 'channel#pub-1',
  kind: 'scheduled',
  channel: { platform: 'instagram', channelName: 'Harbor Bakery Shop', publicationId: 'pub-1' },
});
const onWordPress = entry({
  id: 'scheduled#content-2',
  kind: 'scheduled',
  contentId: 'content-2',
  title: 'Our new sourdough',
  contentType: 'blog',
  wordpressPostId: 41,
});
const failedOnFacebook = entry({
  id: 'channel#pub-2',
  kind: 'failed',
  contentId: 'content-3',
  title: 'Weekend offer',
  channel: {
    platform: 'facebook',
    channelName: 'Harbor Bakery Page',
    publicationId: 'pub-2',
    error: 'Facebook: the Page is restricted from posting.',
  },
});

function serve(entries: () => CalendarEntry[]) {
  apiServer.use(
    http.get(apiUrl('/api/clients'), () => HttpResponse.json({ clients: [CLIENT], next_cursor: null })),
    http.get(apiUrl('/api/calendar'), () => HttpResponse.json({ entries: entries() })),
  );
}

const chipOf = async (contentId: string, kind: CalendarEntry['kind']): Promise<HTMLElement> => {
  const grid = await screen.findByTestId('calendar-grid');
  return waitFor(() => {
    const found = within(grid)
      .getAllByTestId('calendar-entry')
      .find((chip) => chip.dataset.contentId === contentId && chip.dataset.kind === kind);
    if (!found) throw new Error(`No ${kind} entry for ${contentId}`);
    return found;
  });
};

const dayCell = (date: Date): HTMLElement => {
  const key = format(date, 'yyyy-MM-dd');
  const cell = screen
    .getAllByTestId('calendar-day')
    .find((candidate) => candidate.dataset.day === key && candidate.closest('[data-testid="calendar-grid"]'));
  if (!cell) throw new Error(`No day ${key}`);
  return cell;
};

/** A drag of `chip` onto `cell` as the browser dispatches it. */
function drag(chip: HTMLElement, cell: HTMLElement) {
  const dataTransfer = { setData: () => undefined, effectAllowed: 'none', dropEffect: 'none' };
  fireEvent.dragStart(chip, { dataTransfer });
  fireEvent.dragEnter(cell, { dataTransfer });
  fireEvent.dragOver(cell, { dataTransfer });
  fireEvent.drop(cell, { dataTransfer });
}

describe('the calendar’s channel posts', () => {
  it('shows a channel post beside a WordPress one, with its channel’s mark and name', async () => {
    serve(() => [scheduledOnInstagram, onWordPress]);
    renderScreen(<CalendarPage />);
    const chip = await chipOf('content-1', 'scheduled');
    expect(within(chip).getByRole('img', { name: 'Instagram' })).toBeTruthy();
    expect(chip.title).toContain('Harbor Bakery Shop on Instagram');
    const wordpress = await chipOf('content-2', 'scheduled');
    expect(within(wordpress).queryByRole('img')).toBeNull();

    await userEvent.setup().click(chip);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('calendar-entry-channel').textContent).toContain('Harbor Bakery Shop');
    expect(within(dialog).queryByRole('link', { name: CALENDAR_PAGE.openPublisher })).toBeNull();
  });

  it('shows a failed post with its error, and Retry sends it again: it becomes published, with View post', async () => {
    const postUrl = 'https://facebook.example/harbor/posts/9';
    let retried = 0;
    serve(() =>
      retried === 0
        ? [failedOnFacebook]
        : [
            {
              ...failedOnFacebook,
              id: 'channel#pub-2',
              kind: 'published',
              date: now.toISOString(),
              channel: {
                platform: 'facebook',
                channelName: 'Harbor Bakery Page',
                publicationId: 'pub-2',
                postUrl,
              },
            },
          ],
    );
    apiServer.use(
      http.post(apiUrl(`/api/clients/${CLIENT.id}/content/content-3/publications/pub-2/retry`), () => {
        retried += 1;
        const published: Publication = {
          publicationId: 'pub-2',
          clientId: CLIENT.id,
          contentId: 'content-3',
          connectionId: 'conn-1',
          platform: 'facebook',
          channelName: 'Harbor Bakery Page',
          status: 'published',
          text: 'Weekend offer',
          publishedAt: now.toISOString(),
          postId: '9',
          postUrl,
          createdAt: DAY_FROM.toISOString(),
          createdBy: 'component-test-user',
          updatedAt: now.toISOString(),
        };
        return HttpResponse.json(published);
      }),
    );
    renderScreen(<CalendarPage />);
    const user = userEvent.setup();
    const chip = await chipOf('content-3', 'failed');
    expect(within(chip).getByRole('img', { name: 'Facebook' })).toBeTruthy();
    expect(within(chip).getByText(`${CALENDAR_ENTRY_LABELS.failed}:`, { exact: false })).toBeTruthy();

    await user.click(chip);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CALENDAR_ENTRY_LABELS.failed)).toBeTruthy();
    expect(within(dialog).getByTestId('calendar-entry-error').textContent).toBe(
      'Facebook: the Page is restricted from posting.',
    );
    expect(within(dialog).queryByRole('link', { name: /View post/u })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));

    await findToast('Published to Facebook');
    expect(retried).toBe(1);
    const link = await within(dialog).findByRole('link', { name: /View post/u });
    expect(link.getAttribute('href')).toBe(postUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
    // The period is read again: the entry is a published one now.
    expect(await chipOf('content-3', 'published')).toBeTruthy();
  });

  it('reschedules a dragged channel post to the same time of day on the day it is dropped on', async () => {
    const sent: unknown[] = [];
    serve(() => [scheduledOnInstagram]);
    apiServer.use(
      http.post(
        apiUrl(`/api/clients/${CLIENT.id}/content/content-1/publications/pub-1/reschedule`),
        async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json({ publicationId: 'pub-1', status: 'scheduled' });
        },
      ),
    );
    renderScreen(<CalendarPage />);
    drag(await chipOf('content-1', 'scheduled'), dayCell(DAY_TO));
    await findToast(CALENDAR_PAGE.moved(format(DAY_TO, 'MMM d, yyyy, h:mm a')));
    expect(sent).toEqual([{ scheduledAt: DAY_TO.toISOString() }]);
  });

  it('says a channel post edited since its approval goes back for approval, as WordPress’s drag does', async () => {
    serve(() => [scheduledOnInstagram]);
    apiServer.use(
      http.post(apiUrl(`/api/clients/${CLIENT.id}/content/content-1/publications/pub-1/reschedule`), () =>
        HttpResponse.json(
          {
            error: {
              code: 'approval_required',
              message: 'This content needs approval before it can be published.',
            },
          },
          { status: 409 },
        ),
      ),
    );
    renderScreen(<CalendarPage />);
    drag(await chipOf('content-1', 'scheduled'), dayCell(DAY_TO));
    await findToast(CALENDAR_PAGE.refused.needsApproval);
  });

  it('still moves a WordPress post on WordPress', async () => {
    const sent: unknown[] = [];
    serve(() => [onWordPress]);
    apiServer.use(
      http.post(apiUrl(`/api/clients/${CLIENT.id}/wordpress/posts/41/reschedule`), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    renderScreen(<CalendarPage />);
    drag(await chipOf('content-2', 'scheduled'), dayCell(DAY_TO));
    await waitFor(() => expect(sent).toEqual([{ contentId: 'content-2', date: DAY_TO.toISOString() }]));
  });
});
