import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHANNEL_MESSAGES,
  type ChannelConnection,
  type ChannelPlatform,
  type Publication,
  type PublicationRequest,
} from '#shared/channels';
import { APPROVAL_UI } from '#shared/content-status';
import { formatDisplayDate } from '#shared/saved-title';
import { dayIn } from '#shared/time-zone';
import { apiServer, apiUrl, DEFAULT_AGENCY_SETTINGS } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { SIGNED_IN_ADMIN, signInAs } from '@/testing/signed-in-user';
import { PUBLISH_DIALOG } from './messages';
import { PublishDialog } from './publish-dialog';
import { imagesAre } from './publish-fixtures';
import type { PublishPost } from './publish-post';

/**
 * The publish dialog against a mocked API: the live rules of each chosen channel, publishing now and
 * at a time of the agency's zone, each channel's outcome with View post or Retry, and the approval gate.
 */

const CLIENT_ID = '01JCLIENT00000000000000001';
const CONTENT_ID = '01JCONTENT0000000000000001';
const IMAGE = '/api/media/user-1/job-1/image.png';
/** No daylight saving: the offset the test expects is the same on any date. */
const AGENCY_ZONE = 'Asia/Kolkata';
const publicationsPath = `/api/clients/${CLIENT_ID}/content/${CONTENT_ID}/publications`;

function connection(
  platform: ChannelPlatform,
  name: string,
  status: ChannelConnection['status'] = 'connected',
) {
  return {
    connectionId: `01JCONN${platform.toUpperCase().padEnd(19, '0')}`,
    platform,
    name,
    status,
    connectedAt: new Date(Date.now() - 86_400_000).toISOString(),
  } satisfies ChannelConnection;
}

const X = connection('x', '@springbakery');
const INSTAGRAM = connection('instagram', 'springbakery.ig');
const FACEBOOK = connection('facebook', 'Spring Bakery Page');
const LINKEDIN = connection('linkedin', 'Spring Bakery Ltd', 'reconnect_needed');

function publication(request: PublicationRequest, changes: Partial<Publication>): Publication {
  const now = new Date().toISOString();
  const used = [X, INSTAGRAM, FACEBOOK].find((candidate) => candidate.connectionId === request.connectionId);
  return {
    publicationId: `01JPUB${request.connectionId.slice(-20)}`,
    clientId: CLIENT_ID,
    contentId: CONTENT_ID,
    connectionId: request.connectionId,
    platform: used?.platform ?? 'facebook',
    channelName: used?.name ?? '',
    status: 'published',
    text: request.text ?? '',
    createdAt: now,
    createdBy: 'component-test-user',
    updatedAt: now,
    ...changes,
  };
}

/** Every publication request the dialog sent, in order. */
let sent: PublicationRequest[] = [];

function serve(connections: ChannelConnection[], reply: (request: PublicationRequest) => Response) {
  apiServer.use(
    http.get(apiUrl(`/api/clients/${CLIENT_ID}/connections`), () =>
      HttpResponse.json({ items: connections, unavailable: [] }),
    ),
    http.post(apiUrl(publicationsPath), async ({ request }) => {
      const body = (await request.json()) as PublicationRequest;
      sent.push(body);
      return reply(body);
    }),
  );
}

function Harness({ post }: { post: PublishPost }) {
  const [open, setOpen] = useState(true);
  return (
    <PublishDialog
      open={open}
      onOpenChange={setOpen}
      clientId={CLIENT_ID}
      contentId={CONTENT_ID}
      post={post}
    />
  );
}

async function openDialog(post: PublishPost) {
  renderScreen(<Harness post={post} />);
  const dialog = await screen.findByRole('dialog', { name: PUBLISH_DIALOG.title });
  await within(dialog).findAllByTestId('channel-choice');
  return dialog;
}

const submitButton = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('button', { name }) as HTMLButtonElement;
const composerOf = (dialog: HTMLElement, platform: ChannelPlatform) => {
  const found = within(dialog)
    .getAllByTestId('channel-composer')
    .find((element) => element.dataset.platform === platform);
  if (!found) throw new Error(`No composer for ${platform}`);
  return found;
};

beforeEach(() => {
  sent = [];
  apiServer.use(
    http.get(apiUrl('/api/settings'), () =>
      HttpResponse.json({ ...DEFAULT_AGENCY_SETTINGS, timeZone: AGENCY_ZONE }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the publish dialog’s live rules', () => {
  it('counts an X post as X weighs it, names the problem, and keeps Publish disabled until it fits', async () => {
    serve([X, FACEBOOK], () => HttpResponse.json({}));
    // 141 CJK characters weigh 282 on X, over its 280, though they are 141 characters.
    const long = '日'.repeat(141);
    const dialog = await openDialog({ text: 'Fresh bread today', texts: { x: long }, platforms: ['x'] });
    const x = composerOf(dialog, 'x');
    expect(within(x).getByTestId('text-counter').textContent).toBe('282 / 280');
    expect(within(x).getByTestId('channel-problems').textContent).toContain(
      'X: the post is 282 characters; X allows 280',
    );
    const publish = submitButton(dialog, PUBLISH_DIALOG.now);
    expect(publish.disabled).toBe(true);

    const text = within(x).getByRole('textbox', { name: PUBLISH_DIALOG.text(X.name) });
    fireEvent.change(text, { target: { value: '日'.repeat(140) } });
    expect(within(x).getByTestId('text-counter').textContent).toBe('280 / 280');
    expect(within(x).queryByTestId('channel-problems')).toBeNull();
    expect(publish.disabled).toBe(false);
    expect(sent).toEqual([]);
  });

  it('wants an image for Instagram', async () => {
    serve([INSTAGRAM], () => HttpResponse.json({}));
    const dialog = await openDialog({ text: 'New loaves', platforms: ['instagram'] });
    const instagram = composerOf(dialog, 'instagram');
    expect(within(instagram).getByTestId('channel-problems').textContent).toContain(
      'Instagram: a post needs an image.',
    );
    expect(submitButton(dialog, PUBLISH_DIALOG.now).disabled).toBe(true);
  });

  it('reads the attached image’s size: too tall for Instagram until it is left off', async () => {
    serve([INSTAGRAM], () => HttpResponse.json({}));
    imagesAre({ width: 1000, height: 2000 });
    const dialog = await openDialog({ text: 'New loaves', imageUrl: IMAGE, platforms: ['instagram'] });
    const instagram = composerOf(dialog, 'instagram');
    await waitFor(() =>
      expect(within(instagram).getByTestId('channel-problems').textContent).toContain(
        'Instagram: the image is 1,000 × 2,000 (0.5:1)',
      ),
    );
    expect(within(dialog).getByTestId('image-size').textContent).toBe('1000 × 2000 px');
    expect(submitButton(dialog, PUBLISH_DIALOG.now).disabled).toBe(true);
    await userEvent.setup().click(within(dialog).getByRole('switch', { name: PUBLISH_DIALOG.attachImage }));
    expect(within(instagram).getByTestId('channel-problems').textContent).toBe(
      'Instagram: a post needs an image.',
    );
  });

  it('shows a channel that needs reconnecting, unchosen and disabled', async () => {
    serve([FACEBOOK, LINKEDIN], () => HttpResponse.json({}));
    const dialog = await openDialog({ text: 'Hello', platforms: ['linkedin', 'facebook'] });
    const choice = within(dialog)
      .getAllByTestId('channel-choice')
      .find((element) => element.dataset.platform === 'linkedin');
    if (!choice) throw new Error('No LinkedIn choice');
    expect(within(choice).getByText('Reconnect needed')).toBeTruthy();
    const box = within(choice).getByRole('checkbox');
    expect(box.getAttribute('aria-checked')).toBe('false');
    expect((box as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(dialog)
        .getAllByTestId('channel-composer')
        .map((element) => element.dataset.platform),
    ).toEqual(['facebook']);
  });

  it('says when no channel is connected and points to the client’s Channels', async () => {
    serve([], () => HttpResponse.json({}));
    renderScreen(<Harness post={{ text: 'Hello' }} />);
    const empty = await screen.findByTestId('no-channels');
    expect(within(empty).getByText(PUBLISH_DIALOG.noChannels)).toBeTruthy();
    expect(within(empty).getByRole('link', { name: PUBLISH_DIALOG.openChannels }).getAttribute('href')).toBe(
      `/clients?channels=${CLIENT_ID}`,
    );
  });
});

describe('publishing', () => {
  it('publishes now to each chosen channel and links each post', async () => {
    serve([X, FACEBOOK, INSTAGRAM], (request) =>
      HttpResponse.json(publication(request, { postUrl: `https://social.example/${request.connectionId}` }), {
        status: 201,
      }),
    );
    imagesAre({ width: 1080, height: 1080 });
    const dialog = await openDialog({
      text: 'Fresh bread today',
      texts: { facebook: 'Fresh bread today, on Facebook' },
      imageUrl: IMAGE,
      platforms: ['x', 'facebook'],
    });
    const user = userEvent.setup();
    await waitFor(() => expect(submitButton(dialog, PUBLISH_DIALOG.now).disabled).toBe(false));
    await user.click(submitButton(dialog, PUBLISH_DIALOG.now));
    const outcomes = await within(dialog).findAllByTestId('publication-outcome');
    expect(outcomes).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        { connectionId: X.connectionId, text: 'Fresh bread today', imageUrl: IMAGE },
        { connectionId: FACEBOOK.connectionId, text: 'Fresh bread today, on Facebook', imageUrl: IMAGE },
      ]),
    );
    expect(sent).toHaveLength(2);
    for (const outcome of outcomes) {
      expect(within(outcome).getByText('Published')).toBeTruthy();
      const link = within(outcome).getByRole('link', { name: PUBLISH_DIALOG.viewPost });
      const platform = outcome.dataset.platform === 'x' ? X : FACEBOOK;
      expect(link.getAttribute('href')).toBe(`https://social.example/${platform.connectionId}`);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
    }
  });

  it('shows a failed post’s message, and Retry publishes it', async () => {
    const failed = (request: PublicationRequest) =>
      publication(request, { status: 'failed', error: 'X: this post is a duplicate of a recent one.' });
    serve([X], (request) => HttpResponse.json(failed(request), { status: 201 }));
    const retried: string[] = [];
    apiServer.use(
      http.post(apiUrl(`${publicationsPath}/:publicationId/retry`), ({ params }) => {
        retried.push(String(params.publicationId));
        const request = sent[0];
        if (!request) throw new Error('Retried before anything was sent');
        return HttpResponse.json(publication(request, { postUrl: 'https://x.example/status/1' }));
      }),
    );
    const dialog = await openDialog({ text: 'Fresh bread today', platforms: ['x'] });
    const user = userEvent.setup();
    await user.click(submitButton(dialog, PUBLISH_DIALOG.now));
    const outcome = await within(dialog).findByTestId('publication-outcome');
    expect(within(outcome).getByText('Failed')).toBeTruthy();
    expect(within(outcome).getByText('X: this post is a duplicate of a recent one.')).toBeTruthy();
    expect(within(outcome).queryByRole('link')).toBeNull();

    await user.click(within(outcome).getByRole('button', { name: `${PUBLISH_DIALOG.retry} ${X.name}` }));
    const link = await within(outcome).findByRole('link', { name: PUBLISH_DIALOG.viewPost });
    expect(link.getAttribute('href')).toBe('https://x.example/status/1');
    expect(within(outcome).getByText('Published')).toBeTruthy();
    expect(within(outcome).queryByText('Failed')).toBeNull();
    expect(retried).toEqual([failed(sent[0] ?? { connectionId: '' }).publicationId]);
    expect(sent).toHaveLength(1);
  });

  it('schedules at the date and time typed, sent with the agency zone’s offset', async () => {
    serve([FACEBOOK], (request) =>
      HttpResponse.json(
        publication(request, {
          status: 'scheduled',
          ...(request.scheduledAt ? { scheduledAt: request.scheduledAt } : {}),
        }),
        { status: 201 },
      ),
    );
    const dialog = await openDialog({ text: 'Open house on Saturday', platforms: ['facebook'] });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: PUBLISH_DIALOG.schedule }));
    const field = within(dialog).getByLabelText(PUBLISH_DIALOG.scheduleAt(AGENCY_ZONE), { exact: false });
    // Two days ahead on the agency's calendar, at 10:30 there.
    const day = dayIn(new Date(Date.now() + 2 * 86_400_000), AGENCY_ZONE);
    fireEvent.change(field, { target: { value: `${day}T10:30` } });
    await user.click(submitButton(dialog, PUBLISH_DIALOG.schedule));
    const outcome = await within(dialog).findByTestId('publication-outcome');
    expect(sent).toEqual([
      {
        connectionId: FACEBOOK.connectionId,
        text: 'Open house on Saturday',
        scheduledAt: `${day}T10:30:00+05:30`,
      },
    ]);
    const when = formatDisplayDate(new Date(`${day}T10:30:00+05:30`), AGENCY_ZONE);
    expect(within(outcome).getByText(PUBLISH_DIALOG.scheduledFor(`${when} (${AGENCY_ZONE})`))).toBeTruthy();
    expect(when).toContain('10:30 AM');
  });

  it('refuses a time already past, at the field, without sending', async () => {
    serve([FACEBOOK], () => HttpResponse.json({}));
    const dialog = await openDialog({ text: 'Open house', platforms: ['facebook'] });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: PUBLISH_DIALOG.schedule }));
    const field = within(dialog).getByLabelText(PUBLISH_DIALOG.scheduleAt(AGENCY_ZONE), { exact: false });
    const yesterday = dayIn(new Date(Date.now() - 86_400_000), AGENCY_ZONE);
    fireEvent.change(field, { target: { value: `${yesterday}T10:30` } });
    await user.click(submitButton(dialog, PUBLISH_DIALOG.schedule));
    expect(await within(dialog).findByText(CHANNEL_MESSAGES.scheduledInPast)).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('the approval gate', () => {
  const REFUSAL = 'This content must be approved before it is published.';
  const refuseUnlessOverridden = (request: PublicationRequest) =>
    request.overrideApproval
      ? HttpResponse.json(publication(request, { postUrl: 'https://facebook.example/1' }), { status: 201 })
      : HttpResponse.json({ error: { code: 'approval_required', message: REFUSAL } }, { status: 409 });

  it('shows the refusal, and offers staff no way past it', async () => {
    serve([FACEBOOK], refuseUnlessOverridden);
    const dialog = await openDialog({ text: 'Spring menu', platforms: ['facebook'] });
    await userEvent.setup().click(submitButton(dialog, PUBLISH_DIALOG.now));
    const alert = await within(dialog).findByTestId('approval-required');
    expect(within(alert).getByText(REFUSAL)).toBeTruthy();
    expect(within(alert).getByText(PUBLISH_DIALOG.approvalStaff)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: APPROVAL_UI.override })).toBeNull();
    expect(submitButton(dialog, PUBLISH_DIALOG.now).disabled).toBe(true);
    expect(within(dialog).queryByTestId('publication-outcome')).toBeNull();
  });

  it('lets an administrator publish without approval', async () => {
    signInAs(SIGNED_IN_ADMIN);
    serve([FACEBOOK], refuseUnlessOverridden);
    const dialog = await openDialog({ text: 'Spring menu', platforms: ['facebook'] });
    const user = userEvent.setup();
    await user.click(submitButton(dialog, PUBLISH_DIALOG.now));
    const alert = await within(dialog).findByTestId('approval-required');
    expect(within(alert).getByText(APPROVAL_UI.editorAdmin)).toBeTruthy();
    await user.click(submitButton(dialog, APPROVAL_UI.override));
    const outcome = await within(dialog).findByTestId('publication-outcome');
    expect(within(outcome).getByRole('link', { name: PUBLISH_DIALOG.viewPost })).toBeTruthy();
    expect(sent.map((request) => request.overrideApproval)).toEqual([undefined, true]);
  });
});
