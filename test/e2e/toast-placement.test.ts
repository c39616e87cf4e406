import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, createApiUser } from './support/clients';
import {
  type E2eApp,
  openPage,
  openSignedInPage,
  screenshot,
  settleAnimations,
  signInThroughUi,
  startE2eApp,
} from './support/e2e';
import { waitForResult } from './support/tools';

/**
 * Issue 31 items 5 and 6: a toast never covers what the user reads next: the result card's word count
 * at 1440 px (the ready result scrolls up to the top of the screen), nor a dialog's title on a phone.
 */

let app: E2eApp;
let user: ApiUser;

beforeAll(async () => {
  app = await startE2eApp({ env: { OFFLINE_STREAM_DELAY_MS: '5' } });
  user = await createApiUser(app, 'toasts');
});

afterAll(async () => {
  await app?.stop();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The toasts on screen and those of them that overlap `target`, measured in one go once the toasts
 * have settled: polling would wait for a covering toast to time out, and pass.
 */
async function toastsOver(page: Page, target: Locator): Promise<{ shown: number; covering: Box[] }> {
  await settleAnimations(page);
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not on screen');
  const toasts = await page.locator('[data-sonner-toast]').all();
  const boxes = (await Promise.all(toasts.map((toast) => toast.boundingBox()))).filter(
    (toast): toast is Box => toast !== null,
  );
  return { shown: boxes.length, covering: boxes.filter((toast) => overlaps(toast, box)) };
}

/** No toast over `target`, while at least one toast is on screen. */
async function expectUncovered(page: Page, target: Locator): Promise<void> {
  const { shown, covering } = await toastsOver(page, target);
  expect(shown).toBeGreaterThan(0);
  expect(covering).toEqual([]);
}

describe('toasts', () => {
  it('leave the word count of a ready result in view at 1440 px', async () => {
    const page = await openPage(app);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughUi(page, user.email, user.password);
    await page.goto('/newsletter');
    await page.getByLabel('Newsletter Topic *').fill('Spring roof maintenance');
    await page.getByRole('button', { name: 'Generate Newsletter' }).click();
    await waitForResult(page);
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Newsletter' }).first().waitFor();
    const words = page.getByTestId('word-count');
    await words.waitFor();
    await expectUncovered(page, words);
    await screenshot(page, 'toast-result-1440');
    await page.context().close();
  });

  it("leave a dialog's title in view on a phone", async () => {
    const page = await openSignedInPage(app, user, { mobile: true });
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    await dialog.waitFor();
    // Submitting without a name says so in a toast, while the dialog stays open.
    await dialog.locator('button[type="submit"]').click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Please enter a client name.' }).waitFor();
    const title = dialog.getByRole('heading', { name: 'Add New Client' });
    await expectUncovered(page, title);
    await screenshot(page, 'toast-dialog-phone');
    await page.context().close();
  });
});
