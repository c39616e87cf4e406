import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { encodeTime } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '#functions/data/entities';
import { putItem } from '#functions/data/item-commands';
import { putUsage } from '#functions/usage/usage-store';
import { STATEMENT_CSV_COLUMNS, STATEMENT_MESSAGES } from '#shared/statement';
import { expectNoAxeViolations } from './support/axe';
import { chooseFromCardMenu } from './support/clients';
import {
  type E2eApp,
  type E2eUser,
  openPage,
  openSignedInPage,
  pageErrors,
  SCREENSHOT_DIR,
  screenshot,
  startE2eApp,
} from './support/e2e';
import { expectFitsPhones } from './support/overflow';
import { downloadFrom } from './support/tools';

/**
 * Client statements (docs/decisions.md, "Client statements") in Chromium: a client's statement of October
 * 2026 (New York), opened from the client's card, its markup set by the admin, downloaded as CSV, printed to
 * PDF (no navigation or buttons on the pages, no row cut in two), sent as a link that opens without an
 * account, on a desktop and a phone; and the link revoked. The data is written with fixed dates, so the page
 * reads the same on any day.
 */

let app: E2eApp;
let admin: E2eUser;
let clientId: string;
const CLIENT = 'Harbor Bakery';
const MONTH = '2026-10';
const ITEMS = 14;
const JOBS = 36;
/** Each job costs $0.012345: 36 of them $0.44442; with 12.5 % the bill is $0.499973 → $0.50. */
const JOB_MICRO = 12_345;

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.createUser({ admin: true });
  const adminToken = (await app.test.signIn(admin.email, admin.password)).idToken;
  expect(
    (
      await app.test.request('PUT', '/api/settings', {
        token: adminToken,
        body: { timeZone: 'America/New_York' },
      })
    ).status,
  ).toBe(200);
  const created = await app.test.request<{ id: string }>('POST', '/api/clients', {
    token: adminToken,
    body: { name: CLIENT },
  });
  clientId = created.body.id;
  const { content } = entities();
  for (let index = 0; index < ITEMS; index += 1) {
    const createdAt = new Date(Date.UTC(2026, 9, 2 + index, 15)).toISOString();
    const published = index % 3 === 0;
    await putItem(content, {
      clientId,
      contentId: `01JA00000000000000000000${String(index).padStart(2, '0')}`,
      title: `${['Spring', 'Summer', 'Autumn', 'Winter'][index % 4]} bread guide, part ${index + 1}`,
      content: 'Words',
      html_content: '<p>Words</p>',
      content_type: ['newsletter', 'blog', 'faq', 'press_release'][index % 4] ?? 'blog',
      metadata: published
        ? {
            wordpress_id: 100 + index,
            wordpress_url: `https://harbor.example/post-${index}/`,
            wordpress_status: 'publish',
          }
        : {},
      status: published ? 'published' : index % 3 === 1 ? 'approved' : 'in_review',
      ...(published ? { publishDate: createdAt } : {}),
      createdAt,
      updatedAt: createdAt,
    });
  }
  for (let index = 0; index < JOBS; index += 1) {
    const startedAt = new Date(Date.UTC(2026, 9, 1, 12) + index * 17 * 3_600_000).toISOString();
    await putUsage({
      month: startedAt.slice(0, 7),
      day: startedAt.slice(0, 10),
      jobId: `${encodeTime(Date.parse(startedAt), 10)}${String(index).padStart(16, '0')}`,
      userId: 'e2e-user',
      userEmail: admin.email,
      clientId,
      clientName: CLIENT,
      apiKeyId: null,
      batchId: null,
      parentJobId: null,
      tool: index % 2 === 0 ? 'newsletter' : 'blog-rewrite',
      modelId: index % 2 === 0 ? 'gpt-4o' : 'claude-sonnet-4.1-20250514',
      provider: index % 2 === 0 ? 'openai' : 'anthropic',
      status: 'succeeded',
      inputTokens: 1000,
      outputTokens: 500,
      reasoningTokens: 0,
      images: 0,
      imageDetail: null,
      speechCharacters: 0,
      speechSeconds: 0,
      durationMs: 1000,
      costMicroUsd: JOB_MICRO,
      estimated: false,
      priceAsOf: '2026-01-01',
      ownKey: false,
      contentId: null,
      title: null,
      startedAt,
      finishedAt: startedAt,
    });
  }
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

/** Pages of a PDF Chromium wrote: one `/Type /Page` object each (`/Pages` is the tree's root). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

/** The PDF saved beside the screenshots; rasterized with pdftoppm when it is installed, to look at. */
async function savePdf(page: Page, name: string): Promise<Buffer> {
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.pdf`);
  await writeFile(path, pdf);
  await promisify(execFile)('pdftoppm', ['-png', '-r', '60', path, join(SCREENSHOT_DIR, name)]).catch(
    () => undefined,
  );
  return pdf;
}

/** What printing leaves: the document; no sidebar, header or button, and rows that keep together. */
async function expectPrintable(page: Page): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  try {
    expect(await page.locator('[data-slot="sidebar-container"]').isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button').filter({ visible: true }).count()).toBe(0);
    // A string, run in the page: the test's own types have no DOM.
    const breaks = (await page.evaluate(
      `[...document.querySelectorAll('.statement-document tr')].map((row) => getComputedStyle(row).breakInside)`,
    )) as string[];
    expect(breaks.length).toBeGreaterThan(0);
    expect(new Set(breaks)).toEqual(new Set(['avoid']));
  } finally {
    // Back to no emulation: page.pdf() prints with print media only while screen is not forced.
    await page.emulateMedia({ media: null });
  }
}

let linkUrl = '';

describe('a client’s monthly statement', () => {
  it('opens from the client’s card; the admin sets the markup; downloads as CSV; prints to PDF', async () => {
    const page = await openSignedInPage(app, admin);
    await page.goto('/clients');
    await chooseFromCardMenu(page, CLIENT, 'Statement');
    await page.waitForURL(/\/statements\?client=/);
    await page.getByLabel('Month', { exact: true }).fill(MONTH);
    await page.waitForURL(new RegExp(`month=${MONTH}`));
    const document = page.getByRole('article', { name: `Statement for ${CLIENT}` });
    await expect.poll(() => document.textContent()).toContain('October 2026');
    await expect.poll(() => document.getByRole('row').count()).toBe(ITEMS + JOBS + 2);
    expect(await page.getByTestId('statement-cost').textContent()).toBe('$0.44442');
    expect(await page.getByTestId('statement-billed').textContent()).toBe('$0.44');

    await page.getByLabel('Markup (%)').fill('12.5');
    await page.getByRole('button', { name: 'Save markup' }).click();
    await expect.poll(() => page.getByTestId('statement-billed').textContent()).toBe('$0.50');
    expect(await page.getByTestId('statement-markup').textContent()).toBe('12.5 %');
    await screenshot(page, 'statement-desktop', { fullPage: true });
    await expectNoAxeViolations(page, 'the statement page');

    const { download, content } = await downloadFrom(page, 'Download CSV');
    expect(download.suggestedFilename()).toBe('statement-harbor-bakery-2026-10.csv');
    const rows = Papa.parse<string[]>(content, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([...STATEMENT_CSV_COLUMNS]);
    expect(rows.filter((row) => row[0] === 'item')).toHaveLength(ITEMS);
    expect(rows.filter((row) => row[0] === 'job')).toHaveLength(JOBS);
    expect(rows.at(-1)).toEqual(['total', 'billedUsd', '', '', '', '', '', '', '0.499973']);

    await expectPrintable(page);
    const pdf = await savePdf(page, 'statement-desktop-print');
    expect(pdfPages(pdf)).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Create link' }).click();
    linkUrl = (await page.getByTestId('statement-link-url').textContent()) ?? '';
    expect(linkUrl).toMatch(/\/statements\/[A-Za-z0-9_-]{43}$/);
    await expect
      .poll(() => page.getByRole('list', { name: 'Links to this statement' }).textContent())
      .toContain('Open');
    expect(pageErrors(page)).toEqual([]);
  });

  it('opens from the link without an account, on a phone, and prints there too', async () => {
    const page = await openPage(app, { mobile: true });
    await page.goto(new URL(linkUrl).pathname);
    const document = page.getByRole('article', { name: `Statement for ${CLIENT}` });
    await expect.poll(() => document.textContent()).toContain('October 2026');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(CLIENT);
    expect(await page.getByTestId('statement-billed').textContent()).toBe('$0.50');
    await expect
      .poll(() => page.getByRole('link', { name: 'https://harbor.example/post-0/' }).count())
      .toBe(1);
    await expectFitsPhones(page, 'the public statement');
    await screenshot(page, 'statement-public-phone');
    await screenshot(page, 'statement-public-phone-full', { fullPage: true });
    await expectNoAxeViolations(page, 'the public statement');
    await expectPrintable(page);
    const pdf = await savePdf(page, 'statement-public-print');
    expect(pdfPages(pdf)).toBeGreaterThanOrEqual(2);
    expect(pageErrors(page)).toEqual([]);
  });

  it('fits a phone in the app, and the revoked link then answers that it is not valid', async () => {
    const page = await openSignedInPage(app, admin, { mobile: true });
    await page.goto(`/statements?client=${clientId}&month=${MONTH}`);
    await expect.poll(() => page.getByTestId('statement-billed').textContent()).toBe('$0.50');
    await expectFitsPhones(page, 'the statement page');
    await screenshot(page, 'statement-phone');
    await page.getByRole('button', { name: 'Revoke' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Links to this statement' }).textContent())
      .toContain('Revoked');
    const visitor = await openPage(app);
    await visitor.goto(new URL(linkUrl).pathname);
    await expect
      .poll(() => visitor.getByRole('heading', { level: 1 }).textContent())
      .toBe('Statement unavailable');
    await expect.poll(() => visitor.getByText(STATEMENT_MESSAGES.linkUnavailable).count()).toBe(1);
    await expect.poll(() => visitor.getByText(CLIENT).count()).toBe(0);
  });
});
