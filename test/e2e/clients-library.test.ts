import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientContent } from '#shared/content';
import { htmlToText } from '#shared/text';
import {
  type ApiUser,
  chooseFromCardMenu,
  createApiUser,
  createClientViaApi,
  saveContent,
  toastWith,
} from './support/clients';
import { type E2eApp, openPage, pageErrors, screenshot, signInThroughUi, startE2eApp } from './support/e2e';

/** Spec 000 §2, §4, §8, §9: the Content Library dialog with its Preview and Edit dialogs, copy and downloads. */

let app: E2eApp;
let owner: ApiUser;
let page: Page;
let client: { id: string; name: string };
const items: Record<'newsletter' | 'release' | 'social' | 'blog', ClientContent> = {} as never;

const newsletterHtml =
  '<h1>Spring Maintenance Tips</h1><p>Keep your pipes <strong>happy</strong> this spring.</p><ul><li>Check the water heater</li><li>Clean the gutters</li></ul>';

beforeAll(async () => {
  app = await startE2eApp();
  owner = await createApiUser(app, 'owner');
  client = await createClientViaApi(app, owner, 'Lone Star Plumbing');
  await createClientViaApi(app, owner, 'Empty Library Co');
  // Saved oldest first, so the newest-first order is blog, social, release, newsletter.
  items.newsletter = await saveContent(app, owner, client.id, {
    title: 'Spring Maintenance Newsletter - Mar 3, 2026, 9:30 AM',
    content: '',
    html_content: newsletterHtml,
    content_type: 'newsletter',
    metadata: {
      topic: 'Spring maintenance',
      url: '',
      inputType: 'topic',
      model: 'gpt-4o',
      includeHeader: true,
      includeTitle: false,
      wordCount: 17,
    },
  });
  items.release = await saveContent(app, owner, client.id, {
    title: 'Award: Best Plumber in Austin!',
    content: 'AUSTIN, Texas - Lone Star Plumbing was named the best plumber in Austin.',
    html_content:
      '<h2>Award: Best Plumber in Austin!</h2><p>AUSTIN, Texas - Lone Star Plumbing was named the best plumber in Austin.</p>',
    content_type: 'press_release',
    metadata: { topic: 'Award', model: 'claude-sonnet-4.1-20250514', releaseDate: '2026-03-04' },
  });
  items.social = await saveContent(app, owner, client.id, {
    title: 'Social Content - Facebook - Mar 5, 2026, 10:00 AM',
    content: 'Spring is here! Book your plumbing check-up today.',
    html_content: '<p>Spring is here! Book your plumbing check-up today.</p>',
    content_type: 'client_content',
    metadata: { platform: 'facebook', multi_platform_creator: true },
  });
  items.blog = await saveContent(app, owner, client.id, {
    title: 'How to Fix a Leaky Faucet',
    content: 'Turn off the water first. Then replace the washer.',
    html_content:
      '<h2>How to Fix a Leaky Faucet</h2><p>Turn off the water first. Then replace the washer.</p>',
    content_type: 'blog',
    metadata: { originalUrl: 'https://example.com/faucet', framework: 'AIDA', addEmojis: false },
  });
  page = await openPage(app);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInThroughUi(page, owner.email, owner.password);
  await page.goto('/clients');
});

afterAll(async () => {
  await app?.stop();
});

const library = () => page.getByRole('dialog', { name: /Content Library/ });
const libraryItem = (title: string) => library().getByTestId('library-item').filter({ hasText: title });
const visibleTitles = () => library().getByTestId('library-item').locator('h3').allInnerTexts();

async function pick(label: 'Filter by type' | 'Sort', option: string): Promise<void> {
  await library().getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Content Library', () => {
  it('opens from the card menu with the count, in a grid, newest first', async () => {
    await chooseFromCardMenu(page, 'Lone Star Plumbing', 'View Content (4)');
    await page.getByRole('dialog', { name: 'Lone Star Plumbing - Content Library' }).waitFor();
    await expect.poll(() => library().getByTestId('library-count').textContent()).toBe('4 items');
    await library().getByTestId('library-grid').waitFor();
    await expect
      .poll(() => visibleTitles())
      .toEqual([
        'How to Fix a Leaky Faucet',
        'Social Content - Facebook - Mar 5, 2026, 10:00 AM',
        'Award: Best Plumber in Austin!',
        'Spring Maintenance Newsletter - Mar 3, 2026, 9:30 AM',
      ]);
    // Type labels of 000 §3 and colours of 001 §9.
    const social = libraryItem('Social Content');
    await social.getByText('Multi-Platform Creator').waitFor();
    await expect
      .poll(() => social.locator('[data-slot="badge"]:not([data-status])').getAttribute('class'))
      .toContain('bg-orange-100');
    await libraryItem('Award').getByText('Press Release', { exact: true }).waitFor();
    await expect
      .poll(() =>
        libraryItem('Award').locator('[data-slot="badge"]:not([data-status])').getAttribute('class'),
      )
      .toContain('bg-purple-100');
    for (const action of ['Preview', 'Edit', 'Copy Text', 'Download HTML', 'Download Text', 'Delete']) {
      await libraryItem('Leaky Faucet').getByRole('button', { name: action, exact: true }).waitFor();
    }
    await screenshot(page, 'library-grid');
  });

  it('switches to the list view and back', async () => {
    await library().getByRole('radio', { name: 'List view' }).click();
    await library().getByTestId('library-list').waitFor();
    await screenshot(page, 'library-list');
    await library().getByRole('radio', { name: 'Grid view' }).click();
    await library().getByTestId('library-grid').waitFor();
  });

  it('filters by the types present, sorts six ways and searches', async () => {
    await library().getByRole('combobox', { name: 'Filter by type' }).click();
    await expect
      .poll(() => page.getByRole('option').allInnerTexts())
      .toEqual(['All Types', 'Blog', 'Multi-Platform Creator', 'Newsletter', 'Press Release']);
    await screenshot(page, 'library-type-filter');
    await page.getByRole('option', { name: 'Newsletter', exact: true }).click();
    await expect.poll(visibleTitles).toEqual(['Spring Maintenance Newsletter - Mar 3, 2026, 9:30 AM']);
    await pick('Filter by type', 'All Types');

    await library().getByRole('combobox', { name: 'Sort' }).click();
    await expect
      .poll(() => page.getByRole('option').allInnerTexts())
      .toEqual(['Newest First', 'Oldest First', 'Title A-Z', 'Title Z-A', 'Type A-Z', 'Type Z-A']);
    await page.getByRole('option', { name: 'Title A-Z' }).click();
    await expect
      .poll(visibleTitles)
      .toEqual([
        'Award: Best Plumber in Austin!',
        'How to Fix a Leaky Faucet',
        'Social Content - Facebook - Mar 5, 2026, 10:00 AM',
        'Spring Maintenance Newsletter - Mar 3, 2026, 9:30 AM',
      ]);
    await pick('Sort', 'Oldest First');
    await expect
      .poll(async () => (await visibleTitles())[0])
      .toBe('Spring Maintenance Newsletter - Mar 3, 2026, 9:30 AM');
    await pick('Sort', 'Type Z-A');
    await expect.poll(async () => (await visibleTitles())[0]).toBe('Award: Best Plumber in Austin!');
    await pick('Sort', 'Newest First');

    const search = library().getByPlaceholder('Search content...');
    await search.fill('water heater');
    await expect.poll(visibleTitles).toEqual(['Spring Maintenance Newsletter - Mar 3, 2026, 9:30 AM']);
    await search.fill('no such thing');
    await library().getByText('No content found').waitFor();
    await library().getByText('Try adjusting your search or filters.').waitFor();
    await screenshot(page, 'library-no-match');
    await search.fill('');
    await expect.poll(async () => (await visibleTitles()).length).toBe(4);
  });

  it('previews an item: sandboxed frame without scripts, HTML and Text tabs, Generation Details', async () => {
    await libraryItem('Spring Maintenance').getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', {
      name: 'Spring Maintenance Newsletter - Mar 3, 2026, 9:30 AM',
    });
    await preview.waitFor();
    const frame = preview.locator('iframe');
    await expect.poll(() => frame.getAttribute('sandbox')).toBe('');
    await preview.frameLocator('iframe').getByRole('heading', { name: 'Spring Maintenance Tips' }).waitFor();
    const details = preview.getByRole('region', { name: 'Generation Details' });
    for (const [label, value] of <const>[
      ['Topic', 'Spring maintenance'],
      ['Input Type', 'topic'],
      ['Model', 'gpt-4o'],
      ['Include Header', 'Yes'],
      ['Include Title', 'No'],
      ['Word Count', '17'],
    ]) {
      await details.getByText(label, { exact: true }).waitFor();
      await details.getByText(value, { exact: true }).waitFor();
    }
    await screenshot(page, 'library-preview');

    await preview.getByRole('tab', { name: 'HTML' }).click();
    await expect.poll(() => preview.getByTestId('preview-html').textContent()).toBe(newsletterHtml);
    await screenshot(page, 'library-preview-html');
    await preview.getByRole('tab', { name: 'Text' }).click();
    const text = await preview.getByTestId('preview-text').textContent();
    expect(text).toContain('Spring Maintenance Tips');
    expect(text).toContain('• Check the water heater');
    expect(text).not.toContain('<');
    await screenshot(page, 'library-preview-text');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    await library().waitFor();
  });

  it('edits an item: three tabs, word count, timestamps, Save disabled on a blank title, new updated_at', async () => {
    await libraryItem('Award').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Content' });
    await edit.waitFor();
    const title = edit.getByLabel('Title');
    await expect.poll(() => title.inputValue()).toBe('Award: Best Plumber in Austin!');
    await edit.getByText('Created:').waitFor();
    await edit.getByText('Last modified:').waitFor();
    // 'Mar 4, 2026, 9:30 AM'-style dates in US English.
    const stamps = await edit.locator('dl dd').allInnerTexts();
    for (const stamp of stamps) expect(stamp).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    await expect.poll(() => edit.getByTestId('edit-word-count').textContent()).toBe('13 words');
    const textArea = edit.getByRole('textbox', { name: 'Text Content' });
    // Measured after the screenshot's pause, once the dialog's zoom-in animation has finished.
    await screenshot(page, 'library-edit-text');
    expect((await textArea.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(400);

    await title.fill('   ');
    await expect.poll(() => edit.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await title.fill('Award: Best Plumber in Central Texas');
    await expect.poll(() => edit.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(false);
    await textArea.fill('Lone Star Plumbing was named the best plumber in Central Texas.');
    await expect.poll(() => edit.getByTestId('edit-word-count').textContent()).toBe('11 words');

    await edit.getByRole('tab', { name: 'HTML Content' }).click();
    const htmlArea = edit.getByRole('textbox', { name: 'HTML Content' });
    expect((await htmlArea.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(400);
    await htmlArea.fill('<h2>Best Plumber in Central Texas</h2><p>Lone Star Plumbing won.</p>');
    await screenshot(page, 'library-edit-html');
    await edit.getByRole('tab', { name: 'Live Preview' }).click();
    await expect.poll(() => edit.locator('iframe').getAttribute('sandbox')).toBe('');
    await edit
      .frameLocator('iframe')
      .getByRole('heading', { name: 'Best Plumber in Central Texas' })
      .waitFor();
    await screenshot(page, 'library-edit-preview');

    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith(page, 'Content updated successfully').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await libraryItem('Award: Best Plumber in Central Texas').waitFor();

    const reply = await app.test.request<ClientContent>(
      'GET',
      `/api/clients/${client.id}/content/${items.release.id}`,
      {
        token: owner.idToken,
      },
    );
    // The HTML typed last: the text follows it, as the HTML's Text view reads (docs/decisions.md).
    expect(reply.body).toMatchObject({
      title: 'Award: Best Plumber in Central Texas',
      content: 'Best Plumber in Central Texas\n\nLone Star Plumbing won.',
      html_content: '<h2>Best Plumber in Central Texas</h2><p>Lone Star Plumbing won.</p>',
    });
    expect(reply.body.updated_at > items.release.updated_at).toBe(true);
  });

  it('asks before rebuilding the HTML from a text that does not match it, and shows the result everywhere', async () => {
    // An item whose text and HTML say different things (saved so through the API): a text edit has no
    // place in that HTML.
    const mismatched = await app.test.request(
      'PUT',
      `/api/clients/${client.id}/content/${items.release.id}`,
      {
        token: owner.idToken,
        body: {
          title: 'Award: Best Plumber in Central Texas',
          content: 'Lone Star Plumbing was named the best plumber in Central Texas.',
          html_content: '<h2>Best Plumber in Central Texas</h2><p>Lone Star Plumbing won.</p>',
        },
      },
    );
    expect(mismatched.status).toBe(200);
    await libraryItem('Award: Best Plumber in Central Texas').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Content' });
    await edit.waitFor();
    // The text and the HTML of this item say different things, so the edit has no place in the HTML.
    await edit
      .getByRole('textbox', { name: 'Text Content' })
      .fill('Lone Star Plumbing thanks every voter.\n\nSee you next year.');
    const notice = edit.getByTestId('text-edit-unplaced');
    await notice.waitFor();
    await screenshot(page, 'library-edit-text-unplaced');
    const rebuild = notice.getByRole('checkbox', { name: 'Rebuild the HTML from this text' });
    await expect.poll(() => rebuild.getAttribute('aria-checked')).toBe('false');
    await edit.getByRole('tab', { name: 'HTML Content' }).click();
    await expect
      .poll(() => edit.getByRole('textbox', { name: 'HTML Content' }).inputValue())
      .toBe('<h2>Best Plumber in Central Texas</h2><p>Lone Star Plumbing won.</p>');
    await edit.getByRole('tab', { name: 'Text Content' }).click();
    await rebuild.click();
    await edit.getByRole('tab', { name: 'HTML Content' }).click();
    await edit.getByTestId('html-rebuilt-note').waitFor();
    await edit.getByRole('tab', { name: 'Live Preview' }).click();
    await edit.frameLocator('iframe').getByText('See you next year.').waitFor();
    await screenshot(page, 'library-edit-text-rebuilds-html');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });

    await libraryItem('Award: Best Plumber in Central Texas')
      .getByRole('button', { name: 'Preview' })
      .click();
    const preview = page.getByRole('dialog', { name: 'Award: Best Plumber in Central Texas' });
    await preview.frameLocator('iframe').getByText('Lone Star Plumbing thanks every voter.').waitFor();
    await preview.getByRole('tab', { name: 'Text' }).click();
    await expect
      .poll(() => preview.getByTestId('preview-text').textContent())
      .toContain('See you next year.');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    const [htmlDownload] = await Promise.all([
      page.waitForEvent('download'),
      libraryItem('Award: Best Plumber in Central Texas')
        .getByRole('button', { name: 'Download HTML' })
        .click(),
    ]);
    const html = await readFile(await htmlDownload.path(), 'utf8');
    expect(html).toContain('<p>Lone Star Plumbing thanks every voter.</p>');
  });

  it('names downloads after the title and copies the text', async () => {
    const item = libraryItem('Spring Maintenance');
    const [htmlDownload] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: 'Download HTML' }).click(),
    ]);
    expect(htmlDownload.suggestedFilename()).toBe('Spring-Maintenance-Newsletter-Mar-3-2026-930-AM.html');
    await expect(readFile(await htmlDownload.path(), 'utf8')).resolves.toBe(newsletterHtml);
    await toastWith(page, 'Downloaded!').waitFor();

    const [textDownload] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: 'Download Text' }).click(),
    ]);
    expect(textDownload.suggestedFilename()).toBe('Spring-Maintenance-Newsletter-Mar-3-2026-930-AM.txt');
    const text = await readFile(await textDownload.path(), 'utf8');
    expect(text).toContain('• Clean the gutters');
    expect(text).not.toContain('<');

    const [releaseDownload] = await Promise.all([
      page.waitForEvent('download'),
      libraryItem('Central Texas').getByRole('button', { name: 'Download Text' }).click(),
    ]);
    expect(releaseDownload.suggestedFilename()).toBe('Award-Best-Plumber-in-Central-Texas.txt');

    await libraryItem('Leaky Faucet').getByRole('button', { name: 'Copy Text' }).click();
    await toastWith(page, 'Copied!').waitFor();
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(items.blog.content);
  });

  it('deletes an item at once and Undo restores it, keeping the counts right', async () => {
    await libraryItem('Leaky Faucet').getByRole('button', { name: 'Delete' }).click();
    await libraryItem('Leaky Faucet').waitFor({ state: 'detached' });
    await expect.poll(() => library().getByTestId('library-count').textContent()).toBe('3 items');
    const deleted = toastWith(page, 'Content deleted successfully');
    await deleted.waitFor();
    await screenshot(page, 'library-deleted-undo');
    const listed = await app.test.request<{ content: ClientContent[] }>(
      'GET',
      `/api/clients/${client.id}/content`,
      {
        token: owner.idToken,
      },
    );
    expect(listed.body.content.map((item) => item.title)).not.toContain('How to Fix a Leaky Faucet');

    await deleted.getByRole('button', { name: 'Undo' }).click();
    await libraryItem('Leaky Faucet').waitFor();
    await expect.poll(() => library().getByTestId('library-count').textContent()).toBe('4 items');
    await expect.poll(() => visibleTitles().then((titles) => titles[0])).toBe('How to Fix a Leaky Faucet');

    await page.keyboard.press('Escape');
    await library().waitFor({ state: 'hidden' });
    await chooseFromCardMenu(page, 'Lone Star Plumbing', 'View Content (4)');
    await library().getByTestId('library-grid').waitFor();
    await page.keyboard.press('Escape');
  });

  it('says when a client has no content yet', async () => {
    await library().waitFor({ state: 'hidden' });
    await chooseFromCardMenu(page, 'Empty Library Co', 'View Content (0)');
    await page.getByRole('dialog', { name: 'Empty Library Co - Content Library' }).waitFor();
    await library()
      .getByText('No content has been saved to this client yet. Generate some content to get started!')
      .waitFor();
    await expect.poll(() => library().getByTestId('library-count').textContent()).toBe('0 items');
    await screenshot(page, 'library-empty');
    await page.keyboard.press('Escape');
  });

  it('fits a phone screen', async () => {
    const phone = await openPage(app, { mobile: true });
    await signInThroughUi(phone, owner.email, owner.password);
    await phone.goto('/clients');
    await chooseFromCardMenu(phone, 'Lone Star Plumbing', 'View Content (4)');
    await phone
      .getByRole('dialog', { name: 'Lone Star Plumbing - Content Library' })
      .getByTestId('library-grid')
      .waitFor();
    // No keyboard popping up over the library: the search box does not take the focus on a phone.
    await expect
      .poll(() => phone.evaluate("document.activeElement?.getAttribute('type') ?? null"))
      .not.toBe('search');
    // The selects show their whole value ('Newest First', not 'Newest I').
    for (const name of ['Filter by type', 'Filter by status', 'Sort']) {
      const select = phone.getByRole('combobox', { name });
      // Node's type-check has no DOM lib: read the two sizes through a structural type.
      await expect
        .poll(() =>
          select.evaluate((element) => {
            const box = element as unknown as { scrollWidth: number; clientWidth: number };
            return box.scrollWidth <= box.clientWidth;
          }),
        )
        .toBe(true);
      await expect
        .poll(() => select.evaluate((element) => element.getBoundingClientRect().width))
        .toBeGreaterThan(120);
    }
    await screenshot(phone, 'library-mobile');
    await phone.getByTestId('library-item').first().getByRole('button', { name: 'Preview' }).click();
    await phone.getByRole('dialog', { name: 'How to Fix a Leaky Faucet' }).waitFor();
    await screenshot(phone, 'library-mobile-preview');
    expect(pageErrors(phone)).toEqual([]);
  });

  it('produced no page errors', () => {
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('A large library', () => {
  it('shows the first items before the rest arrive, renders only those near the view, counts and searches every item, and Tab walks on', async () => {
    const big = await createClientViaApi(app, owner, 'Big Library Co');
    const filler = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const SIZE = 130;
    for (let start = 0; start < SIZE; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, SIZE - start) }, async (_, offset) => {
          const index = start + offset;
          // Item 42's last word lies past its 200-character preview: only the server's search finds it.
          const text = `${filler} ${index === 42 ? 'zebrafish' : 'ending'}`;
          await saveContent(app, owner, big.id, {
            title: `Big item ${String(index).padStart(3, '0')}`,
            content: text,
            html_content: `<p>${text}</p>`,
            content_type: index % 2 === 0 ? 'blog' : 'newsletter',
            metadata: {},
          });
        }),
      );
    }
    const listed = await app.test.request<{ content: { title: string }[] }>(
      'GET',
      `/api/clients/${big.id}/content?limit=5000`,
      { token: owner.idToken },
    );
    const newestFirst = listed.body.content.map((item) => item.title);
    expect(newestFirst).toHaveLength(SIZE);

    const reader = await openPage(app);
    await signInThroughUi(reader, owner.email, owner.password);
    await reader.goto('/clients');
    // Holds the rest back, so the first screen's items are seen before it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rest = (url: URL) => url.pathname.endsWith('/content') && url.searchParams.has('cursor');
    await reader.route(rest, async (route) => {
      await held;
      await route.fallback();
    });
    await chooseFromCardMenu(reader, 'Big Library Co', `View Content (${SIZE})`);
    const dialog = reader.getByRole('dialog', { name: 'Big Library Co - Content Library' });
    const cards = dialog.getByTestId('library-item');
    const setSize = () => dialog.getByRole('listitem').first().getAttribute('aria-setsize');
    await cards.filter({ hasText: newestFirst[0] ?? '' }).waitFor();
    await expect.poll(setSize).toBe('60');
    // The count badge waits for the true total rather than show the first page's.
    await expect.poll(() => dialog.getByTestId('library-count').count()).toBe(0);
    release();
    await expect.poll(setSize).toBe(String(SIZE));
    await expect.poll(() => dialog.getByTestId('library-count').innerText()).toBe(`${SIZE} items`);
    await reader.unroute(rest);
    await expect.poll(async () => (await cards.count()) < 40).toBe(true);
    await screenshot(reader, 'library-large');

    // Tab goes from card to card past the rows rendered at first: each card has seven controls.
    await dialog.getByRole('button', { name: `More actions for ${newestFirst[0]}` }).focus();
    for (let step = 0; step < 7 * 24; step += 1) await reader.keyboard.press('Tab');
    const focusedLabel = () =>
      reader.evaluate<string | null>("document.activeElement?.getAttribute('aria-label')");
    await expect.poll(focusedLabel).toBe(`More actions for ${newestFirst[24]}`);

    // The list view holds every item too; the oldest is reached by scrolling to the end.
    await dialog.getByRole('radio', { name: 'List view' }).click();
    await dialog.getByTestId('library-list').waitFor();
    await dialog.getByRole('region', { name: 'Library items' }).evaluate((area) => {
      area.scrollTop = area.scrollHeight;
    });
    const oldest = cards.filter({ hasText: newestFirst[SIZE - 1] ?? '' });
    await oldest.waitFor();
    expect(await oldest.locator('xpath=..').getAttribute('aria-posinset')).toBe(String(SIZE));

    // Search covers every item's words, not only what a card shows; the type filter applies to it.
    const search = dialog.getByPlaceholder('Search content...');
    await search.fill('zebrafish');
    await expect.poll(() => cards.locator('h3').allInnerTexts()).toEqual(['Big item 042']);
    await search.fill('big item 04');
    await expect.poll(() => cards.count()).toBe(10);
    await dialog.getByRole('combobox', { name: 'Filter by type' }).click();
    await reader.getByRole('option', { name: 'Newsletter', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(5);
    expect(pageErrors(reader)).toEqual([]);
    await reader.context().close();
  });
});

describe('Editing the text of structured content', () => {
  it('adds a sentence in the Text Content tab and keeps every heading, list and link of the HTML', async () => {
    const structured = await createClientViaApi(app, owner, 'Nine Headings Co');
    const sections = Array.from(
      { length: 9 },
      (_, index) =>
        `<h2>Section ${index + 1}</h2><p>Paragraph ${index + 1} with a <a href="https://example.com/${index + 1}">link</a>.</p>`,
    ).join('');
    const html = `${sections}<ul><li>First point</li><li>Second point</li></ul>`;
    const item = await saveContent(app, owner, structured.id, {
      title: 'Nine sections',
      content: htmlToText(html),
      html_content: html,
      content_type: 'blog',
    });
    await page.goto('/clients');
    await chooseFromCardMenu(page, 'Nine Headings Co', 'View Content (1)');
    await libraryItem('Nine sections').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Content' });
    await edit.waitFor();
    const text = edit.getByRole('textbox', { name: 'Text Content' });
    const before = await text.inputValue();
    await text.fill(
      before.replace('Paragraph 3 with a link.', 'Paragraph 3 with a link. One more sentence.'),
    );
    await expect.poll(() => edit.getByTestId('text-edit-unplaced').count()).toBe(0);
    await edit.getByRole('tab', { name: 'HTML Content' }).click();
    await expect
      .poll(() => edit.getByRole('textbox', { name: 'HTML Content' }).inputValue())
      .toContain('<p>Paragraph 3 with a <a href="https://example.com/3">link</a>. One more sentence.</p>');
    await edit.getByRole('tab', { name: 'Live Preview' }).click();
    await edit.frameLocator('iframe').getByRole('heading', { name: 'Section 9' }).waitFor();
    await screenshot(page, 'library-edit-text-keeps-structure');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });

    const saved = await app.test.request<ClientContent>(
      'GET',
      `/api/clients/${structured.id}/content/${item.id}`,
      { token: owner.idToken },
    );
    expect(saved.body.html_content.match(/<h2>/g)).toHaveLength(9);
    expect(saved.body.html_content.match(/<a href=/g)).toHaveLength(9);
    expect(saved.body.html_content).toContain('<ul><li>First point</li><li>Second point</li></ul>');
    expect(saved.body.html_content).toContain('One more sentence.</p><h2>Section 4</h2>');
    expect(saved.body.content).toContain('Paragraph 3 with a link. One more sentence.');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('Types older saves spelt with a hyphen', () => {
  it("shows 'press-release' and 'blog-content' items in the press-release purple and the blog blue", async () => {
    const older = await createClientViaApi(app, owner, 'Older Saves Co');
    for (const [title, type] of [
      ['Older release', 'press-release'],
      ['Older blog post', 'blog-content'],
    ] as const) {
      await saveContent(app, owner, older.id, {
        title,
        content: `${title}.`,
        html_content: `<p>${title}.</p>`,
        content_type: type,
      });
    }
    await page.goto('/clients');
    await chooseFromCardMenu(page, 'Older Saves Co', 'View Content (2)');
    const typeBadge = (title: string) =>
      libraryItem(title).locator('[data-slot="badge"]:not([data-status])').getAttribute('class');
    await libraryItem('Older release').getByText('Press Release', { exact: true }).waitFor();
    await expect.poll(() => typeBadge('Older release')).toContain('bg-purple-100');
    await libraryItem('Older blog post').getByText('Blog Content', { exact: true }).waitFor();
    await expect.poll(() => typeBadge('Older blog post')).toContain('bg-blue-100');
    await screenshot(page, 'library-older-type-spellings');
    expect(pageErrors(page)).toEqual([]);
  });
});
