import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, chooseFromCardMenu, createApiUser } from './support/clients';
import {
  type E2eApp,
  expectToast,
  openPage,
  pageErrors,
  screenshot,
  signInThroughUi,
  startE2eApp,
} from './support/e2e';
import {
  type ArticleServer,
  articlePage,
  chooseOption,
  clipboardText,
  createProfiledClient,
  downloadFrom,
  generationBudget,
  holdNextRequest,
  horizontalOverflow,
  libraryOf,
  progressSamples,
  recordProgress,
  shownWordCount,
  startArticleServer,
  waitForFrameText,
  waitForResult,
} from './support/tools';

const ARTICLE = articlePage('Spring Maintenance Checklist for Homeowners', [
  'Spring is the season when small problems around the house show up after months of freezing nights and heavy rain.',
  'Start with the gutters: clear leaves and debris so water flows away from the foundation instead of pooling near the basement walls.',
  'Inspect the roof from the ground with binoculars and look for missing shingles, lifted flashing and moss along the north side.',
  'Have the air conditioner serviced before the first heat wave, because technicians book up quickly once temperatures climb.',
  'Test every smoke and carbon monoxide detector, replace the batteries, and note the manufacture date printed on the back.',
  'Walk the yard after a storm to find low spots where water collects, and regrade soil so it slopes away from the house.',
  'Check window screens for tears, reseal drafty frames with fresh caulk, and wash the glass to let more daylight in.',
  'Finally, flush the water heater to remove sediment, which extends its life and lowers the energy bill through summer.',
]);

let app: E2eApp;
let articles: ArticleServer;

beforeAll(async () => {
  articles = await startArticleServer({ '/blog/spring-maintenance': ARTICLE });
  // A small pause per streamed chunk makes a generation take a few seconds, so progress can be watched.
  app = await startE2eApp({ env: { FETCH_ALLOW_HOSTS: articles.host, OFFLINE_STREAM_DELAY_MS: '25' } });
});

afterAll(async () => {
  await app?.stop();
  await articles?.close();
});

async function openNewsletter(user: ApiUser, options: { mobile?: boolean } = {}): Promise<Page> {
  const page = await openPage(app, options);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/newsletter');
  await page.getByRole('heading', { name: 'Newsletter Creator' }).waitFor();
  return page;
}

const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate Newsletter' });
const previewFrame = (page: Page) => page.frameLocator('iframe[title="Newsletter preview"]');
const STAMP = String.raw`\d{4}-\d{2}-\d{2}-\d{4}`;

describe('Newsletter Creator', () => {
  it('generates from a topic with real progress, streaming text, the three views, copy and downloads', async () => {
    const user = await createApiUser(app, 'writer');
    const page = await openNewsletter(user);

    await expect.poll(() => page.getByLabel('AI Model').textContent()).toContain('Claude Sonnet 4.1');
    await expect
      .poll(() => page.getByLabel('Client (optional)').textContent())
      .toContain('No client selected');
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Include newsletter header' }).isChecked())
      .toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('checkbox', { name: 'Include newsletter name, subheader, and color styling' })
          .isChecked(),
      )
      .toBe(true);
    // No clients yet: no 'Save to client profile'.
    await expect.poll(() => page.getByText('Save to client profile').count()).toBe(0);
    await expect.poll(() => generateButton(page).isDisabled()).toBe(true);
    await page.getByText('Enter a topic and click "Generate Newsletter" to see the preview').waitFor();
    await expect
      .poll(() => page.getByLabel('Newsletter Topic *').getAttribute('placeholder'))
      .toMatch(/weekly tech updates/i);
    await screenshot(page, 'newsletter-idle');

    await page.getByLabel('Newsletter Topic *').fill('Spring home maintenance tips');
    await page.getByLabel('Additional Instructions').fill('Mention the free gutter inspection this April.');
    await expect.poll(() => generateButton(page).isDisabled()).toBe(false);
    await recordProgress(page);
    const budget = generationBudget();
    await generateButton(page).click();

    await page.getByTestId('writing-badge').waitFor({ timeout: budget.remaining() });
    await waitForFrameText(page, 'Newsletter preview', 200, budget);
    await screenshot(page, 'newsletter-generating');
    await waitForResult(page, budget);
    await expectToast(page, 'Newsletter Generated!');
    await screenshot(page, 'newsletter-done');

    const samples = await progressSamples(page);
    const intermediate = new Set(
      samples
        .map((sample) => sample.progress)
        .filter((value): value is number => value !== null && value > 0 && value < 100),
    );
    expect(intermediate.size).toBeGreaterThanOrEqual(2);
    expect(samples.some((sample) => sample.writing && sample.partialChars > 0)).toBe(true);
    // The bar is gone once the result is there.
    await expect.poll(() => page.getByTestId('generation-progress').count()).toBe(0);

    // No provider key is configured here, so the offline composer wrote it, and the page says so.
    await page.getByTestId('offline-notice').waitFor();
    const words = await shownWordCount(page);
    // A topic and one instruction give fewer true words than the 250 asked for: the draft is not padded, and
    // the notice says it is shorter than asked
    // (docs/decisions.md, "Offline drafts: correct before they are long").
    expect(words).toBeGreaterThan(50);
    await expect
      .poll(() => page.getByTestId('offline-notes').textContent())
      .toContain('Offline draft, shorter than asked: add detail before sending.');
    await previewFrame(page)
      .locator('body')
      .getByText(/spring/i)
      .first()
      .waitFor();
    await expect
      .poll(() => page.locator('iframe[title="Newsletter preview"]').getAttribute('sandbox'))
      .toBe('');

    await page.getByRole('tab', { name: 'HTML' }).click();
    const html = await page.getByLabel('HTML source').inputValue();
    expect(html).toMatch(/<h[1-3][^>]*>/u);
    await screenshot(page, 'newsletter-html-tab');
    await page.getByRole('tab', { name: 'Text' }).click();
    const text = await page.getByLabel('Plain text').inputValue();
    expect(text).not.toMatch(/<[a-z]/u);
    expect(text.trim().split(/\s+/u).length).toBe(words);
    await screenshot(page, 'newsletter-text-tab');

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Copied!');
    await expect.poll(() => clipboardText(page)).toBe(html);

    const htmlFile = await downloadFrom(page, 'Download HTML');
    expect(htmlFile.download.suggestedFilename()).toMatch(
      new RegExp(`^spring-home-maintenance-tips-newsletter-${STAMP}\\.html$`),
    );
    expect(htmlFile.content).toBe(html);
    await expectToast(page, 'Download Started');
    const textFile = await downloadFrom(page, 'Download Text');
    expect(textFile.download.suggestedFilename()).toMatch(
      new RegExp(`^spring-home-maintenance-tips-newsletter-${STAMP}\\.txt$`),
    );
    expect(textFile.content).toBe(text);
    expect(pageErrors(page)).toEqual([]);
  });

  it('generates from a URL served by a local page, using what the page says', async () => {
    const user = await createApiUser(app, 'reader');
    const page = await openNewsletter(user);
    await page.getByRole('tab', { name: 'URL' }).click();
    await page
      .getByText('Content from this URL is extracted and used as the basis of the newsletter.')
      .waitFor();
    await expect.poll(() => generateButton(page).isDisabled()).toBe(true);
    await page.getByLabel('Source URL *').fill(articles.url('/blog/spring-maintenance'));
    await screenshot(page, 'newsletter-url-source');
    await generateButton(page).click();
    await waitForResult(page);
    await expectToast(page, 'Newsletter Generated!');
    await page.getByRole('tab', { name: 'Text' }).click();
    const text = (await page.getByLabel('Plain text').inputValue()).toLowerCase();
    expect(text).toMatch(/gutter|water heater|smoke|roof/u);
    const file = await downloadFrom(page, 'Download HTML');
    expect(file.download.suggestedFilename()).toMatch(
      new RegExp(`^127\\.0\\.0\\.1-spring-maintenance-${STAMP}\\.html$`),
    );
    await screenshot(page, 'newsletter-url-done');

    // A page that is not there fails the job; the user is told why and can try again.
    await page.getByLabel('Source URL *').fill(articles.url('/blog/missing-post'));
    await generateButton(page).click();
    await expectToast(page, 'Generation Failed');
    await page.getByText('Enter a topic and click "Generate Newsletter" to see the preview').waitFor();
    await expect.poll(() => generateButton(page).isDisabled()).toBe(false);
    await screenshot(page, 'newsletter-generation-failed');

    // A request the server refuses outright (no job at all): a reload must not bring back the earlier
    // successful newsletter, as if it were the answer to this one.
    await page.getByLabel('Source URL *').fill(articles.url('/blog/spring-maintenance'));
    await generateButton(page).click();
    await waitForResult(page);
    await page.route('**/api/generate-newsletter', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Try again later.' } }),
      }),
    );
    await generateButton(page).click();
    await expectToast(page, 'Try again later.');
    await page.unroute('**/api/generate-newsletter');
    await page.reload();
    await page.getByText('Enter a topic and click "Generate Newsletter" to see the preview').waitFor();
    await expect.poll(() => page.getByTestId('word-count').count()).toBe(0);
  });

  it('shows the validation messages', async () => {
    const user = await createApiUser(app, 'checker');
    await createProfiledClient(app, user, { name: 'Validation Bakery' });
    const page = await openNewsletter(user);

    // Nothing to act on yet: the result's actions are disabled, not buttons that only say so.
    for (const name of ['Copy', 'Download HTML', 'Download Text', 'Save to Client']) {
      await expect.poll(() => page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    }

    await page.getByLabel('Newsletter Topic *').fill('   ');
    await generateButton(page).click();
    await expectToast(page, 'Topic Required');
    await expectToast(page, 'Please enter a newsletter topic.');
    await screenshot(page, 'newsletter-topic-required');

    await page.getByRole('tab', { name: 'URL' }).click();
    await page.getByLabel('Source URL *').fill('  ');
    await generateButton(page).click();
    await expectToast(page, 'Please enter a URL to extract content from.');
    await page.getByLabel('Source URL *').fill('not a url');
    await generateButton(page).click();
    await expectToast(page, 'Please enter a valid URL');

    await page.getByRole('tab', { name: 'Topic' }).click();
    await page.getByLabel('Newsletter Topic *').fill('Fresh bread week');
    await page.getByRole('checkbox', { name: 'Save to client profile' }).check();
    await generateButton(page).click();
    await expectToast(page, 'Please choose a client to save this newsletter to.');
    await screenshot(page, 'newsletter-select-client');
    await expect.poll(() => page.getByTestId('writing-badge').count()).toBe(0);
  });

  it('saves to a client, by the job and by hand, and the newsletters are in that client’s library', async () => {
    const user = await createApiUser(app, 'saver');
    const client = await createProfiledClient(app, user, {
      name: 'Riverside Plumbing',
      company_name: 'Riverside Plumbing LLC',
      newsletter_instructions: 'Always close with the 24/7 emergency line: (217) 555-0143.',
    });
    await createProfiledClient(app, user, { name: 'Another Client' });
    const page = await openNewsletter(user);

    await chooseOption(page, 'Client (optional)', 'Riverside Plumbing');
    await expect
      .poll(() => page.getByTestId('client-instructions').textContent())
      .toContain('24/7 emergency line');
    await chooseOption(page, 'Client (optional)', 'Another Client');
    await expect.poll(() => page.getByTestId('client-instructions').textContent()).toBe('No instructions');
    await chooseOption(page, 'Client (optional)', 'Riverside Plumbing');
    await page.getByLabel('Newsletter Topic *').fill('Winter pipe protection');
    await page.getByRole('checkbox', { name: 'Save to client profile' }).check();
    await screenshot(page, 'newsletter-client-chosen');
    await generateButton(page).click();
    await waitForResult(page);
    await expectToast(page, "Newsletter saved to Riverside Plumbing's profile");
    await expect.poll(() => page.getByRole('button', { name: 'Saved' }).isDisabled()).toBe(true);
    await screenshot(page, 'newsletter-saved');

    let library = await libraryOf(app, user, client.id);
    expect(library).toHaveLength(1);
    expect(library[0]).toMatchObject({
      content_type: 'newsletter',
      metadata: { topic: 'Winter pipe protection' },
    });
    expect(library[0]?.title).toMatch(/^Newsletter - [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/u);

    // A second newsletter, saved by hand after choosing no client first.
    await page.getByRole('checkbox', { name: 'Save to client profile' }).uncheck();
    await chooseOption(page, 'Client (optional)', 'No client selected');
    await page.getByLabel('Newsletter Topic *').fill('Water heater care');
    await generateButton(page).click();
    await waitForResult(page);
    await page.getByRole('button', { name: 'Save to Client' }).click();
    await expectToast(page, 'Choose a client from the dropdown to save this newsletter.');
    await chooseOption(page, 'Client (optional)', 'Riverside Plumbing');
    await page.getByRole('button', { name: 'Save to Client' }).click();
    await expectToast(page, 'Saved to Client');
    await page.getByRole('button', { name: 'Saved' }).waitFor();

    library = await libraryOf(app, user, client.id);
    expect(library.map((item) => item.metadata.topic)).toEqual([
      'Water heater care',
      'Winter pipe protection',
    ]);
    expect(library[0]?.html_content).toContain('<');
    expect(library[0]?.metadata.wordCount).toBe(await shownWordCount(page));

    // And through the Clients screen's Content Library.
    await page.goto('/clients');
    await chooseFromCardMenu(page, 'Riverside Plumbing', /View Content/u);
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(library[0]?.title ?? '')
      .first()
      .waitFor();
    await screenshot(page, 'newsletter-in-library');
  });

  it('shows a result that finished while the tab was closed', async () => {
    const user = await createApiUser(app, 'returner');
    const page = await openNewsletter(user);
    const context = page.context();
    // The POST is held in the browser until the tab is closed: the tab never sees the reply, every run.
    const post = holdNextRequest(context, '**/api/generate-newsletter');
    await page.getByLabel('Newsletter Topic *').fill('Fall lawn care');
    await page.getByLabel('Additional Instructions').fill('Mention leaf mulching');
    await generateButton(page).click();
    const held = await post.held;
    const key = held.headers['idempotency-key'] ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/u);
    // Stored before the POST left: the key, the request and the form, and no job id yet.
    const raw = await page.evaluate(
      "Object.entries(localStorage).find(([name]) => name.startsWith('lbm.job.newsletter.'))?.[1] ?? 'null'",
    );
    const stored: unknown = JSON.parse(typeof raw === 'string' ? raw : 'null');
    expect(stored).toMatchObject({ idempotencyKey: key, jobId: null, form: { topic: 'Fall lawn care' } });
    await page.close();

    // Only now does the server hear of it; it starts the job, and the reply goes nowhere.
    const delivered = await post.deliver();
    expect(delivered.status).toBe(202);
    const firstJobId = (JSON.parse(delivered.body) as { jobId: string }).jobId;

    const again = await context.newPage();
    const resent: { key: string | undefined; jobId: Promise<string> }[] = [];
    again.on('request', (request) => {
      if (!request.url().endsWith('/api/generate-newsletter')) return;
      resent.push({
        key: request.headers()['idempotency-key'],
        jobId: request.response().then(async (reply) => (await reply?.json())?.jobId),
      });
    });
    await again.goto('/newsletter');
    // A generous wait: the job runs with streaming delays, on a machine that may be busy.
    await waitForResult(again, generationBudget(100_000));
    await expectToast(again, 'Newsletter Generated!');
    // The reopened page asked again with the same key, and got the same job back (no second job).
    expect(resent.map((entry) => entry.key)).toEqual([key]);
    await expect(resent[0]?.jobId).resolves.toBe(firstJobId);
    // The form that asked for it is back.
    await expect.poll(() => again.getByLabel('Newsletter Topic *').inputValue()).toBe('Fall lawn care');
    await expect
      .poll(() => again.getByLabel('Additional Instructions').inputValue())
      .toBe('Mention leaf mulching');
    await again.getByRole('tab', { name: 'Text' }).click();
    await expect.poll(() => again.getByLabel('Plain text').inputValue()).toMatch(/lawn/iu);
    await screenshot(again, 'newsletter-resumed');
  });

  it('works from the keyboard: skip link, Enter generates, the ready result takes focus and is announced', async () => {
    const user = await createApiUser(app, 'keyboard');
    await createProfiledClient(app, user, {
      name: 'Long Words Co',
      newsletter_instructions: `See https://example.com/${'a-very-long-path-segment-'.repeat(12)} and ${'x'.repeat(180)}`,
    });
    const page = await openNewsletter(user);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect
      .poll(() => skip.evaluate((element) => element === element.ownerDocument.activeElement))
      .toBe(true);
    await screenshot(page, 'newsletter-skip-link');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('main-content');

    // A client whose instructions hold long unbroken text: the box wraps it, the column keeps its width.
    const settingsWidth = await page
      .getByRole('form', { name: 'Newsletter Settings' })
      .evaluate((form) => form.clientWidth);
    await chooseOption(page, 'Client (optional)', 'Long Words Co');
    const box = page.getByTestId('client-instructions');
    await expect
      .poll(() => box.evaluate((element) => element.scrollWidth - element.clientWidth))
      .toBeLessThanOrEqual(0);
    await expect
      .poll(() =>
        page.getByRole('form', { name: 'Newsletter Settings' }).evaluate((form) => form.clientWidth),
      )
      .toBe(settingsWidth);
    await screenshot(page, 'newsletter-long-instructions');

    await page.getByLabel('Newsletter Topic *').fill('Keyboard shortcuts');
    await page.getByLabel('Newsletter Topic *').press('Enter');
    await page.getByTestId('writing-badge').waitFor();
    await waitForResult(page);
    await expect
      .poll(() => page.getByTestId('result-announcement').textContent())
      .toMatch(/^Newsletter ready: [\d,]+ words$/u);
    await expect
      .poll(() =>
        page.getByTestId('result-card').evaluate((card) => card === card.ownerDocument.activeElement),
      )
      .toBe(true);
    for (const name of ['Copy', 'Download HTML', 'Download Text', 'Save to Client']) {
      await expect.poll(() => page.getByRole('button', { name, exact: true }).isDisabled()).toBe(false);
    }

    // The tab panel is a tab stop of its own (Radix): when it has the focus, a ring shows it.
    await page.getByRole('tab', { name: 'Preview' }).focus();
    await page.keyboard.press('Tab');
    const panel = page.getByTestId('result-card').getByRole('tabpanel');
    await expect
      .poll(() => panel.evaluate((element) => element === element.ownerDocument.activeElement))
      .toBe(true);
    await expect
      .poll(() =>
        panel.evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).boxShadow),
      )
      .not.toBe('none');
    await screenshot(page, 'newsletter-result-keyboard');
  });

  it('fits a phone screen', async () => {
    const user = await createApiUser(app, 'mobile');
    const page = await openNewsletter(user, { mobile: true });
    await screenshot(page, 'newsletter-mobile-idle', { fullPage: true });
    await page.getByLabel('Newsletter Topic *').fill('Summer safety');
    await generateButton(page).click();
    await waitForResult(page);
    await page.getByRole('heading', { name: 'Newsletter Creator' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'newsletter-mobile-done', { fullPage: true });
    await page.locator('iframe[title="Newsletter preview"]').scrollIntoViewIfNeeded();
    await previewFrame(page)
      .locator('body')
      .getByText(/summer/iu)
      .first()
      .waitFor();
    await screenshot(page, 'newsletter-mobile-preview');
    const overflow = await horizontalOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
