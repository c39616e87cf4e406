import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiUser } from './support/clients';
import { type E2eApp, expectToast, pageErrors, screenshot, startE2eApp } from './support/e2e';
import {
  chooseOption,
  clipboardText,
  createProfiledClient,
  downloadFrom,
  horizontalOverflow,
  libraryOf,
  openToolPage,
  waitForResult,
} from './support/tools';

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp({ env: { OFFLINE_STREAM_DELAY_MS: '10' } });
});

afterAll(async () => {
  await app?.stop();
});

const frame = (page: Page) => page.frameLocator('iframe[title="FAQ preview"]');

interface JsonLd {
  '@type': string;
  mainEntity?: { name: string }[];
  step?: unknown[];
}

describe('FAQ & How To Generator', () => {
  it('writes an FAQ with N questions at the chosen heading and matching JSON-LD, downloads and saves it', async () => {
    const user = await createApiUser(app, 'faq');
    const client = await createProfiledClient(app, user, {
      name: 'Summit Roofing',
      newsletter_instructions: 'Mention the free roof inspection.',
    });
    const page = await openToolPage(app, user, '/faq', 'FAQ & How To Generator');

    await expect.poll(() => page.getByLabel('Content Type').textContent()).toContain('FAQ');
    await expect.poll(() => page.getByLabel('Number of Questions').textContent()).toContain('8');
    await expect.poll(() => page.getByLabel('Heading Level').textContent()).toContain('H3');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Include header' }).isChecked()).toBe(true);
    await screenshot(page, 'faq-idle');

    await page.getByLabel('Topic', { exact: true }).fill('  ');
    await page.getByRole('button', { name: 'Generate FAQ' }).click();
    await expectToast(page, 'Please enter a topic for the FAQ');

    await page.getByLabel('Topic', { exact: true }).fill('Roof replacement');
    await chooseOption(page, 'Number of Questions', '10');
    await chooseOption(page, 'Heading Level', 'H2');
    await page
      .getByLabel('Custom Questions (one per line)')
      .fill('How long does a new roof last?\nDo you offer financing?');
    await chooseOption(page, 'Client (optional)', 'Summit Roofing');
    await page.getByRole('checkbox', { name: 'Save to client profile' }).check();
    await page.getByRole('button', { name: 'Generate FAQ' }).click();
    await page.getByTestId('writing-badge').waitFor();
    await screenshot(page, 'faq-generating');
    await waitForResult(page);
    await expectToast(page, 'FAQ Generated!');
    await expectToast(page, "FAQ saved to Summit Roofing's profile");
    await screenshot(page, 'faq-done');

    await expect.poll(() => frame(page).locator('h2').count()).toBeGreaterThanOrEqual(10);
    await frame(page).getByText('How long does a new roof last?').first().waitFor();
    const srcdoc = (await page.locator('iframe[title="FAQ preview"]').getAttribute('srcdoc')) ?? '';
    expect(srcdoc).not.toContain('ld+json');

    const schemaText = await page.getByLabel('JSON-LD code').inputValue();
    const schema = JSON.parse(schemaText) as JsonLd;
    expect(schema['@type']).toBe('FAQPage');
    expect(schema.mainEntity).toHaveLength(10);
    await page.getByRole('button', { name: 'Copy Schema' }).click();
    await expectToast(page, 'Copied!');
    await expect.poll(() => clipboardText(page)).toBe(schemaText);

    await page.getByRole('tab', { name: 'HTML' }).click();
    const html = await page.getByLabel('HTML source').inputValue();
    await screenshot(page, 'faq-html-tab');
    await page.getByRole('tab', { name: 'Text' }).click();
    const text = await page.getByLabel('Plain text').inputValue();
    expect(text).toContain('Do you offer financing?');
    await screenshot(page, 'faq-text-tab');

    const htmlFile = await downloadFrom(page, 'Download HTML');
    const name = htmlFile.download.suggestedFilename();
    expect(name).toMatch(/^roof-replacement-faq-\d{4}-\d{2}-\d{2}-\d{4}\.html$/u);
    expect(name.length - '.html'.length).toBeLessThanOrEqual(50);
    expect(htmlFile.content.startsWith(html)).toBe(true);
    expect(htmlFile.content).toContain('<script type="application/ld+json">');
    const textFile = await downloadFrom(page, 'Download Text');
    expect(textFile.content).toBe(text);

    const [saved] = await libraryOf(app, user, client.id);
    expect(saved).toMatchObject({ content_type: 'faq', metadata: { questionCount: 10, headingLevel: 'h2' } });
    expect(saved?.title).toMatch(/^FAQ - /u);
    expect(pageErrors(page)).toEqual([]);
  });

  it('writes a How To guide with HowTo JSON-LD, on a phone', async () => {
    const user = await createApiUser(app, 'howto');
    const page = await openToolPage(app, user, '/faq', 'FAQ & How To Generator', { mobile: true });
    await chooseOption(page, 'Content Type', 'How To Guide');
    await page.getByLabel('Number of Steps').waitFor();
    await page.getByLabel('Topic', { exact: true }).fill(' ');
    await page.getByRole('button', { name: 'Generate How To Guide' }).click();
    await expectToast(page, 'Please enter a topic for the How To guide');
    await page.getByLabel('Topic', { exact: true }).fill('Winterize outdoor faucets');
    await page.getByRole('button', { name: 'Generate How To Guide' }).click();
    await waitForResult(page);
    await expectToast(page, 'How To Guide Generated!');
    const schema = JSON.parse(await page.getByLabel('JSON-LD code').inputValue()) as JsonLd;
    expect(schema['@type']).toBe('HowTo');
    expect(schema.step).toHaveLength(8);
    await screenshot(page, 'faq-howto-mobile', { fullPage: true });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
