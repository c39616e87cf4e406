import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, API_KEY_PATTERN, type CreatedApiKey } from '#shared/api-keys';
import { PUBLIC_API_VERSION } from '#shared/public-api';
import type { CreatedWebhook } from '#shared/webhook-schemas';
import { WEBHOOK_MESSAGES } from '#shared/webhooks';
import { expectNoAxeViolations } from './support/axe';
import {
  type E2eApp,
  type E2eUser,
  expectToast,
  openPage,
  openSignedInPage,
  pageErrors,
  screenshot,
  signInThroughUi,
  startE2eApp,
} from './support/e2e';
import { expectFitsPhones } from './support/overflow';
import { clipboardText, horizontalOverflow } from './support/tools';

/**
 * 001 §2 API Keys and Documentation: create (blank name refused with the spec message), the new key
 * shown once in a banner that copying dismisses, show/hide, the list with the display prefix and dots,
 * deactivate/activate/delete with their toasts, and a key that really works and really stops; the
 * documentation's side navigation, endpoint tabs rendered from the OpenAPI document, the two markdown
 * files and the examples.
 */

let app: E2eApp;
let admin: E2eUser;
/** A webhook receiver on 127.0.0.1 (allowed with FETCH_ALLOW_HOSTS): the deliveries it was sent. */
let receiver: Server;
let receiverUrl = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const { port } = receiver.address() as AddressInfo;
  receiverUrl = `http://127.0.0.1:${port}/lbm-hooks`;
  app = await startE2eApp({ env: { FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` } });
  admin = await app.createUser({ admin: true });
});

afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const rows = (page: Page) => page.getByTestId('api-key-row');

/** A phone browser widens its layout viewport to fit wide content, so compare with the phone's width. */
async function pageWidth(page: Page): Promise<number> {
  return (await page.evaluate('document.documentElement.scrollWidth')) as number;
}
const PHONE_WIDTH = 390;

async function keyStatus(key: string): Promise<number> {
  return (await app.test.request('GET', '/api/clients', { token: key })).status;
}

describe('API Keys page', () => {
  it('creates a key shown once, copies it, and toggles and deletes it with the spec toasts', async () => {
    const page = await openPage(app);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await signInThroughUi(page, admin.email, admin.password);
    await page.locator('[data-slot="sidebar"]').getByRole('link', { name: 'API Keys', exact: true }).click();
    await page.waitForURL('**/api-keys');
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    await page.getByText('No API keys yet. Create one above.').waitFor();

    await page.getByLabel('Key name').fill('   ');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await expectToast(page, API_KEY_MESSAGES.nameRequired);

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/api-keys') && response.request().method() === 'POST',
    );
    await page.getByLabel('Key name').fill('Reporting script');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const key = ((await (await created).json()) as CreatedApiKey).key;
    expect(key).toMatch(API_KEY_PATTERN);
    await expectToast(page, API_KEY_MESSAGES.created);
    const banner = page.getByTestId('new-api-key');
    await expect.poll(() => banner.textContent()).toBe(key);
    await expect.poll(() => rows(page).first().textContent()).toContain(`${key.slice(0, 12)}••••`);
    await expect.poll(() => rows(page).first().textContent()).not.toContain(key.slice(12, 30));
    await expect.poll(() => rows(page).first().textContent()).toContain('Last used Never');
    await screenshot(page, 'api-keys-new-key-banner');

    await page.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => banner.textContent()).toBe(`${key.slice(0, 12)}••••••••••••••••`);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => banner.textContent()).toBe(key);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => clipboardText(page)).toBe(key);
    expect(await keyStatus(key)).toBe(200);

    // Named by the label beside it, 'Active', and the key (WCAG 2.5.3); on or off is its state.
    const toggle = page.getByRole('switch', { name: 'Active: Reporting script' });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expectToast(page, API_KEY_MESSAGES.deactivated);
    await rows(page).first().getByText('Inactive', { exact: true }).first().waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await keyStatus(key)).toBe(401);
    await screenshot(page, 'api-keys-inactive-key');
    // Clicking the label beside the switch, as a speech command 'click Active' does.
    await rows(page).first().getByText('Active', { exact: true }).click();
    await expectToast(page, API_KEY_MESSAGES.activated);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await keyStatus(key)).toBe(200);

    await page.reload();
    await expect.poll(() => rows(page).first().textContent()).not.toContain('Last used Never');
    await screenshot(page, 'api-keys-list');

    await page.getByRole('button', { name: 'Delete Reporting script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete API key?' });
    await confirm.getByText('“Reporting script” stops working at once.', { exact: false }).waitFor();
    await screenshot(page, 'api-keys-delete-dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, API_KEY_MESSAGES.deleted);
    await page.getByText('No API keys yet. Create one above.').waitFor();
    expect(await keyStatus(key)).toBe(401);
    expect(pageErrors(page)).toEqual([]);
  });

  it('fits a phone and links to the documentation', async () => {
    const page = await openSignedInPage(app, admin, { mobile: true });
    await page.goto('/api-keys');
    await page.getByLabel('Key name').fill('Phone key');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByTestId('new-api-key').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);
    await screenshot(page, 'api-keys-phone', { fullPage: true });
    await page.getByRole('link', { name: 'API Documentation' }).click();
    await page.waitForURL('**/documentation');
    await page.getByRole('heading', { name: 'API Documentation', level: 1 }).waitFor();
  });
});

describe('Webhooks on the API Keys page', () => {
  it('adds an endpoint, shows its secret once, sends a verified test event, lists it and deletes the endpoint', async () => {
    const page = await openSignedInPage(app, admin);
    await page.goto('/api-keys');
    const card = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByText('Webhooks', { exact: true }) });
    await card.getByText('No webhook endpoints yet.').waitFor();
    await card.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel(/Endpoint URL/).fill('https://10.0.0.7/hooks');
    await dialog.getByRole('checkbox', { name: /review\.decided/ }).click();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    // The server's refusal of a private address, at the field.
    await dialog.getByText(/private/).waitFor();
    await expectNoAxeViolations(page, 'add webhook endpoint dialog, with an error');
    await screenshot(page, 'webhooks-add-dialog');

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/webhooks') && response.request().method() === 'POST',
    );
    await dialog.getByLabel(/Endpoint URL/).fill(receiverUrl);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const reply = (await (await created).json()) as CreatedWebhook;
    expect(reply.events).toEqual(['job.succeeded', 'job.failed', 'review.decided']);
    await expectToast(page, WEBHOOK_MESSAGES.created);
    await expect.poll(() => card.getByTestId('webhook-secret').textContent()).toBe(reply.secret);
    const row = card.getByTestId('webhook-row');
    await row.getByText(receiverUrl).waitFor();

    await row.getByRole('button', { name: 'Send test event' }).click();
    await expectToast(page, WEBHOOK_MESSAGES.testSent);
    const delivery = row.getByTestId('webhook-delivery').first();
    // Pending deliveries are read again until their attempt is made.
    await delivery.getByText('Delivered').waitFor({ timeout: 20_000 });
    await expect.poll(() => delivery.textContent()).toContain('HTTP 204');
    await row.getByText(/Last delivery .* \(HTTP 204\)/).waitFor();
    const [first] = received;
    const headers = Object.fromEntries(
      Object.entries(first?.headers ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    expect(new Webhook(reply.secret).verify(first?.body ?? '', headers)).toMatchObject({
      type: 'webhook.test',
    });
    await screenshot(page, 'webhooks-deliveries', { fullPage: true });
    await expectNoAxeViolations(page, 'API Keys page with a webhook endpoint and its deliveries');

    await row.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete webhook endpoint?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, WEBHOOK_MESSAGES.deleted);
    await card.getByText('No webhook endpoints yet.').waitFor();
    // The private address's refusal, and nothing else.
    expect(pageErrors(page)).toEqual([
      'console.error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });

  it('fits a phone with an endpoint and its deliveries open', async () => {
    const { idToken } = await app.test.signIn(admin.email, admin.password);
    await app.test.request('POST', '/api/webhooks', {
      token: idToken,
      body: { url: `${receiverUrl}/phone`, events: ['job.succeeded', 'batch.finished', 'content.published'] },
    });
    const page = await openSignedInPage(app, admin, { mobile: true });
    await page.goto('/api-keys');
    const row = page.getByTestId('webhook-row');
    await row.getByRole('button', { name: 'Send test event' }).click();
    await row.getByTestId('webhook-delivery').first().getByText('Delivered').waitFor({ timeout: 20_000 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'webhooks-phone', { fullPage: true });
  });
});

describe('Documentation page', () => {
  it('has the side navigation, the markdown files, endpoint tabs from the OpenAPI document and the examples', async () => {
    const page = await openSignedInPage(app, admin);
    await page.goto('/documentation');
    const nav = page.getByRole('navigation', { name: 'Documentation' });
    for (const name of ['Overview', 'Authentication', 'Endpoints', 'Examples']) {
      await nav.getByRole('button', { name }).waitFor();
    }
    await page.getByRole('heading', { name: 'LBM Studio API: quick start' }).waitFor();
    await page.getByText(`version ${PUBLIC_API_VERSION}`, { exact: false }).first().waitFor();
    await screenshot(page, 'documentation-overview');

    const markdown = await app.test.request('GET', '/docs/api-authentication.md');
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    await expect
      .poll(() =>
        page.getByRole('link', { name: 'Authentication and errors (Markdown)' }).getAttribute('href'),
      )
      .toBe('/docs/api-authentication.md');

    await nav.getByRole('button', { name: 'Authentication' }).click();
    await page.getByRole('heading', { name: 'LBM Studio API: authentication and errors' }).waitFor();

    await nav.getByRole('button', { name: 'Endpoints' }).click();
    for (const tab of ['Content', 'Images', 'Clients', 'Other'])
      await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByText('/api/generate-newsletter', { exact: true }).waitFor();
    await page.getByText('/api/generate-content', { exact: true }).waitFor();
    await page.getByText('/api/rewrite-blog', { exact: true }).waitFor();
    // The reply's fields, the tool's result among them.
    await page.getByRole('table', { name: 'Response fields (200)' }).first().waitFor();
    await page
      .getByText(/^result\.generatedHtml/)
      .first()
      .waitFor();
    await screenshot(page, 'documentation-endpoints', { fullPage: true });
    // Every table and example scrolls in a region of its own that the keyboard reaches, named after
    // what it holds and its endpoint: unique names, or axe's landmark-unique fails.
    const example = page.getByRole('region', { name: 'Example body of POST /api/generate-newsletter' });
    await example.focus();
    await expect.poll(() => example.evaluate((region) => region.matches(':focus'))).toBe(true);
    await expect.poll(() => example.textContent()).toContain('"topic"');
    await page
      .getByRole('region', { name: 'Response fields (200) of POST /api/generate-newsletter' })
      .waitFor();
    await expectNoAxeViolations(page, 'documentation, Content endpoints');
    await page.getByRole('tab', { name: 'Clients' }).click();
    await page.getByText('company_name', { exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'Other' }).click();
    await page.getByText('/api/jobs/{jobId}', { exact: true }).waitFor();
    await page.getByText('/api/health', { exact: true }).waitFor();
    await page.getByText('/api/media/sign', { exact: true }).waitFor();
    await page.getByText('Example reply: A job whose source could not be read').waitFor();

    await nav.getByRole('button', { name: 'Examples' }).click();
    const apiExamples = page.getByRole('tablist', { name: 'API examples' });
    await apiExamples.getByRole('tab', { name: 'JavaScript' }).waitFor();
    await page.getByText("await call('POST', '/api/clients'", { exact: false }).waitFor();
    await page.getByText('await download(image.images[0].url)', { exact: false }).waitFor();
    await apiExamples.getByRole('tab', { name: 'Python' }).click();
    await page.getByText('import urllib.request', { exact: false }).waitFor();
    // The webhook receivers (test/integration/webhooks.test.ts runs both against real deliveries).
    await page.getByRole('heading', { name: 'Receiving webhooks' }).waitFor();
    await page.getByText('webhook.verify(body, request.headers)', { exact: false }).waitFor();
    await page
      .getByRole('tablist', { name: 'Webhook receivers' })
      .getByRole('tab', { name: 'Python' })
      .click();
    await page.getByText('hmac.compare_digest(value, expected)', { exact: false }).waitFor();
    // The MCP client configuration (test/integration/mcp-server.test.ts connects with it).
    const mcp = page.getByRole('heading', { name: 'Connecting an AI agent (MCP)' });
    await mcp.scrollIntoViewIfNeeded();
    await page.getByText('"Authorization": "Bearer lbm_YOUR_API_KEY"', { exact: false }).waitFor();
    await screenshot(page, 'documentation-examples', { fullPage: true });
    expect(pageErrors(page), JSON.stringify(pageErrors(page))).toEqual([]);
  });

  it('fits a phone', async () => {
    const page = await openSignedInPage(app, admin, { mobile: true });
    await page.goto('/documentation#endpoints');
    await page.getByText('/api/generate-newsletter', { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);
    // Tables and examples scroll inside their regions at 360 and 390 px, never the page.
    await expectFitsPhones(page, 'documentation, Content endpoints');
    await expectNoAxeViolations(page, 'documentation on a phone, Content endpoints');
    await screenshot(page, 'documentation-phone', { fullPage: true });
  });
});
