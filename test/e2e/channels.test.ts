import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeChannelPlatforms,
  fakeChannelAppSettings,
  startFakeChannelPlatforms,
} from '#functions/social/testing/fake-channel-platforms';
import { xFailures } from '#functions/social/testing/fake-x-server';
import {
  CHANNEL_PLATFORM_INFO,
  CHANNEL_PLATFORMS,
  type ChannelPlatform,
  type ConnectionsReply,
  type Publication,
} from '#shared/channels';
import type { ClientContent } from '#shared/content';
import { connectThroughApi } from '#test/support/channel-connect';
import { type ApiUser, chooseFromCardMenu, createApiUser, saveContent } from './support/clients';
import { type E2eApp, openSignedInPage, pageErrors, screenshot, startE2eApp } from './support/e2e';
import { expectFitsPhones } from './support/overflow';

/**
 * docs/architecture.md, "Publishing channels", in Chromium against the fake platforms: a client
 * connected to each platform through its consent page, a post published now, one scheduled and seen
 * published at its time, one moved on the calendar, a failed one retried, on desktop and on a phone.
 */

let fakes: FakeChannelPlatforms;
let app: E2eApp;
let staff: ApiUser;
let clientId: string;
const CLIENT = 'Harbor Bakery';

beforeAll(async () => {
  fakes = await startFakeChannelPlatforms();
  const env: Record<string, string> = {
    ...fakeChannelAppSettings(fakes),
    SCHEDULED_PUBLISH_INTERVAL_SECONDS: '1',
  };
  app = await startE2eApp({ env });
  staff = await createApiUser(app, 'channels');
  const created = await app.test.request<{ id: string }>('POST', '/api/clients', {
    token: staff.idToken,
    body: { name: CLIENT },
  });
  clientId = created.body.id;
  // Every test finds the client connected everywhere; the first one connects again through the screens.
  for (const platform of CHANNEL_PLATFORMS)
    await connectThroughApi({ appUrl: app.url, token: staff.idToken, clientId, platform });
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await fakes?.close();
});

async function connections(): Promise<ConnectionsReply> {
  return (
    await app.test.request<ConnectionsReply>('GET', `/api/clients/${clientId}/connections`, {
      token: staff.idToken,
    })
  ).body;
}

async function openChannels(page: Page) {
  await page.goto('/clients');
  await chooseFromCardMenu(page, CLIENT, 'Channels');
  const dialog = page.getByRole('dialog', { name: 'Channels' });
  await dialog.waitFor();
  return dialog;
}

/** Connect through the platform's consent page, as a person does, and pick the first account offered. */
async function connectThroughUi(page: Page, platform: ChannelPlatform, shot?: string) {
  const dialog = await openChannels(page);
  await dialog.getByRole('button', { name: `Connect ${CHANNEL_PLATFORM_INFO[platform].name}` }).click();
  await page.getByRole('link', { name: 'Allow' }).waitFor();
  if (shot) await screenshot(page, `${shot}-consent`);
  await page.getByRole('link', { name: 'Allow' }).click();
  // Back in the app, the Channels dialog asks which of the accounts the consent offered to connect.
  const picker = page.getByRole('dialog', { name: 'Channels' });
  await picker.getByText(/^Choose the /).waitFor();
  // Every account offered is a radio; a lone one is chosen already, and checking it again changes nothing.
  await picker.getByRole('radio').first().check();
  if (shot) await screenshot(page, `${shot}-picker`);
  await picker.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect
    .poll(async () => (await connections()).items.filter((item) => item.platform === platform).length)
    .toBeGreaterThan(0);
  await expect.poll(() => new URL(page.url()).search).toBe('');
}

async function publications(item: ClientContent): Promise<Publication[]> {
  return (
    await app.test.request<{ items: Publication[] }>(
      'GET',
      `/api/clients/${clientId}/content/${item.id}/publications`,
      { token: staff.idToken },
    )
  ).body.items;
}

/** The item's Preview dialog in the client's library, where its posts are listed and Publish is. */
async function openItem(page: Page, item: ClientContent) {
  await page.goto('/clients');
  await chooseFromCardMenu(page, CLIENT, /^View Content/);
  await page
    .getByTestId('library-item')
    .filter({ hasText: item.title })
    .getByRole('button', { name: 'Preview' })
    .click();
  const preview = page.getByRole('dialog', { name: new RegExp(`^${item.title}`) });
  await preview.waitFor();
  return preview;
}

/** `YYYY-MM-DDTHH:MM` of `date` in `zone`, as a datetime-local field takes it. */
function inZone(date: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

describe('publishing channels', () => {
  it('connects the client to every platform through its consent page', async () => {
    const page = await openSignedInPage(app, staff);
    const order: ChannelPlatform[] = ['gbp', 'facebook', 'instagram', 'linkedin', 'x'];
    for (const platform of order)
      await connectThroughUi(page, platform, platform === 'gbp' ? 'channels-gbp' : undefined);
    const dialog = await openChannels(page);
    await expect.poll(() => dialog.getByTestId('connection-row').count()).toBe(5);
    await screenshot(page, 'channels-connected');
    expect(pageErrors(page)).toEqual([]);
  });

  it('publishes a post now from a library item, and retries one the platform refused', async () => {
    const page = await openSignedInPage(app, staff);
    const item = await saveContent(app, staff, clientId, {
      title: 'Fresh croissants',
      content: 'Fresh croissants every morning from 7 am.',
      content_type: 'client_content',
    });
    const preview = await openItem(page, item);
    await preview.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish' });
    await dialog.getByTestId('channel-choice').first().waitFor();
    await dialog.getByRole('checkbox', { name: /\(LinkedIn\)/ }).check();
    await screenshot(page, 'channels-publish-dialog');
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    const outcome = dialog.getByTestId('publication-outcome');
    await expect.poll(() => outcome.getByRole('link', { name: 'View post' }).count()).toBe(1);
    await screenshot(page, 'channels-published');
    expect(fakes.servers.linkedin.posts.some((post) => post.commentary.includes('Fresh croissants'))).toBe(
      true,
    );

    // X refuses the next post; the dialog says so with X's words, and Retry sends it.
    fakes.servers.x.failNext(xFailures.duplicate(), { method: 'POST', path: '/2/tweets' });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await preview.getByRole('button', { name: 'Publish' }).click();
    const again = page.getByRole('dialog', { name: 'Publish' });
    await again.getByRole('checkbox', { name: /\(X\)/ }).check();
    await again.getByRole('button', { name: 'Publish now' }).click();
    const failed = again.getByTestId('publication-outcome').filter({ hasText: 'Failed' });
    await failed.waitFor();
    await expect.poll(() => failed.textContent()).toMatch(/X: /);
    await screenshot(page, 'channels-failed');
    await failed.getByRole('button', { name: /^Retry/ }).click();
    await expect.poll(() => again.getByRole('link', { name: 'View post' }).count()).toBe(1);
    await expect
      .poll(async () => (await publications(item)).map((post) => post.status).sort())
      .toEqual(['published', 'published']);
    expect(pageErrors(page)).toEqual([]);
  });

  it('schedules a post, sees it published at its time, and moves another on the calendar', async () => {
    const page = await openSignedInPage(app, staff);
    const item = await saveContent(app, staff, clientId, {
      title: 'Weekend special',
      content: 'Weekend special: two loaves for one.',
      content_type: 'client_content',
    });
    const preview = await openItem(page, item);
    await preview.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish' });
    await dialog.getByRole('checkbox', { name: /\(Facebook\)/ }).check();
    await dialog.getByRole('radio', { name: 'Schedule' }).click();
    // The next minute of the agency's zone (the field is to the minute); the scheduled publisher runs
    // every second here, every minute in AWS.
    const field = dialog.getByLabel(/^Date and time/);
    expect(await field.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const zone = (
      await app.test.request<{ timeZone: string }>('GET', '/api/settings', { token: staff.idToken })
    ).body.timeZone;
    await field.fill(inZone(new Date(Date.now() + 60_000), zone));
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).last().click();
    await dialog
      .getByTestId('publication-outcome')
      .filter({ hasText: /Scheduled for/ })
      .waitFor();
    await screenshot(page, 'channels-scheduled');
    const [scheduled] = await publications(item);
    expect(scheduled?.status).toBe('scheduled');
    await expect
      .poll(async () => (await publications(item))[0]?.status, { timeout: 150_000, interval: 1_000 })
      .toBe('published');

    // Another, three days out, dragged one day later on the calendar.
    const later = await saveContent(app, staff, clientId, {
      title: 'Open day',
      content: 'Open day on Saturday.',
      content_type: 'client_content',
    });
    const gbp = (await connections()).items.find((connection) => connection.platform === 'gbp');
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCHours(12, 0, 0, 0);
    const made = await app.test.request<Publication>(
      'POST',
      `/api/clients/${clientId}/content/${later.id}/publications`,
      {
        token: staff.idToken,
        body: {
          connectionId: gbp?.connectionId,
          text: 'Open day on Saturday.',
          scheduledAt: at.toISOString(),
        },
      },
    );
    expect(made.status).toBe(201);
    await page.goto('/calendar');
    const grid = page.getByTestId('calendar-grid');
    const entry = grid.locator(`[data-testid="calendar-entry"][data-content-id="${later.id}"]`);
    const days = page.getByTestId('calendar-day');
    const dayKeys = () =>
      days.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-day') ?? ''));
    // Three days out may be in the next month.
    await expect.poll(async () => (await dayKeys()).length).toBeGreaterThan(0);
    const shownDay = at.toISOString().slice(0, 10);
    if (!(await dayKeys()).includes(shownDay)) {
      await page
        .getByRole('button', { name: /^Next (month|week)/ })
        .first()
        .click();
      await expect.poll(async () => (await dayKeys()).includes(shownDay)).toBe(true);
    }
    await screenshot(page, 'channels-calendar');
    await entry.waitFor();
    const from = (await entry.locator('xpath=ancestor::*[@data-day][1]').getAttribute('data-day')) ?? '';
    const keys = await dayKeys();
    const target = keys[keys.indexOf(from) + 1] ?? keys[keys.indexOf(from) - 1] ?? '';
    await entry.dragTo(page.locator(`[data-day="${target}"]`));
    await expect
      .poll(async () => (await publications(later))[0]?.scheduledAt)
      .not.toBe(made.body.scheduledAt);
    await page.locator(`[data-day="${target}"]`).locator(`[data-content-id="${later.id}"]`).waitFor();
    expect(pageErrors(page)).toEqual([]);
  }, 240_000);

  it('fits a phone: the Channels dialog and the publish dialog', async () => {
    const page = await openSignedInPage(app, staff, { mobile: true });
    const dialog = await openChannels(page);
    await dialog.getByTestId('connection-row').first().waitFor();
    await screenshot(page, 'channels-phone');
    await expectFitsPhones(page, 'the Channels dialog');
    const item = await saveContent(app, staff, clientId, {
      title: 'Phone post',
      content: 'Posted from a phone.',
      content_type: 'client_content',
    });
    const preview = await openItem(page, item);
    await preview.getByRole('button', { name: 'Publish' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish' });
    await publish.getByTestId('channel-choice').first().waitFor();
    await publish.getByRole('checkbox', { name: /\(Google Business Profile\)/ }).check();
    await screenshot(page, 'channels-publish-phone');
    await expectFitsPhones(page, 'the publish dialog');
    expect(pageErrors(page)).toEqual([]);
  });
});
