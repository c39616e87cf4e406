import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARDED_SCREEN_PATHS } from '../../frontend/src/app/screen-paths';
import { axeViolations, expectNoAxeViolations } from './support/axe';
import { type E2eApp, type E2eUser, openPage, screenshot, signInThroughUi, startE2eApp } from './support/e2e';

/**
 * Issue 18: axe (WCAG 2.0/2.1 A and AA plus best practices) on every route of the router, desktop and
 * phone, signed out and signed in, and in the states that are cheap to reach from any screen. The
 * signed-in paths come from `screens.ts`, so a screen added there is checked without touching this file.
 */

let app: E2eApp;
let admin: E2eUser;

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.createUser({ admin: true });
});

afterAll(async () => {
  await app?.stop();
});

/** Waits until the route's lazy chunk, its data and the auth check have settled. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Another test file may be rebuilding frontend/dist at this moment (the build is shared): a page that
  // is not the app is loaded again once, rather than reported as the app's violations.
  if ((await page.locator('#root > *').count()) === 0) {
    await page.waitForTimeout(3000);
    await page.reload();
    await page.waitForLoadState('networkidle');
  }
  await page.locator('#root > *').first().waitFor();
  await page.getByText('Loading...').first().waitFor({ state: 'hidden' });
  await page.waitForLoadState('networkidle');
}

const viewports = [
  { name: 'desktop', mobile: false },
  { name: 'phone', mobile: true },
] as const;

describe.each(viewports)('$name', ({ name, mobile }) => {
  describe('signed out', () => {
    let page: Page;
    beforeAll(async () => {
      page = await openPage(app, { mobile });
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it('landing page', async () => {
      await page.goto('/');
      await settle(page);
      await expectNoAxeViolations(page, `${name} signed-out /`);
    });

    it('auth: sign in, sign up, forgot password, and a sign-in error shown', async () => {
      await page.goto('/auth');
      await settle(page);
      await expectNoAxeViolations(page, `${name} /auth sign in`);
      await page.getByLabel('Email').fill(`nobody@${app.runtime.settings.allowedEmailDomain}`);
      await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.locator('[data-sonner-toast]').first().waitFor();
      await expectNoAxeViolations(page, `${name} /auth sign-in error toast`);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await expectNoAxeViolations(page, `${name} /auth sign up`);
      await page.getByRole('tab', { name: 'Sign In' }).click();
      await page.getByRole('button', { name: /forgot/i }).click();
      await expectNoAxeViolations(page, `${name} /auth forgot password`);
    });

    it('404 page', async () => {
      await page.goto('/no-such-page');
      await settle(page);
      await expectNoAxeViolations(page, `${name} signed-out 404`);
    });
  });

  describe('signed in (admin, so every screen is reachable)', () => {
    let page: Page;
    beforeAll(async () => {
      page = await openPage(app, { mobile });
      await signInThroughUi(page, admin.email, admin.password);
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it('landing page', async () => {
      await page.goto('/');
      await settle(page);
      await expectNoAxeViolations(page, `${name} signed-in /`);
    });

    it.each([...GUARDED_SCREEN_PATHS])('%s', async (path) => {
      await page.goto(path);
      await settle(page);
      await expectNoAxeViolations(page, `${name} ${path}`);
    });

    it('404 page', async () => {
      await page.goto('/no-such-page');
      await settle(page);
      await expectNoAxeViolations(page, `${name} signed-in 404`);
    });

    it('clients: Add Client dialog open', async () => {
      await page.goto('/clients');
      await settle(page);
      await page.getByRole('button', { name: 'Add Client' }).first().click();
      await page.getByRole('dialog').waitFor();
      await expectNoAxeViolations(page, `${name} /clients add dialog`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    });

    it('clients: a card menu open, then Edit Client open from it', async () => {
      await page.goto('/clients');
      await settle(page);
      if ((await page.getByTestId('client-card').count()) === 0) {
        await page.getByRole('button', { name: 'Add Client' }).first().click();
        await page.getByRole('dialog').locator('#add-client-name').fill('Axe Plumbing');
        await page.getByRole('dialog').locator('button[type="submit"]').click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      }
      await page
        .getByTestId('client-card')
        .first()
        .getByRole('button', { name: /^Actions for / })
        .click();
      await page.getByRole('menu').waitFor();
      // Known and left (issue 18): the menu is portaled to <body>, outside every landmark. Any other
      // violation, or this one on anything but the menu's popper wrapper, fails.
      const findings = await axeViolations(page);
      expect(findings.map((finding) => `${finding.rule}: ${finding.targets.join(', ')}`)).toEqual([
        'region: div[data-radix-popper-content-wrapper=""]',
      ]);
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await page.getByRole('dialog').waitFor();
      await expectNoAxeViolations(page, `${name} /clients edit dialog`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    });

    if (mobile) {
      it('navigation drawer open', async () => {
        await page.goto('/clients');
        await settle(page);
        await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
        await page.getByRole('dialog').waitFor();
        await screenshot(page, 'a11y-phone-drawer-open');
        await expectNoAxeViolations(page, `${name} navigation drawer open`);
      });
    }
  });
});

describe('form errors', () => {
  it('show at the field with aria-invalid and aria-describedby, and required fields are marked', async () => {
    const page = await openPage(app);
    await page.goto('/auth');
    await settle(page);
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await expect(email.getAttribute('aria-required')).resolves.toBe('true');
    await expect(password.getAttribute('aria-required')).resolves.toBe('true');
    await expect(email.getAttribute('aria-invalid')).resolves.toBeNull();

    await password.fill('Secret-123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    const message = await page.locator(`[id="${describedBy}"]`).textContent();
    expect(message).toBeTruthy();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: message ?? '' })
      .first()
      .waitFor();
    await screenshot(page, 'a11y-auth-field-error');
    await expectNoAxeViolations(page, 'desktop /auth field error');

    await email.fill(`someone@${app.runtime.settings.allowedEmailDomain}`);
    await password.fill('');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.locator('#signin-password[aria-invalid="true"]').waitFor();
    await expect(email.getAttribute('aria-invalid')).resolves.toBeNull();
    await page.context().close();
  });

  it('mark the client name as required and show its error at the field', async () => {
    const page = await openPage(app);
    await signInThroughUi(page, admin.email, admin.password);
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog');
    const name = dialog.locator('#add-client-name');
    await expect(name.getAttribute('aria-required')).resolves.toBe('true');
    await dialog.locator('button[type="submit"]').click();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = await name.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
      'Please enter a client name.',
    );
    await expectNoAxeViolations(page, 'desktop /clients add dialog with the name error');
    await page.context().close();
  });
});
