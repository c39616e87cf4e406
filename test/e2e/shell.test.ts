import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eApp,
  openPage,
  pageErrors,
  screenshot,
  signInThroughUi,
  signOutThroughUi,
  startE2eApp,
} from './support/e2e';

const links = {
  BACKLINK_MANAGER_URL: 'https://backlinks.example.net/',
  GOOGLE_ADS_ADVISOR_URL: 'https://ads-advisor.example.net/',
  NEWSLETTER_PLATFORM_LOGIN_URL: 'https://newsletters.example.net/login',
};

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp({ env: links });
});

afterAll(async () => {
  await app?.stop();
});

const sidebar = (page: Page) => page.locator('[data-slot="sidebar"]');
const sidebarWidth = async (page: Page) =>
  (await page.locator('[data-slot="sidebar-container"]').boundingBox())?.width ?? 0;
/** 1rem is 16px in Chromium's default style. */
const rem = (value: number) => value * 16;

describe('landing page', () => {
  it('shows the product, the entry buttons, the tool cards and the benefits to a visitor, without sidebar', async () => {
    const page = await openPage(app);
    await page.goto('/');
    await page.getByRole('heading', { name: 'LBM Studio', level: 1 }).waitFor();
    await page.getByText('AI-powered client management and automation').waitFor();
    const main = page.getByRole('main');
    await expect
      .poll(() => main.getByRole('link', { name: 'Get Started' }).getAttribute('href'))
      .toBe('/auth');
    await expect.poll(() => main.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    await expect.poll(() => page.getByRole('link', { name: 'Go to Dashboard' }).count()).toBe(0);
    await expect.poll(() => sidebar(page).count()).toBe(0);

    await page.getByRole('heading', { name: 'Content Systems' }).waitFor();
    const backlinks = page.getByRole('link', { name: 'Open Backlink Manager in a new tab' });
    await expect.poll(() => backlinks.getAttribute('href')).toBe(links.BACKLINK_MANAGER_URL);
    await expect.poll(() => backlinks.getAttribute('target')).toBe('_blank');
    await expect.poll(() => page.getByRole('button', { name: 'Not configured' }).isDisabled()).toBe(true);
    const aiCard = page.locator('[data-slot="card"]').filter({ hasText: 'AI Optimization' });
    await expect.poll(() => aiCard.getByRole('button', { name: 'Coming Soon' }).isDisabled()).toBe(true);
    for (const benefit of [
      'Increased Productivity',
      'Consistent Quality',
      'Professional Results',
      'Easy Integration',
    ]) {
      await page.getByRole('heading', { name: benefit }).waitFor();
    }
    await screenshot(page, 'landing-signed-out', { fullPage: true });

    await main.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/auth');
  });
});

describe('route guard', () => {
  it('sends a visitor from /clients to /auth, and a signed-in user through', async () => {
    const page = await openPage(app);
    await page.goto('/clients');
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();

    const user = await app.createUser();
    await signInThroughUi(page, user.email, user.password);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
  });
});

describe('side navigation', () => {
  it('shows the groups of the spec, the e-mail and Sign Out; external tools open in a new tab', async () => {
    const user = await app.createUser();
    const page = await openPage(app);
    await signInThroughUi(page, user.email, user.password);
    const nav = sidebar(page);
    for (const label of ['Overview', 'Management', 'Other Tools', 'External Tools']) {
      await nav.getByText(label, { exact: true }).waitFor();
    }
    await expect
      .poll(() => nav.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('href'))
      .toBe('/');
    await expect
      .poll(() => nav.getByRole('link', { name: 'Clients', exact: true }).getAttribute('href'))
      .toBe('/clients');
    const ads = nav.getByRole('link', { name: 'Google Ads Advisor' });
    await expect.poll(() => ads.getAttribute('href')).toBe(links.GOOGLE_ADS_ADVISOR_URL);
    await expect.poll(() => ads.getAttribute('target')).toBe('_blank');
    // Not configured: listed, disabled and saying so, as on the landing page; never a link nowhere.
    const outreach = nav.locator('[data-sidebar="menu-button"]').filter({ hasText: 'Email Outreach' });
    await expect.poll(() => outreach.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => outreach.textContent()).toBe('Email OutreachNot configured');
    await expect.poll(() => nav.getByRole('link', { name: 'Email Outreach' }).count()).toBe(0);
    const press = nav.locator('[data-sidebar="menu-button"]').filter({ hasText: 'Press Distribution Login' });
    await expect.poll(() => press.textContent()).toBe('Press Distribution LoginNot configured');
    await expect
      .poll(() =>
        nav.locator('[data-sidebar="menu-button"]').filter({ hasText: 'AI Optimization' }).textContent(),
      )
      .toBe('AI OptimizationComing Soon');
    await expect.poll(() => nav.getByTestId('sidebar-user-email').textContent()).toBe(user.email);
    await nav.getByRole('button', { name: 'Sign Out' }).waitFor();
    await nav.getByText('Press Distribution Login').scrollIntoViewIfNeeded();
    await screenshot(page, 'sidebar-expanded');

    await signOutThroughUi(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    await expect.poll(() => sidebar(page).count()).toBe(0);
  });

  it('shows Admin Tools only to an admin', async () => {
    const plain = await app.createUser();
    const plainPage = await openPage(app);
    await signInThroughUi(plainPage, plain.email, plain.password);
    await sidebar(plainPage).getByText('Management', { exact: true }).waitFor();
    await expect.poll(() => sidebar(plainPage).getByText('Admin Tools').count()).toBe(0);
    await expect.poll(() => sidebar(plainPage).getByText('Admin', { exact: true }).count()).toBe(0);

    const { email, password } = app.runtime.admin;
    const adminPage = await openPage(app);
    await signInThroughUi(adminPage, email, password);
    const nav = sidebar(adminPage);
    await nav.getByText('Admin', { exact: true }).waitFor();
    const adminTools = nav.locator('[data-sidebar="group"]').filter({
      has: adminPage.getByText('Admin Tools', { exact: true }),
    });
    await adminTools.waitFor();
    await expect
      .poll(() =>
        adminTools.getByRole('link', { name: 'Activity Tracker', exact: true }).getAttribute('href'),
      )
      .toBe('/activity-tracker');
    await screenshot(adminPage, 'sidebar-admin');
  });

  it('collapses to icons with Ctrl+B and stays collapsed after a reload', async () => {
    const user = await app.createUser();
    const page = await openPage(app);
    await signInThroughUi(page, user.email, user.password);
    await expect.poll(() => sidebarWidth(page)).toBe(rem(16));

    await page.keyboard.press('Control+b');
    await sidebar(page).and(page.locator('[data-state="collapsed"]')).waitFor();
    await expect.poll(() => sidebarWidth(page)).toBe(rem(3));
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    // 7 days, give or take the seconds the test took.
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);
    await page.getByRole('link', { name: 'Clients', exact: true }).hover();
    await page.getByRole('tooltip', { name: 'Clients' }).waitFor();
    await screenshot(page, 'sidebar-collapsed');

    await page.reload();
    await sidebar(page).and(page.locator('[data-state="collapsed"]')).waitFor();
    await expect.poll(() => sidebarWidth(page)).toBe(rem(3));

    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    await sidebar(page).and(page.locator('[data-state="expanded"]')).waitFor();
    await expect.poll(() => sidebarWidth(page)).toBe(rem(16));
  });

  it('is a sheet of 18rem on a phone', async () => {
    const user = await app.createUser();
    const page = await openPage(app, { mobile: true });
    await signInThroughUi(page, user.email, user.password);
    await expect.poll(() => page.locator('[data-mobile="true"]').count()).toBe(0);
    await screenshot(page, 'mobile-landing-signed-in');

    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    const sheet = page.locator('[data-mobile="true"]');
    await sheet.waitFor();
    await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(rem(18));
    await screenshot(page, 'sidebar-mobile-sheet');

    await sheet.getByRole('link', { name: 'Clients', exact: true }).click();
    await page.waitForURL('**/clients');
    await sheet.waitFor({ state: 'detached' });
  });
});

describe('not-found page', () => {
  it('says so, logs the missing path and links home', async () => {
    const page = await openPage(app);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    expect(pageErrors(page).some((line) => line.includes('/no-such-page'))).toBe(true);
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('dev mailbox', () => {
  it('lists what Cognito would have e-mailed, with the code', async () => {
    const email = app.newEmail('mailbox');
    await app.createUser({ email });
    const page = await openPage(app);
    await page.goto('/dev/mailbox');
    const message = page.getByTestId('mailbox-message').filter({ hasText: email });
    await message.waitFor();
    await expect.poll(() => message.locator('code').textContent()).toMatch(/^\d{6}$/);
    await screenshot(page, 'dev-mailbox');
  });
});
