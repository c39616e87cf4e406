import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import type { BatchView } from '#shared/batch-schemas';
import { BUDGET_MESSAGES } from '#shared/budget';
import { waitForJob } from '#test/support/job-events';
import { expectNoAxeViolations } from './support/axe';
import { type ApiUser, clientCard, createApiUser, createClientViaApi } from './support/clients';
import {
  type E2eApp,
  openPage,
  openSignedInPage,
  pageErrors,
  screenshot,
  signInThroughUi,
  startE2eApp,
} from './support/e2e';
import { chooseOption, downloadFrom } from './support/tools';

/**
 * Usage and bulk runs (docs/decisions.md, "Usage, cost, budgets and bulk runs") in the browser: the usage
 * page (totals, chart, breakdown, top jobs) for the admin, the budget warning at 80 % on the client's card
 * and in a tool once the client is chosen, and a bulk run whose bad row is fixed in the page.
 */

let app: E2eApp;
let openai: FakeOpenAiServer;
let staff: ApiUser;
/** Only an admin sets a budget (docs/decisions.md, "Client budgets that tell the truth"). */
let budgetAdmin: { idToken: string };
let roofing: { id: string; name: string };

/** gpt-4o at $2.50 / $10 per million: 1,000 in and 600 out cost $0.0085, 85 % of a $0.01 budget. */
const USAGE = { promptTokens: 1_000, completionTokens: 600 };

async function generate(topic: string, clientId = roofing.id): Promise<void> {
  const reply = await app.test.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
    token: staff.idToken,
    body: { topic, model: 'gpt-4o', clientId },
  });
  if (reply.status !== 202)
    throw new Error(`Generating failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  const job = await waitForJob(app.test, staff.idToken, reply.body.jobId, undefined, 90_000);
  if (job.status !== 'succeeded') throw new Error(`The job ${job.status}`);
}

beforeAll(async () => {
  openai = await startFakeOpenAiServer({
    chunks: ['<h1>Gutter guards</h1>', '<p>Keep leaves out of the gutters all autumn.</p>'],
    usage: USAGE,
  });
  app = await startE2eApp({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl } });
  staff = await createApiUser(app, 'staff');
  budgetAdmin = await app.test.createUser(undefined, { admin: true });
  roofing = await createClientViaApi(app, staff, 'Peak Roofing');
  await generate('Gutter guards');
});

afterAll(async () => {
  await app?.stop();
  await openai?.close();
});

/** How far a table's scroll region overflows sideways at 360 px, the narrowest phone we serve. */
async function sidewaysOverflowAt360(page: Page, region: string): Promise<number> {
  await page.setViewportSize({ width: 360, height: 780 });
  const scroller = page.getByRole('region', { name: region });
  await scroller.waitFor();
  return scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
}

async function signInAsAdmin(page: Page): Promise<void> {
  await signInThroughUi(page, app.runtime.admin.email, app.runtime.admin.password);
}

describe('Usage page', () => {
  for (const mobile of [false, true]) {
    it(`shows the period's cost by client, per day and its dearest jobs (${mobile ? 'phone' : 'desktop'})`, async () => {
      const page = await openPage(app, { mobile });
      await signInAsAdmin(page);
      await page.goto('/usage');
      await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
      const row = page.getByTestId('usage-row').filter({ hasText: 'Peak Roofing' });
      await expect.poll(() => row.textContent()).toContain('$0.0085');
      await expect.poll(() => page.getByText('Total cost').isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('cost-chart').locator('canvas').count()).toBe(1);
      await expect.poll(() => page.getByTestId('top-jobs').textContent()).toContain('$0.0085');
      await page.getByRole('tab', { name: 'By model' }).click();
      await expect.poll(() => page.getByTestId('usage-row').first().textContent()).toContain('GPT-4o');
      await screenshot(page, `usage-${mobile ? 'phone' : 'desktop'}`, { fullPage: mobile });
      if (mobile) {
        // The breakdown fits a phone: the token, image and speech columns give way.
        expect(await sidewaysOverflowAt360(page, 'Cost by model')).toBeLessThanOrEqual(0);
        await screenshot(page, 'usage-breakdown-360', { fullPage: true });
      }
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('limits staff to the clients they can see, under Management', async () => {
    const other = await createApiUser(app, 'other');
    const page = await openSignedInPage(app, other);
    await page.goto('/');
    await page.getByRole('link', { name: 'Usage', exact: true }).click();
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    await expect.poll(() => page.getByText('No jobs in this period.').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('usage-row').count()).toBe(0);
    await page.context().close();
  });
});

describe('Usage page filters and layout', () => {
  const LONG_NAME =
    'Northern Lakes Residential and Commercial Roofing, Gutters and Siding Specialists of Greater Minneapolis';

  beforeAll(async () => {
    const long = await createClientViaApi(app, staff, LONG_NAME);
    await generate('Ice dams', long.id);
  }, 120_000);

  it('filters by client and exports only that client’s rows', async () => {
    const page = await openPage(app);
    await signInAsAdmin(page);
    await page.goto('/usage');
    const rows = page.getByTestId('usage-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await chooseOption(page, 'Client', 'Peak Roofing');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain('Peak Roofing');
    await expect.poll(() => page.getByTestId('top-jobs').textContent()).not.toContain('Northern Lakes');
    const { download, content } = await downloadFrom(page, 'Export CSV');
    expect(download.suggestedFilename()).toMatch(
      /^usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-peak-roofing\.csv$/,
    );
    const parsed = Papa.parse<Record<string, string>>(content.trim(), { header: true });
    expect(parsed.data.length).toBeGreaterThan(0);
    expect(new Set(parsed.data.map((row) => row.clientName))).toEqual(new Set(['Peak Roofing']));
    expect(parsed.meta.fields).toContain('estimated');
    await screenshot(page, 'usage-client-filter');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps every breakdown row on one line at 1366 px, long client names included', async () => {
    const page = await openPage(app);
    await signInAsAdmin(page);
    await page.goto('/usage');
    const long = page.getByTestId('usage-row').filter({ hasText: 'Northern Lakes' });
    await expect.poll(() => long.count()).toBe(1);
    expect(page.viewportSize()?.width).toBe(1366);
    const region = page.getByRole('region', { name: 'Cost by client' });
    // Every cell of the table, header included, holds one line of text, and nothing scrolls sideways.
    const lines = await page.evaluate<{ text: string; lines: number }[]>(`
      [...document.querySelectorAll('section[aria-label="Cost by client"] :is(th, td)')]
        .filter((cell) => cell.offsetParent !== null)
        .map((cell) => {
          const style = getComputedStyle(cell);
          const height = cell.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          return { text: cell.textContent, lines: Math.round(height / parseFloat(style.lineHeight)) };
        })
    `);
    expect(lines.length).toBeGreaterThan(8);
    expect(lines.filter((cell) => cell.lines !== 1)).toEqual([]);
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    // The long name is cut with an ellipsis, whole in its tooltip.
    expect(await long.locator('th').getAttribute('title')).toBe(LONG_NAME);
    await region.scrollIntoViewIfNeeded();
    await screenshot(page, 'usage-breakdown-1366');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('Budget warning', () => {
  it('warns the owner on the card at 80 % of the budget', async () => {
    const reply = await app.test.request('PUT', `/api/clients/${roofing.id}/budget`, {
      token: budgetAdmin.idToken,
      body: { monthlyUsd: 0.01 },
    });
    expect(reply.status).toBe(200);
    for (const mobile of [false, true]) {
      const page = await openSignedInPage(app, staff, { mobile });
      await page.goto('/clients');
      const warning = clientCard(page, 'Peak Roofing').getByTestId('budget-warning');
      await expect
        .poll(() => warning.textContent())
        .toContain('Peak Roofing has used 85% of its $0.01 monthly AI budget.');
      await screenshot(page, `client-budget-warning-${mobile ? 'phone' : 'desktop'}`);
      if (!mobile) {
        // The owner sees the budget, read-only: only an admin sets, raises or removes it.
        await clientCard(page, 'Peak Roofing')
          .getByRole('button', { name: 'Actions for Peak Roofing' })
          .click();
        await page.getByRole('menuitem', { name: 'Budget' }).click();
        const dialog = page.getByRole('dialog');
        await expect.poll(() => dialog.textContent()).toContain(BUDGET_MESSAGES.setAdminOnly);
        await expect.poll(() => dialog.getByLabel('Budget per month (US dollars)').inputValue()).toBe('0.01');
        await expect
          .poll(() => dialog.getByLabel('Budget per month (US dollars)').getAttribute('readonly'))
          .toBe('');
        await expect.poll(() => dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
        await expect.poll(() => dialog.getByRole('button', { name: 'Remove budget' }).count()).toBe(0);
        await screenshot(page, 'client-budget-owner-read-only');
      }
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }
    await app.test.request('PUT', `/api/clients/${roofing.id}/budget`, {
      token: budgetAdmin.idToken,
      body: { monthlyUsd: null },
    });
  });
});

describe('Budget warning in the tools', () => {
  const WARNING = 'Peak Roofing has used 85% of its $0.01 monthly AI budget.';

  /** Opens the newsletter tool as `who`, chooses Peak Roofing, and returns the page. */
  async function chooseRoofing(who: { email: string; password: string }, mobile: boolean): Promise<Page> {
    const page = await openSignedInPage(app, who, { mobile });
    await page.goto('/newsletter');
    await page.getByRole('heading', { name: 'Newsletter Creator', level: 1 }).waitFor();
    await chooseOption(page, 'Client (optional)', 'Peak Roofing');
    return page;
  }

  it('warns the owner and the admin once the client is chosen in a tool, not a colleague with a grant', async () => {
    const reply = await app.test.request('PUT', `/api/clients/${roofing.id}/budget`, {
      token: budgetAdmin.idToken,
      body: { monthlyUsd: 0.01 },
    });
    expect(reply.status).toBe(200);
    const colleague = await createApiUser(app, 'colleague');
    await app.test.request('POST', `/api/clients/${roofing.id}/access`, {
      token: staff.idToken,
      body: { email: colleague.email },
    });
    try {
      for (const mobile of [false, true]) {
        const page = await chooseRoofing(staff, mobile);
        await expect.poll(() => page.getByTestId('budget-warning').textContent()).toContain(WARNING);
        await screenshot(page, `tool-budget-warning-${mobile ? 'phone' : 'desktop'}`);
        // Another client, or none: the warning goes with the choice.
        await chooseOption(page, 'Client (optional)', 'No client selected');
        await expect.poll(() => page.getByTestId('budget-warning').count()).toBe(0);
        expect(pageErrors(page)).toEqual([]);
        await page.context().close();
      }
      const admin = await chooseRoofing(app.runtime.admin, false);
      await expect.poll(() => admin.getByTestId('budget-warning').textContent()).toContain(WARNING);
      await admin.context().close();
      const granted = await chooseRoofing(colleague, false);
      await expect
        .poll(() => granted.getByLabel('Client (optional)').textContent())
        .toContain('Peak Roofing');
      await expect.poll(() => granted.getByTestId('budget-warning').count()).toBe(0);
      await granted.context().close();
    } finally {
      await app.test.request('PUT', `/api/clients/${roofing.id}/budget`, {
        token: budgetAdmin.idToken,
        body: { monthlyUsd: null },
      });
    }
  });
});

describe('Bulk generation', () => {
  it('lists a bad row with its number, runs once it is fixed in the table, and links each row to its library', async () => {
    const page = await openSignedInPage(app, staff);
    await page.goto('/bulk');
    await page.getByRole('heading', { name: 'Bulk Generation', level: 1 }).waitFor();
    const rows = page.getByLabel('CSV rows');
    await rows.fill(
      [
        'tool,client,topic',
        'newsletter,Peak Roofing,Spring roof checklist',
        'newsleter,Peak Roofing,Ice dams',
        'faq,Peak Roofing,Metal roofs',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Check rows' }).click();
    const problems = page.getByTestId('batch-problems');
    await expect.poll(() => problems.textContent()).toContain('1 row has a problem');
    // The bad row is a table row under its spreadsheet number, its cells editable in place.
    const table = page.getByTestId('problem-rows');
    await expect.poll(() => table.getByTestId('problem-row').count()).toBe(1);
    await expect.poll(() => table.getByRole('rowheader').textContent()).toBe('Row 3');
    await expect.poll(() => table.textContent()).toContain('Unknown tool "newsleter"');
    const tool = page.getByLabel('tool, row 3');
    await expect.poll(() => tool.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByRole('button', { name: /^Start/ }).isDisabled()).toBe(true);
    await screenshot(page, 'bulk-problems-desktop');
    await expectNoAxeViolations(page, 'bulk rows to fix (desktop)');

    // Fixed in the table, from the keyboard: re-checked as typed, the row is marked fixed.
    await tool.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('newsletter');
    await expect.poll(() => table.textContent()).toContain('Fixed');
    await expect.poll(() => tool.getAttribute('aria-invalid')).toBe('false');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null"))
      .toBe('client, row 3');
    await expect.poll(() => rows.inputValue()).toContain('newsletter,Peak Roofing,Ice dams');
    const estimate = page.getByTestId('batch-estimate');
    await expect.poll(() => estimate.textContent()).toContain('3 rows ready. Estimated cost:');
    await screenshot(page, 'bulk-fixed-desktop');
    await page.getByRole('button', { name: 'Start 3 rows' }).click();
    await page.waitForURL('**/bulk?batch=*');
    await expect
      .poll(() => page.getByTestId('batch-status').textContent(), { timeout: 120_000 })
      .toContain('Finished: 3 done, 0 failed');
    const links = page.getByTestId('batch-row').getByRole('link');
    await expect.poll(() => links.count()).toBe(3);
    await expect.poll(() => page.getByTestId('batch-row').nth(1).textContent()).toMatch(/^3Newsletter/);
    await screenshot(page, 'bulk-run-desktop');

    const phone = await openSignedInPage(app, staff, { mobile: true });
    await phone.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await expect.poll(() => phone.getByTestId('batch-status').textContent()).toContain('Finished');
    await screenshot(phone, 'bulk-run-phone', { fullPage: true });
    expect(await sidewaysOverflowAt360(phone, 'Rows of the batch')).toBeLessThanOrEqual(0);
    await screenshot(phone, 'bulk-run-360', { fullPage: true });

    await links.first().click();
    await page.waitForURL('**/clients*');
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Peak Roofing');
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(phone)).toEqual([]);
    await page.context().close();
    await phone.context().close();
  });

  it('fixes a row in the table on a phone, each row a card of labelled fields', async () => {
    const page = await openSignedInPage(app, staff, { mobile: true });
    await page.goto('/bulk');
    await page.getByRole('heading', { name: 'Bulk Generation', level: 1 }).waitFor();
    await page
      .getByLabel('CSV rows')
      .fill(
        ['tool,client,topic,questions', 'faq,Peak Roofing,Gutters,12', 'faq,Peak Roofing,Metal roofs,8'].join(
          '\n',
        ),
      );
    await page.getByRole('button', { name: 'Check rows' }).click();
    const table = page.getByTestId('problem-rows');
    await expect.poll(() => table.textContent()).toContain('questions must be a whole number from 7 to 10.');
    await screenshot(page, 'bulk-problems-phone', { fullPage: true });
    await expectNoAxeViolations(page, 'bulk rows to fix (phone)');
    expect(await sidewaysOverflowAt360(page, 'Rows to fix')).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('questions, row 2').fill('9');
    await expect.poll(() => table.textContent()).toContain('Fixed');
    await expect.poll(() => page.getByTestId('batch-estimate').textContent()).toContain('2 rows ready');
    await screenshot(page, 'bulk-fixed-phone', { fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('previews and downloads the result of a row without a client, names its tool as written, and says which rows run offline', async () => {
    const page = await openSignedInPage(app, staff);
    await page.goto('/bulk');
    await page.getByRole('heading', { name: 'Bulk Generation', level: 1 }).waitFor();
    await page
      .getByLabel('CSV rows')
      .fill(
        [
          'tool,topic,model,platforms',
          'bad,Gutters,,',
          'howto,How to clear gutters,claude-sonnet-4.1-20250514,',
          'social,Free roof inspections all April,claude-sonnet-4.1-20250514,facebook',
          'newsletter,Gutter guards,gpt-4o,',
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Check rows' }).click();
    await page.getByRole('button', { name: 'Remove row 2' }).click();
    // Row 2 is gone; the others keep the numbers of the user's spreadsheet.
    const estimate = page.getByTestId('batch-estimate');
    await expect.poll(() => estimate.textContent()).toContain('3 rows ready. Estimated cost:');
    // OpenAI has a key here (the fake server), Anthropic none.
    await expect
      .poll(() => page.getByTestId('batch-offline-rows').textContent())
      .toBe(
        'Rows 3 and 4 run offline at no cost: no API key is configured for their models’ providers, so the offline composer writes them.',
      );
    await expect.poll(() => estimate.textContent()).toContain('are not saved to a library');
    await screenshot(page, 'bulk-offline-estimate-desktop');
    await page.getByRole('button', { name: 'Start 3 rows' }).click();
    await page.waitForURL('**/bulk?batch=*');
    await expect
      .poll(() => page.getByTestId('batch-status').textContent(), { timeout: 120_000 })
      .toContain('Finished: 3 done, 0 failed');
    const batchRows = page.getByTestId('batch-row');
    await expect.poll(() => batchRows.nth(0).textContent()).toMatch(/^3How To/);
    await expect.poll(() => batchRows.nth(1).textContent()).toMatch(/^4Social/);
    await expect.poll(() => batchRows.nth(2).textContent()).toMatch(/^5Newsletter/);
    await expect.poll(() => page.getByTestId('batch-kept-note').textContent()).toContain('kept for 7 days');

    const results = Papa.parse<Record<string, string>>(
      (await downloadFrom(page, 'Download results')).content,
      {
        header: true,
      },
    );
    expect(results.data.map((line) => [line.row, line.tool])).toEqual([
      ['3', 'howto'],
      ['4', 'social'],
      ['5', 'newsletter'],
    ]);
    const batchId = new URL(page.url()).searchParams.get('batch') ?? '';
    expect(results.data.map((line) => line.result)).toEqual([
      `${app.url}/bulk?batch=${batchId}&row=3`,
      `${app.url}/bulk?batch=${batchId}&row=4`,
      `${app.url}/bulk?batch=${batchId}&row=5`,
    ]);
    expect(results.data.every((line) => Date.parse(line.resultExpiresAt ?? '') > Date.now())).toBe(true);

    // The link opens the result in the tools' sandboxed frame, with its downloads.
    await batchRows.nth(0).getByRole('link').click();
    await page.waitForURL('**/bulk?batch=*&row=3');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Row 3');
    const frame = dialog.locator('iframe');
    await expect.poll(() => frame.getAttribute('sandbox')).toBe('');
    await expect
      .poll(() => page.frameLocator('[role="dialog"] iframe').locator('body').textContent())
      .toMatch(/gutter/i);
    const html = await downloadFrom(page, 'Download HTML');
    expect(html.download.suggestedFilename()).toBe('bulk-row-3.html');
    expect(html.content).toMatch(/<h\d|<p|<ol/u);
    const text = await downloadFrom(page, 'Download text');
    expect(text.download.suggestedFilename()).toBe('bulk-row-3.txt');
    expect(text.content).not.toContain('<');
    await screenshot(page, 'bulk-row-preview-desktop');
    await expectNoAxeViolations(page, 'bulk row result preview');
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('row')).toBeNull();

    // A social row's posts, the text as its tool gives it.
    await batchRows.nth(1).getByRole('link').click();
    await expect
      .poll(() => page.frameLocator('[role="dialog"] iframe').locator('body').textContent())
      .toContain('Facebook:');
    const phone = await openSignedInPage(app, staff, { mobile: true });
    await phone.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await expect.poll(() => phone.getByRole('dialog').textContent()).toContain('Row 4');
    await screenshot(phone, 'bulk-row-preview-phone');
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(phone)).toEqual([]);
    await page.context().close();
    await phone.context().close();
  }, 240_000);
});

describe('Spreadsheet files', () => {
  const NAMES = ['=HYPERLINK("http://x","click")', '-1+1'];
  /** The downloaded CSV as a spreadsheet-grade reader sees it: quoted cells as text, bare numbers typed. */
  const readBack = (csv: string) =>
    Papa.parse<Record<string, unknown>>(csv, { header: true, dynamicTyping: true });

  it('the bulk results and the usage export hold formula-like client names as text, the costs as numbers', async () => {
    const clients: { id: string; name: string }[] = [];
    for (const name of NAMES) clients.push(await createClientViaApi(app, staff, name));
    const started = await app.test.request<{ batchId: string }>('POST', '/api/batches', {
      token: staff.idToken,
      body: { rows: clients.map((client) => ({ tool: 'faq', client: client.id, topic: 'Gutters' })) },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const page = await openSignedInPage(app, staff);
    await page.goto(`/bulk?batch=${started.body.batchId}`);
    await expect
      .poll(() => page.getByTestId('batch-status').textContent(), { timeout: 120_000 })
      .toContain(`Finished: ${NAMES.length} done, 0 failed`);
    const results = readBack((await downloadFrom(page, 'Download results')).content);
    expect(results.data.map((line) => line.client)).toEqual(NAMES.map((name) => `'${name}`));
    expect(results.data.map((line) => typeof line.costUsd)).toEqual(NAMES.map(() => 'number'));

    // The usage page's export: the finished jobs' accounting follows their status, so wait for it.
    const batch = await app.test.request<BatchView>('GET', `/api/batches/${started.body.batchId}`, {
      token: staff.idToken,
    });
    const jobIds = batch.body.rows.map((row) => row.jobId);
    await expect
      .poll(async () => {
        const listed = await app.test.request<{ rows: { jobId: string }[] }>(
          'GET',
          '/api/usage/jobs?limit=100',
          {
            token: staff.idToken,
          },
        );
        return jobIds.every((id) => listed.body.rows.some((row) => row.jobId === id));
      })
      .toBe(true);
    await page.goto('/usage');
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    const usage = readBack((await downloadFrom(page, 'Export CSV')).content);
    const ours = usage.data.filter((line) => jobIds.includes(String(line.jobId)));
    expect(ours.map((line) => line.clientName).sort()).toEqual(NAMES.map((name) => `'${name}`).sort());
    for (const line of ours) {
      expect(typeof line.costUsd).toBe('number');
      expect(typeof line.inputTokens).toBe('number');
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('refuses a file that is not UTF-8 in the page, naming its row, and starts nothing', async () => {
    const page = await openSignedInPage(app, staff);
    await page.goto('/bulk');
    await page.getByRole('heading', { name: 'Bulk Generation', level: 1 }).waitFor();
    // Saved from a Windows-1252 spreadsheet: "é" in row 3 as the single byte 0xE9.
    const buffer = Buffer.concat([
      Buffer.from('tool,client,topic\r\nfaq,Peak Roofing,Gutters\r\nfaq,Peak Roofing,Caf', 'utf8'),
      Buffer.from([0xe9]),
      Buffer.from(' menus\r\n', 'utf8'),
    ]);
    await page.getByLabel('Upload CSV').setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer });
    await expect
      .poll(() => page.getByTestId('batch-unreadable').textContent())
      .toBe('Row 3 is not valid UTF-8 text: save the file as CSV UTF-8 and upload it again.');
    await expect.poll(() => page.getByRole('button', { name: /^Start/ }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('batch-estimate').count()).toBe(0);
    await screenshot(page, 'bulk-not-utf8-desktop');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
