import { describe, expect, it } from 'vitest';
import { describeViewport, settle, startAccessibilityApp } from './support/accessibility-suite';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot, signInThroughUi } from './support/e2e';

/**
 * The accessibility suite (support/accessibility-suite.ts) on a desktop viewport, and the markup of the
 * form errors.
 */

const started = startAccessibilityApp();

describeViewport({ name: 'desktop', mobile: false });

describe('form errors', () => {
  it('show at the field with aria-invalid and aria-describedby, and required fields are marked', async () => {
    const page = await openPage(started.app());
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

    await email.fill(`someone@${started.app().runtime.settings.allowedEmailDomain}`);
    await password.fill('');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.locator('#signin-password[aria-invalid="true"]').waitFor();
    await expect(email.getAttribute('aria-invalid')).resolves.toBeNull();
    await page.context().close();
  });

  it('mark the client name as required and show its error at the field', async () => {
    const page = await openPage(started.app());
    await signInThroughUi(page, started.admin().email, started.admin().password);
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
