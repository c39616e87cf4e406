import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { createApiUser } from './support/clients';
import { type E2eApp, expectToast, pageErrors, screenshot, startE2eApp } from './support/e2e';
import {
  chooseOption,
  createProfiledClient,
  horizontalOverflow,
  libraryOf,
  openToolPage,
} from './support/tools';

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('Multi-Platform Content Creator', () => {
  it('generates several types in one run, shows each with its badge and saves one to the client', async () => {
    const user = await createApiUser(app, 'multi');
    const client = await createProfiledClient(app, user, { name: 'Crumb Bakery' });
    const page = await openToolPage(app, user, '/multi-platform-creator', 'Multi-Platform Content Creator');

    await page.getByRole('button', { name: 'Generate All Content' }).click();
    await expectToast(page, 'Missing Prompt');
    await chooseOption(page, 'Client', 'Crumb Bakery');
    await page.getByRole('checkbox', { name: 'Instagram' }).uncheck();
    await page.getByRole('checkbox', { name: 'LinkedIn' }).uncheck();
    await page.getByRole('checkbox', { name: 'FAQ' }).check();
    await page.getByRole('checkbox', { name: 'GBP Post' }).check();
    await page.getByRole('checkbox', { name: 'Blog Rewrite' }).check();
    // A name that does not resolve: the rewrite fails in its job while the others succeed (a private
    // address would be refused at entry, before any job).
    await page.getByLabel('Blog URL').fill('https://no-such-blog.invalid/blog/post');
    await page.getByLabel('Prompt').fill('Spring open house on May 3 with free pastry samples');
    await screenshot(page, 'multi-platform-idle');

    await page.getByRole('button', { name: 'Generate All Content' }).click();
    // The run takes a while on a busy machine: wait for its summary toast longer than expectToast does.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Content Generation Complete' })
      .first()
      .waitFor({ timeout: 120_000 });
    const items = page.getByTestId('multi-platform-item');
    await expect.poll(() => items.count(), { timeout: 90_000 }).toBe(5);
    await expect.poll(() => page.getByText('Success', { exact: true }).count()).toBe(4);
    await expect.poll(() => page.getByText('Failed', { exact: true }).count()).toBe(1);
    const faq = items.filter({ hasText: 'FAQ' });
    await faq.getByRole('tab', { name: 'HTML Code' }).click();
    await expect.poll(() => faq.locator('pre').textContent()).toContain('<');
    // axe cannot run inside the script-less preview frame, so the page is checked before it opens.
    await expectNoAxeViolations(page, 'Multi-Platform Content Creator with results');
    await faq.getByRole('tab', { name: 'HTML Preview' }).click();
    await faq.locator('iframe').waitFor();
    await screenshot(page, 'multi-platform-result');

    const gbpItem = items.filter({ hasText: 'GBP Post' });
    await gbpItem.getByRole('button', { name: 'Save to Client' }).click();
    await expectToast(page, 'Content Saved');
    // Saved once: the button says so and refuses a second save of the same result.
    const savedButton = gbpItem.getByRole('button', { name: 'Saved' });
    await expect.poll(() => savedButton.getAttribute('aria-disabled')).toBe('true');
    await savedButton.click({ force: true });
    await page.waitForLoadState('networkidle');
    await expect
      .poll(
        async () =>
          (await libraryOf(app, user, client.id)).filter(
            (row) => row.metadata?.multi_platform_creator === true,
          ).length,
      )
      .toBe(1);
    const [saved] = await libraryOf(app, user, client.id);
    expect(saved?.content_type).toBe('client_content');
    expect(pageErrors(page)).toEqual([]);

    // One type: the summary counts one item, in the singular.
    await page.getByRole('checkbox', { name: 'FAQ' }).uncheck();
    await page.getByRole('checkbox', { name: 'Blog Rewrite' }).uncheck();
    await page.getByRole('checkbox', { name: 'Social Media' }).uncheck();
    await page.getByRole('button', { name: 'Generate All Content' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: '1 item generated.' })
      .first()
      .waitFor({ timeout: 120_000 });

    const phone = await openToolPage(app, user, '/multi-platform-creator', 'Multi-Platform Content Creator', {
      mobile: true,
    });
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'multi-platform-phone');
  }, 240_000);
});
