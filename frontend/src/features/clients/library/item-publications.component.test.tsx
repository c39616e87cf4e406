import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelConnection, Publication, PublicationRequest } from '#shared/channels';
import type { ClientContent } from '#shared/content';
import { formatDisplayDate } from '#shared/saved-title';
import { PUBLISH_BUTTON, PUBLISH_DIALOG } from '@/components/channels/messages';
import { imagesAre } from '@/components/channels/publish-fixtures';
import { apiServer, apiUrl, DEFAULT_AGENCY_SETTINGS } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { findToast } from '@/testing/toasts';
import { ContentPreviewDialog } from './content-preview-dialog';
import { ITEM_PUBLICATIONS } from './publication-messages';

/**
 * A library item's posts to the publishing channels, in its Preview dialog: each with its channel,
 * status and time in the agency's zone, and only the actions its status allows, each calling its route.
 */

/** A zone no test machine's clock is likely to keep (+5:45), so a time shown in the viewer's zone shows. */
const AGENCY_ZONE = 'Asia/Kathmandu';
const ITEM: ClientContent = {
  id: 'content-1',
  client_id: 'client-1',
  title: 'Spring opening hours',
  content: 'We open at 7.',
  html_content: '<p>We open at 7.</p>',
  content_type: 'social',
  metadata: {},
  created_at: new Date(Date.now() - 86_400_000).toISOString(),
  updated_at: new Date(Date.now() - 86_400_000).toISOString(),
  status: 'approved',
  approvals: [],
};
const BASE = `/api/clients/${ITEM.client_id}/content/${ITEM.id}/publications`;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const publication = (
  overrides: Partial<Publication> & Pick<Publication, 'publicationId' | 'status'>,
): Publication => ({
  clientId: ITEM.client_id,
  contentId: ITEM.id,
  connectionId: 'conn-ig',
  platform: 'instagram',
  channelName: 'Harbor Bakery Shop',
  text: 'We open at 7.',
  createdAt: inHours(-5),
  createdBy: 'component-test-user',
  updatedAt: inHours(-4),
  ...overrides,
});

const scheduled = publication({ publicationId: 'pub-s', status: 'scheduled', scheduledAt: inHours(30) });
const published = publication({
  publicationId: 'pub-p',
  status: 'published',
  publishedAt: inHours(-3),
  postUrl: 'https://instagram.example/p/abc',
});
const failed = publication({
  publicationId: 'pub-f',
  status: 'failed',
  platform: 'facebook',
  connectionId: 'conn-fb',
  channelName: 'Harbor Bakery Page',
  updatedAt: inHours(-2),
  error: 'Facebook: the Page is restricted from posting.',
});

function serve(items: Publication[]) {
  apiServer.use(http.get(apiUrl(BASE), () => HttpResponse.json({ items })));
}

const rowOf = async (publicationId: string): Promise<HTMLElement> => {
  const section = await screen.findByTestId('item-publications');
  return waitFor(() => {
    const row = within(section)
      .getAllByTestId('publication-row')
      .find((candidate) => candidate.dataset.publicationId === publicationId);
    if (!row) throw new Error(`No row for ${publicationId}`);
    return row;
  });
};

/** The names of a row's buttons and links, in order. */
const actionsOf = (row: HTMLElement) =>
  [...within(row).queryAllByRole('button'), ...within(row).queryAllByRole('link')].map(
    (control) => control.textContent?.trim() ?? '',
  );

beforeEach(() => {
  apiServer.use(
    http.get(apiUrl('/api/settings'), () =>
      HttpResponse.json({ ...DEFAULT_AGENCY_SETTINGS, timeZone: AGENCY_ZONE }),
    ),
  );
});

describe('an item’s posts to the channels', () => {
  it('lists each post with its mark, channel, status, time in the agency’s zone and only its own actions', async () => {
    serve([scheduled, published, failed]);
    renderScreen(<ContentPreviewDialog item={ITEM} onClose={() => {}} />);

    const first = await rowOf('pub-s');
    expect(within(first).getByRole('img', { name: 'Instagram' })).toBeTruthy();
    expect(within(first).getByText('Harbor Bakery Shop')).toBeTruthy();
    expect(within(first).getByText('Scheduled')).toBeTruthy();
    expect((await within(first).findByTestId('publication-time')).textContent).toBe(
      ITEM_PUBLICATIONS.when.scheduled(formatDisplayDate(new Date(scheduled.scheduledAt ?? ''), AGENCY_ZONE)),
    );
    expect(actionsOf(first)).toEqual(['Cancel']);

    const second = await rowOf('pub-p');
    expect(within(second).getByText('Published')).toBeTruthy();
    expect(within(second).getByTestId('publication-time').textContent).toBe(
      ITEM_PUBLICATIONS.when.published(formatDisplayDate(new Date(published.publishedAt ?? ''), AGENCY_ZONE)),
    );
    expect(actionsOf(second)).toEqual(['Delete from Instagram', 'View post']);
    const link = within(second).getByRole('link', { name: /View post/u });
    expect(link.getAttribute('href')).toBe(published.postUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const third = await rowOf('pub-f');
    expect(within(third).getByRole('img', { name: 'Facebook' })).toBeTruthy();
    expect(within(third).getByText('Failed')).toBeTruthy();
    expect(within(third).getByTestId('publication-error').textContent).toBe(failed.error);
    expect(actionsOf(third)).toEqual(['Retry', 'Discard']);
  });

  it('says when nothing was posted', async () => {
    serve([]);
    renderScreen(<ContentPreviewDialog item={ITEM} onClose={() => {}} />);
    const section = await screen.findByTestId('item-publications');
    expect(await within(section).findByText(ITEM_PUBLICATIONS.empty)).toBeTruthy();
  });

  it('Cancel deletes the scheduled post and Discard the failed one; each leaves the list', async () => {
    const deleted: string[] = [];
    serve([scheduled, failed]);
    apiServer.use(
      http.delete(apiUrl(`${BASE}/:publicationId`), ({ params }) => {
        deleted.push(String(params.publicationId));
        return HttpResponse.json({ deleted: true, publicationId: params.publicationId });
      }),
    );
    renderScreen(<ContentPreviewDialog item={ITEM} onClose={() => {}} />);
    const user = userEvent.setup();

    await user.click(within(await rowOf('pub-s')).getByRole('button', { name: /^Cancel/u }));
    await findToast(ITEM_PUBLICATIONS.cancelled);
    expect(deleted).toEqual(['pub-s']);
    await waitFor(() => expect(screen.queryAllByTestId('publication-row')).toHaveLength(1));

    await user.click(within(await rowOf('pub-f')).getByRole('button', { name: /^Discard/u }));
    await findToast(ITEM_PUBLICATIONS.discarded);
    expect(deleted).toEqual(['pub-s', 'pub-f']);
    expect(await screen.findByText(ITEM_PUBLICATIONS.empty)).toBeTruthy();
  });

  it('Retry sends the failed post again and shows it published', async () => {
    let retried = 0;
    serve([failed]);
    apiServer.use(
      http.post(apiUrl(`${BASE}/pub-f/retry`), () => {
        retried += 1;
        const { error: _error, ...rest } = failed;
        return HttpResponse.json({
          ...rest,
          status: 'published',
          publishedAt: inHours(0),
          postUrl: 'https://facebook.example/harbor/posts/9',
        } satisfies Publication);
      }),
    );
    renderScreen(<ContentPreviewDialog item={ITEM} onClose={() => {}} />);
    await userEvent.setup().click(within(await rowOf('pub-f')).getByRole('button', { name: /^Retry/u }));
    await findToast('Published to Facebook');
    expect(retried).toBe(1);
    const row = await rowOf('pub-f');
    await waitFor(() => expect(row.dataset.status).toBe('published'));
    expect(within(row).queryByTestId('publication-error')).toBeNull();
    expect(actionsOf(row)).toEqual(['Delete from Facebook', 'View post']);
  });

  it('Delete from Instagram asks first, and shows the platform’s refusal, keeping the post', async () => {
    const refusal =
      'Instagram: posts published through the API cannot be deleted; remove it in the Instagram app.';
    let deletes = 0;
    serve([published]);
    apiServer.use(
      http.delete(apiUrl(`${BASE}/pub-p`), () => {
        deletes += 1;
        return HttpResponse.json({ error: { code: 'not_supported', message: refusal } }, { status: 409 });
      }),
    );
    renderScreen(<ContentPreviewDialog item={ITEM} onClose={() => {}} />);
    const user = userEvent.setup();
    const row = await rowOf('pub-p');
    await user.click(within(row).getByRole('button', { name: /^Delete from Instagram/u }));
    const confirm = within(row).getByTestId('publication-delete-confirm');
    expect(deletes).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete from Instagram' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(refusal);
    expect(deletes).toBe(1);
    expect(row.isConnected).toBe(true);
    expect(row.dataset.status).toBe('published');
  });

  it('Delete from the platform, once confirmed, removes a published post', async () => {
    let deletes = 0;
    serve([published]);
    apiServer.use(
      http.delete(apiUrl(`${BASE}/pub-p`), () => {
        deletes += 1;
        return HttpResponse.json({ deleted: true, publicationId: 'pub-p' });
      }),
    );
    renderScreen(<ContentPreviewDialog item={ITEM} onClose={() => {}} />);
    const user = userEvent.setup();
    const row = await rowOf('pub-p');
    await user.click(within(row).getByRole('button', { name: /^Delete from Instagram/u }));
    await user.click(
      within(within(row).getByTestId('publication-delete-confirm')).getByRole('button', {
        name: 'Delete from Instagram',
      }),
    );
    await findToast(ITEM_PUBLICATIONS.deleted('Instagram'));
    expect(deletes).toBe(1);
    expect(await screen.findByText(ITEM_PUBLICATIONS.empty)).toBeTruthy();
  });
});

const FACEBOOK: ChannelConnection = {
  connectionId: 'conn-fb',
  platform: 'facebook',
  name: 'Harbor Bakery Page',
  status: 'connected',
  connectedAt: inHours(-48),
};
const IMAGE = '/api/media/user-1/01JQ7Z8X9Y0000000000000000/loaves.png';

/**
 * The item's publications as a server keeps them: GET answers what POST and retry made, so the list
 * shows a new post only if the screen writes it into the cache or reads the list again.
 */
function serveChannel(answer: (request: PublicationRequest) => Publication) {
  const held: Publication[] = [];
  const sent: PublicationRequest[] = [];
  apiServer.use(
    http.get(apiUrl(BASE), () => HttpResponse.json({ items: held })),
    http.get(apiUrl(`/api/clients/${ITEM.client_id}/connections`), () =>
      HttpResponse.json({ items: [FACEBOOK], unavailable: [] }),
    ),
    http.post(apiUrl(BASE), async ({ request }) => {
      const body = (await request.json()) as PublicationRequest;
      sent.push(body);
      const made = answer(body);
      held.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.post(apiUrl(`${BASE}/:publicationId/retry`), ({ params }) => {
      const index = held.findIndex((item) => item.publicationId === params.publicationId);
      const found = held[index];
      if (!found)
        return HttpResponse.json({ error: { code: 'not_found', message: 'No such post' } }, { status: 404 });
      const { error: _error, ...rest } = found;
      const retried: Publication = {
        ...rest,
        status: 'published',
        publishedAt: inHours(0),
        postUrl: 'https://facebook.example/harbor/posts/10',
      };
      held[index] = retried;
      return HttpResponse.json(retried);
    }),
  );
  imagesAre({ width: 1080, height: 1080 });
  return sent;
}

/** Publish on the item's view, Facebook chosen, then Publish now: the dialog, showing the outcome. */
async function publishToFacebook(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const section = await screen.findByTestId('item-publications');
  expect(await within(section).findByText(ITEM_PUBLICATIONS.empty)).toBeTruthy();
  await user.click(within(section).getByRole('button', { name: PUBLISH_BUTTON.label }));
  const dialog = await screen.findByRole('dialog', { name: PUBLISH_DIALOG.title });
  const [choice] = await within(dialog).findAllByTestId('channel-choice');
  if (!choice) throw new Error('No channel to choose');
  await user.click(within(choice).getByRole('checkbox'));
  const publish = within(dialog).getByRole('button', { name: PUBLISH_DIALOG.now }) as HTMLButtonElement;
  await waitFor(() => expect(publish.disabled).toBe(false));
  await user.click(publish);
  await within(dialog).findByTestId('publication-outcome');
  return dialog;
}

afterEach(() => vi.unstubAllGlobals());

describe('Publish from the item’s view', () => {
  it('opens the publish dialog on the item, with its text and image, and lists what it published', async () => {
    const sent = serveChannel((request) =>
      publication({
        publicationId: 'pub-new',
        status: 'published',
        platform: 'facebook',
        connectionId: request.connectionId,
        channelName: FACEBOOK.name,
        text: request.text ?? '',
        publishedAt: inHours(0),
        postUrl: 'https://facebook.example/harbor/posts/9',
      }),
    );
    const item: ClientContent = { ...ITEM, metadata: { images: [{ url: IMAGE, prompt: 'Loaves' }] } };
    renderScreen(<ContentPreviewDialog item={item} onClose={() => {}} />);
    const user = userEvent.setup();
    const dialog = await publishToFacebook(user);
    expect(sent).toEqual([{ connectionId: FACEBOOK.connectionId, text: ITEM.content, imageUrl: IMAGE }]);

    // The footer's Close (the corner's X is named Close too).
    const [close] = within(dialog)
      .getAllByRole('button', { name: PUBLISH_DIALOG.close })
      .filter((button) => button.textContent === PUBLISH_DIALOG.close);
    if (!close) throw new Error('No Close in the dialog’s footer');
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: PUBLISH_DIALOG.title })).toBeNull());
    const row = await rowOf('pub-new');
    expect(row.dataset.status).toBe('published');
    expect(within(row).getByText(FACEBOOK.name)).toBeTruthy();
  });

  it('shows a post the dialog sent again in place of its failure', async () => {
    serveChannel((request) =>
      publication({
        publicationId: 'pub-retried',
        status: 'failed',
        platform: 'facebook',
        connectionId: request.connectionId,
        channelName: FACEBOOK.name,
        error: 'Facebook: the Page is restricted from posting.',
      }),
    );
    renderScreen(<ContentPreviewDialog item={ITEM} onClose={() => {}} />);
    const user = userEvent.setup();
    const dialog = await publishToFacebook(user);
    await waitFor(async () => expect((await rowOf('pub-retried')).dataset.status).toBe('failed'));

    await user.click(
      within(dialog).getByRole('button', { name: `${PUBLISH_DIALOG.retry} ${FACEBOOK.name}` }),
    );
    await waitFor(async () => expect((await rowOf('pub-retried')).dataset.status).toBe('published'));
  });
});
