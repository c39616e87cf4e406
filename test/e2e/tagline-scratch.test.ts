import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiUser } from './support/clients';
import { type E2eApp, expectToast, screenshot, startE2eApp } from './support/e2e';
import { openToolPage } from './support/tools';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('the scratch tagline tool', () => {
  it('is in the sidebar and generates', async () => {
    const user = await createApiUser(app, 'tagline');
    const page = await openToolPage(app, user, '/tagline', 'Tagline');
    await page.getByLabel('Topic').fill('Spring roof checks');
    await page.getByRole('button', { name: 'Generate Tagline' }).click();
    await expectToast(page, 'Tagline Generated!');
    await expect.poll(() => page.getByRole('link', { name: 'Tagline' }).count()).toBe(1);
    await screenshot(page, 'tagline-scratch', { fullPage: true });
  });
});
