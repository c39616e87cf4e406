import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ApiUser, createApiUser } from './support/clients';
import {
  type E2eApp,
  openPage,
  openSignedInPage,
  screenshot,
  signInThroughUi,
  startE2eApp,
} from './support/e2e';
import { expectUncovered } from './support/toasts';
import { waitForResult } from './support/tools';

/**
 * A toast never covers what the user reads next (docs/decisions.md, "Where toasts go"): the result card's
 * word count at 1440 px (the ready result scrolls up to the top of the screen), nor a dialog's title on a
 * phone.
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
