import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { createApiUser } from './support/clients';
import { type E2eApp, expectToast, pageErrors, screenshot, startE2eApp } from './support/e2e';
import {
  chooseOption,
  clipboardText,
  createProfiledClient,
  horizontalOverflow,
  openToolPage,
} from './support/tools';

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('GBP Post Creator', () => {
  it('generates an offer post with its image, copies the post and shows the image', async () => {
    const user = await createApiUser(app, 'gbp');
    await createProfiledClient(app, user, { name: 'Crumb Bakery' });
    await createProfiledClient(app, user, { name: 'Peak Roofing Co.' });
    const page = await openToolPage(app, user, '/gbp-post', 'GBP Post Creator');

    await page.getByRole('button', { name: 'Generate Image Only' }).isDisabled();
    // A name that ends in a full stop ends the sentence once.
    await chooseOption(page, 'Client (optional)', 'Peak Roofing Co.');
    await page.getByText('Writing for Peak Roofing Co.', { exact: true }).waitFor();
    await chooseOption(page, 'Client (optional)', 'Crumb Bakery');
    await chooseOption(page, 'Post Type', 'Offer');
    await page
      .getByLabel('Post Prompt')
      .fill('20% off birthday cakes from June 1 to June 15. Use code CAKE20.');
    await page.getByLabel('Image Prompt').fill('A birthday cake with candles');
    await chooseOption(page, 'Dimensions', '1536x1024 (Landscape)');
    await screenshot(page, 'gbp-post-idle');

    await page.getByRole('button', { name: 'Generate GBP Post' }).click();
    await expectToast(page, 'GBP post generated successfully!');
    const post = page.getByTestId('gbp-post-text');
    await expect.poll(() => post.textContent()).toContain('Coupon code: CAKE20');
    await expect.poll(() => post.textContent()).toMatch(/Valid: June 1, \d{4} - June 15, \d{4}/u);
    await expectToast(page, 'Image generated successfully!');
    const image = page.getByRole('img', { name: 'A birthday cake with candles' });
    await image.waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByText('1536 x 1024 px').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Copy Post to Clipboard' }).click();
    await expect.poll(() => clipboardText(page)).toContain('CAKE20');
    await screenshot(page, 'gbp-post-result');
    await expectNoAxeViolations(page, 'GBP Post Creator with a post and an image');
    expect(pageErrors(page)).toEqual([]);

    const phone = await openToolPage(app, user, '/gbp-post', 'GBP Post Creator', { mobile: true });
    await phone.getByLabel('Post Prompt').fill('');
    await phone.getByRole('button', { name: 'Generate GBP Post' }).isDisabled();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'gbp-post-phone');
  }, 180_000);
});
