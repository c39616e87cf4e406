import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMonthIn, thisMonthIn } from '#shared/usage-dates';
import { zoneApartFromUtc } from '#test/support/zone-apart-from-utc';
import { type E2eApp, openSignedInPage, pageErrors, screenshot, startE2eApp } from './support/e2e';

/**
 * The Usage page's period is days of the agency's time zone: it says which, and its default period and its
 * This month / Last month presets are that zone's
 * (docs/decisions.md, "Months and days in the agency's zone"). The zone is one whose calendar differs from
 * UTC's now, whatever the date.
 */

let app: E2eApp;
const zone = zoneApartFromUtc(new Date(Date.now() + 60_000));

beforeAll(async () => {
  app = await startE2eApp();
  const admin = await app.test.createUser(undefined, { admin: true });
  // Set before any page reads it: each function keeps the zone a minute once read.
  const saved = await app.test.request('PUT', '/api/settings', {
    token: admin.idToken,
    body: { timeZone: zone },
  });
  if (saved.status !== 200) throw new Error(`Setting the zone failed: ${saved.status}`);
});

afterAll(async () => {
  await app?.stop();
});

describe("Usage page in the agency's zone", () => {
  it('names the zone and counts this month and last month in it', async () => {
    const page = await openSignedInPage(app, app.runtime.admin);
    await page.goto('/usage');
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    await expect.poll(() => page.getByText(`All times in ${zone}.`).isVisible()).toBe(true);
    const thisMonth = thisMonthIn(zone);
    await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe(thisMonth.from);
    await expect.poll(() => page.getByLabel('To', { exact: true }).inputValue()).toBe(thisMonth.to);
    await screenshot(page, 'usage-time-zone');
    await page.getByRole('button', { name: 'Last month' }).click();
    const lastMonth = lastMonthIn(zone);
    await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe(lastMonth.from);
    await expect.poll(() => page.getByText(`${lastMonth.from} to ${lastMonth.to}`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'This month' }).click();
    await expect.poll(() => page.getByLabel('To', { exact: true }).inputValue()).toBe(thisMonth.to);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
