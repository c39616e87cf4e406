import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientContent } from '#shared/content';
import { startWordPressServer, type WordPressServer } from '#test/support/wordpress-server';
import { expectNoAxeViolations } from './support/axe';
import { type ApiUser, createApiUser, saveContent, toastWith } from './support/clients';
import { type E2eApp, openPage, pageErrors, screenshot, signInThroughUi, startE2eApp } from './support/e2e';
import { expectFitsPhones } from './support/overflow';

/**
 * 001 §2 WordPress Publisher and Editor in Chromium against a real WordPress: publish a library item
 * through the editor with a pasted image, see the post on the WordPress site itself, edit it, delete it.
 */

let wp: WordPressServer;
let app: E2eApp;
let staff: ApiUser;
let clientId: string;
let item: ClientContent;

beforeAll(async () => {
  wp = await startWordPressServer();
  app = await startE2eApp({ env: { FETCH_ALLOW_HOSTS: wp.hostPort } });
  staff = await createApiUser(app, 'publisher');
  const created = await app.test.request<{ id: string }>('POST', '/api/clients', {
    token: staff.idToken,
    body: {
      name: 'Acme Bakery',
      wordpress_url: wp.url,
      wordpress_username: wp.adminUser,
      wordpress_app_password: wp.applicationPassword,
    },
  });
  clientId = created.body.id;
  // A client with a URL but no password: listed, but 'Not Configured'.
  await app.test.request('POST', '/api/clients', {
    token: staff.idToken,
    body: { name: 'Zephyr Cafe', wordpress_url: 'https://zephyr.example', wordpress_username: 'editor' },
  });
  item = await saveContent(app, staff, clientId, {
    title: 'Spring Bakery News',
    content: 'Fresh bread every morning.',
    html_content: '<h2>Fresh bread</h2><p>Every morning from 7 am.</p>',
    content_type: 'blog',
  });
  const category = await wp.rest('/wp/v2/categories', { method: 'POST', body: { name: 'Local News' } });
  expect(category.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await wp?.stop();
});

const libraryRow = (page: Page, title: string) => page.getByTestId('library-row').filter({ hasText: title });

async function pasteImage(page: Page, png: Buffer): Promise<void> {
  await page.locator('.ql-editor').click();
  await page.keyboard.press('Control+End');
  // A paste of an image file, as a screenshot tool puts it on the clipboard (a browser script).
  await page.evaluate(`(() => {
    const bytes = Uint8Array.from(atob('${png.toString('base64')}'), (char) => char.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
    document.querySelector('.ql-editor').dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  })()`);
}

async function linkOf(contentId: string): Promise<{ wordpress_id: number; wordpress_url: string }> {
  const reply = await app.test.request<ClientContent>(
    'GET',
    `/api/clients/${clientId}/content/${contentId}`,
    {
      token: staff.idToken,
    },
  );
  return reply.body.metadata as { wordpress_id: number; wordpress_url: string };
}

describe('WordPress Publisher', () => {
  it('publishes a library item through the editor with a pasted image, then edits and deletes it', async () => {
    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await page.getByRole('link', { name: 'WordPress Publisher', exact: true }).click();
    await page.waitForURL('**/wordpress-publisher**');
    await page.getByRole('heading', { name: 'WordPress Publisher', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('WordPress URL').inputValue()).toBe(wp.url);
    await expect.poll(() => page.getByTestId('connection-badge').textContent()).toBe('Configured');
    const row = libraryRow(page, 'Spring Bakery News');
    await row.getByText('Blog', { exact: true }).waitFor();
    await screenshot(page, 'wordpress-publisher-library');

    // Publish: the editor, without the sidebar.
    await row.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(`**/wordpress-editor?contentId=${item.id}&clientId=${clientId}`);
    await page.getByRole('heading', { name: 'Publish to WordPress' }).waitFor();
    await page.getByText('Acme Bakery · Spring Bakery News').waitFor();
    await expect.poll(() => page.locator('[data-slot="sidebar"]').count()).toBe(0);
    await page.locator('.ql-editor h2', { hasText: 'Fresh bread' }).waitFor();
    const editorHeight = await page
      .locator('.ql-container')
      .evaluate((node) => node.getBoundingClientRect().height);
    expect(editorHeight).toBe(600);
    await expect.poll(() => page.getByLabel('Post Title').inputValue()).toBe('Spring Bakery News');
    await page.getByLabel('Post Status').click();
    await page.getByRole('option', { name: 'Published' }).click();
    await page.getByLabel('Categories').click();
    await page.getByRole('option', { name: 'Local News' }).click();

    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#d97706' } })
      .png()
      .toBuffer();
    await pasteImage(page, png);
    await toastWith(page, 'Image uploaded successfully').waitFor();
    const image = page.locator(`.ql-editor img[src^="${wp.url}/wp-content/uploads/"]`);
    await image.waitFor();
    await expect.poll(() => page.locator('.ql-editor img[src^="data:"]').count()).toBe(0);
    await screenshot(page, 'wordpress-editor-publish');

    await page.getByRole('button', { name: 'Publish Post' }).click();
    await toastWith(page, 'Post published successfully!').waitFor();
    await page.waitForURL(`**/wordpress-publisher?clientId=${clientId}`);
    await libraryRow(page, 'Spring Bakery News').getByText('Published', { exact: true }).waitFor();
    await screenshot(page, 'wordpress-publisher-published');

    // The post on the WordPress site itself.
    const link = await linkOf(item.id);
    const categories = await wp.rest<{ categories: number[]; status: string }>(
      `/wp/v2/posts/${link.wordpress_id}?context=edit`,
    );
    expect(categories.body.status).toBe('publish');
    const site = await openPage(app);
    await site.goto(link.wordpress_url);
    await site.getByRole('heading', { name: 'Spring Bakery News' }).first().waitFor();
    const published = site.locator(`.entry-content img[src^="${wp.url}/wp-content/uploads/"]`);
    await published.waitFor();
    expect(await published.evaluate((node) => Number(Reflect.get(node, 'naturalWidth')))).toBe(120);
    await screenshot(site, 'wordpress-public-post', { fullPage: true });
    await site.context().close();

    // Edit: the header says so, and View Post links to the post.
    await libraryRow(page, 'Spring Bakery News').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit WordPress Post' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'View Post' }).getAttribute('href'))
      .toBe(link.wordpress_url);
    await page.getByLabel('Post Title').fill('Spring Bakery News, updated');
    await page.getByRole('button', { name: 'Update Post' }).click();
    await toastWith(page, 'Post updated successfully!').waitFor();
    await page.waitForURL(`**/wordpress-publisher?clientId=${clientId}`);
    const updated = await wp.rest<{ title: { raw: string } }>(
      `/wp/v2/posts/${link.wordpress_id}?context=edit`,
    );
    expect(updated.body.title.raw).toBe('Spring Bakery News, updated');

    // Published Posts: the site's own list.
    await page.getByRole('tab', { name: 'Published Posts' }).click();
    await page.getByTestId('post-row').filter({ hasText: 'Spring Bakery News, updated' }).waitFor();
    await screenshot(page, 'wordpress-published-posts');

    // Delete: the post goes to WordPress's trash and the item is unpublished again.
    await page.getByRole('tab', { name: 'Content Library' }).click();
    await libraryRow(page, 'Spring Bakery News')
      .getByRole('button', { name: 'Delete WordPress post of Spring Bakery News' })
      .click();
    await page.getByRole('button', { name: 'Delete post' }).click();
    await toastWith(page, 'WordPress post deleted successfully').waitFor();
    await libraryRow(page, 'Spring Bakery News').getByRole('button', { name: 'Publish' }).waitFor();
    const trashed = await wp.rest<{ status: string }>(`/wp/v2/posts/${link.wordpress_id}?context=edit`);
    expect(trashed.body.status).toBe('trash');
    expect(await linkOf(item.id)).not.toHaveProperty('wordpress_id');

    // The other client is listed but not configured.
    await page.getByLabel('Client').click();
    await page.getByRole('option', { name: 'Zephyr Cafe' }).click();
    await expect.poll(() => page.getByTestId('connection-badge').textContent()).toBe('Not Configured');
    await page.getByText('No content available for this client.').waitFor();
    expect(pageErrors(page)).toEqual([]);
    // Its posts cannot be read: the spec's toast and the reason (the browser logs the 400 itself).
    await page.getByRole('tab', { name: 'Published Posts' }).click();
    await toastWith(page, 'WordPress Connection Error').waitFor();
    await page
      .getByTestId('load-failed')
      .getByText(
        "Zephyr Cafe has no complete WordPress configuration: add the WordPress URL, username and application password in the client's profile.",
      )
      .waitFor();
    await screenshot(page, 'wordpress-posts-not-configured');
  });

  it('edits a published post from what was published, and offers the site version when it changed there', async () => {
    const autumn = await saveContent(app, staff, clientId, {
      title: 'Autumn Menu',
      content: 'Autumn\n\nSoups are back.',
      html_content: '<h2>Autumn</h2><p>Soups are back.</p>',
      content_type: 'newsletter',
    });
    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await page.goto(`/wordpress-editor?contentId=${autumn.id}&clientId=${clientId}`);
    await page.locator('.ql-editor h2', { hasText: 'Autumn' }).waitFor();
    await page.getByLabel('Post Title').fill('Soups are back for autumn');
    await page.getByLabel('Categories').click();
    await page.getByRole('option', { name: 'Local News' }).click();
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#7c2d12' } })
      .png()
      .toBuffer();
    await pasteImage(page, png);
    await page.locator(`.ql-editor img[src^="${wp.url}/wp-content/uploads/"]`).waitFor();
    await page.getByRole('button', { name: 'Publish Post' }).click();
    await toastWith(page, 'Post published successfully!').waitFor();
    await page.waitForURL(`**/wordpress-publisher?clientId=${clientId}`);

    // The library item now holds what was published, and a draft reads 'Draft', with no public link.
    const row = libraryRow(page, 'Soups are back for autumn');
    await row.getByText('Draft', { exact: true }).waitFor();
    await expect.poll(() => row.getByText('Published', { exact: true }).count()).toBe(0);
    await expect.poll(() => row.getByRole('link', { name: 'View post' }).count()).toBe(0);
    await screenshot(page, 'wordpress-publisher-draft');
    const link = await linkOf(autumn.id);

    // Edit starts from the post: its title, category, status and image.
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit WordPress Post' }).waitFor();
    await expect.poll(() => page.getByLabel('Post Title').inputValue()).toBe('Soups are back for autumn');
    await expect.poll(() => page.getByLabel('Categories').textContent()).toBe('Local News');
    await expect.poll(() => page.getByLabel('Post Status').textContent()).toBe('Draft');
    await page.locator(`.ql-editor img[src^="${wp.url}/wp-content/uploads/"]`).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'View Post' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('live-post-differs').count()).toBe(0);
    await screenshot(page, 'wordpress-editor-edit-from-post');
    await page.getByRole('button', { name: 'Update Post' }).click();
    await toastWith(page, 'Post updated successfully!').waitFor();
    await page.waitForURL(`**/wordpress-publisher?clientId=${clientId}`);
    const kept = await wp.rest<{ title: { raw: string }; content: { raw: string }; categories: number[] }>(
      `/wp/v2/posts/${link.wordpress_id}?context=edit`,
    );
    expect(kept.body.title.raw).toBe('Soups are back for autumn');
    expect(kept.body.content.raw).toContain(`<img src="${wp.url}/wp-content/uploads/`);
    expect(kept.body.categories).toHaveLength(1);

    // Someone edits the post on the site: Edit shows that version and offers the library's.
    await wp.rest(`/wp/v2/posts/${link.wordpress_id}`, {
      method: 'POST',
      body: { title: 'Changed on the site', content: '<p>Edited in WordPress.</p>' },
    });
    await libraryRow(page, 'Soups are back for autumn').getByRole('button', { name: 'Edit' }).click();
    const notice = page.getByTestId('live-post-differs');
    await notice.waitFor();
    await expect.poll(() => page.getByLabel('Post Title').inputValue()).toBe('Changed on the site');
    await page.locator('.ql-editor p', { hasText: 'Edited in WordPress.' }).waitFor();
    await screenshot(page, 'wordpress-editor-live-differs');
    await notice.getByRole('button', { name: 'Use the library version' }).click();
    await expect.poll(() => page.getByLabel('Post Title').inputValue()).toBe('Soups are back for autumn');
    await page.locator(`.ql-editor img[src^="${wp.url}/wp-content/uploads/"]`).waitFor();
    await page.getByRole('button', { name: 'Update Post' }).click();
    // The first update's toast may still be showing: the editor leaving for the Publisher is what says
    // this update finished.
    await page.waitForURL(`**/wordpress-publisher?clientId=${clientId}`);
    await toastWith(page, 'Post updated successfully!').waitFor();
    const restored = await wp.rest<{ title: { raw: string } }>(
      `/wp/v2/posts/${link.wordpress_id}?context=edit`,
    );
    expect(restored.body.title.raw).toBe('Soups are back for autumn');
    expect(pageErrors(page)).toEqual([]);
  });

  it("names every toolbar control and keeps the content's colours readable (axe)", async () => {
    const styled = await saveContent(app, staff, clientId, {
      title: 'Styled newsletter',
      content: 'Spring news',
      // The offline newsletter's call to action: white text on the palette's accent.
      // The offline newsletter's banner (white on the palette's accent, a block background Quill drops)
      // and its call to action; and a highlighted link with no colour of its own.
      html_content:
        '<div style="background-color:#b45309;padding:28px"><h1 style="margin:0;color:#ffffff">Acme Insider</h1><p style="color:#ffffff">News and practical tips</p></div>' +
        '<h2 style="color:#b45309">Spring news</h2><p>Fresh bread daily.</p>' +
        '<p><a href="https://example.com/contact" style="display:inline-block;background-color:#b45309;color:#ffffff;padding:12px 22px">Contact us</a></p>' +
        '<p><a href="https://example.com/menu" style="background-color:#b45309">See the menu</a></p>',
      content_type: 'newsletter',
    });
    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await page.goto(`/wordpress-editor?contentId=${styled.id}&clientId=${clientId}`);
    await page.locator('.ql-editor a', { hasText: 'Contact us' }).waitFor();
    await expectNoAxeViolations(page, 'the WordPress Editor with styled content');
    for (const picker of ['Heading', 'Font size', 'Text colour', 'Highlight colour', 'Alignment']) {
      await page.getByRole('button', { name: picker, exact: true }).click();
      await expectNoAxeViolations(page, `the WordPress Editor with the ${picker} picker open`);
      await page.keyboard.press('Escape');
    }
    await screenshot(page, 'wordpress-editor-styled-content');
  });

  it("schedules a post for a date and time on the viewer's clock", async () => {
    const later = await saveContent(app, staff, clientId, {
      title: 'Holiday Hours',
      content: 'Closed on Monday.',
      html_content: '<p>Closed on Monday.</p>',
      content_type: 'press_release',
    });
    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await page.goto(`/wordpress-publisher?clientId=${clientId}`);
    await libraryRow(page, 'Holiday Hours').getByRole('button', { name: 'Publish' }).click();
    await page.locator('.ql-editor p', { hasText: 'Closed on Monday.' }).waitFor();
    await page.getByLabel('Post Status').click();
    await page.getByRole('option', { name: 'Schedule' }).click();
    const year = new Date().getFullYear() + 1;
    await page.getByLabel('Publish on (your time)').fill(`${year}-01-15T09:30`);
    await screenshot(page, 'wordpress-editor-schedule');
    await page.getByRole('button', { name: 'Publish Post' }).click();
    await toastWith(page, 'Post published successfully!').waitFor();
    const row = libraryRow(page, 'Holiday Hours');
    await row.getByText(`Scheduled for Jan 15, ${year}, 9:30 AM`).waitFor();
    await screenshot(page, 'wordpress-publisher-scheduled');
    const link = await linkOf(later.id);
    const stored = await wp.rest<{ status: string; date_gmt: string }>(
      `/wp/v2/posts/${link.wordpress_id}?context=edit`,
    );
    expect(stored.body.status).toBe('future');
    // The browser runs in the machine's time zone; the post is due at that same instant.
    expect(new Date(`${stored.body.date_gmt}Z`).getTime()).toBe(new Date(`${year}-01-15T09:30`).getTime());
  });

  it('uploads from the toolbar, and says why WordPress refuses an SVG', async () => {
    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await page.goto(`/wordpress-editor?contentId=${item.id}&clientId=${clientId}`);
    await page.locator('.ql-editor').click();

    const chooseFile = async (name: string, mimeType: string, buffer: Buffer) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.locator('button.ql-image').click(),
      ]);
      await chooser.setFiles({ name, mimeType, buffer });
    };
    await chooseFile(
      'logo.svg',
      'image/svg+xml',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
      ),
    );
    const refused = toastWith(page, 'Failed to upload image');
    await refused.getByText('WordPress does not accept SVG images by default', { exact: false }).waitFor();
    await screenshot(page, 'wordpress-editor-svg-refused');

    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    await chooseFile('storefront.jpg', 'image/jpeg', jpeg);
    await page
      .locator(`.ql-editor img[src^="${wp.url}/wp-content/uploads/"][src$="storefront.jpg"]`)
      .waitFor();
  });

  it('fits a phone, and sends the editor back without ids', async () => {
    const page = await openPage(app, { mobile: true });
    await signInThroughUi(page, staff.email, staff.password);
    await page.goto(`/wordpress-publisher?clientId=${clientId}`);
    await libraryRow(page, 'Spring Bakery News').waitFor();
    await screenshot(page, 'wordpress-publisher-phone', { fullPage: true });
    await expectFitsPhones(page, 'the publisher');
    await page.goto(`/wordpress-editor?contentId=${item.id}&clientId=${clientId}`);
    await page.locator('.ql-editor').waitFor();
    await screenshot(page, 'wordpress-editor-phone');
    await expectFitsPhones(page, 'the editor publishing an item');

    // Editing a published post: the header holds Back, View Post and Update Post besides the title.
    const published = await saveContent(app, staff, clientId, {
      title: 'Neighbourhood bakery wins the regional sourdough award for the third year running',
      content: 'Award',
      html_content: '<p>Award</p>',
      content_type: 'blog',
    });
    const post = await app.test.request<{ id: number }>('POST', `/api/clients/${clientId}/wordpress/posts`, {
      token: staff.idToken,
      body: { contentId: published.id, title: published.title, content: '<p>Award</p>', status: 'publish' },
    });
    expect(post.status).toBe(201);
    await page.goto(`/wordpress-editor?contentId=${published.id}&clientId=${clientId}`);
    await page.getByRole('heading', { name: 'Edit WordPress Post' }).waitFor();
    await page.getByRole('link', { name: 'View Post' }).waitFor();
    await page.locator('.ql-editor').waitFor();
    await expectFitsPhones(page, 'the editor editing a published post');
    // The title reads as words, not one letter per line.
    await expect
      .poll(() =>
        page
          .getByRole('heading', { name: 'Edit WordPress Post' })
          .evaluate((node) => node.getBoundingClientRect().width),
      )
      .toBeGreaterThan(200);
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'wordpress-editor-edit-phone-360');
    await page.goto('/wordpress-editor?contentId=');
    await toastWith(page, 'Missing content or client ID').waitFor();
    await page.waitForURL('**/wordpress-publisher');
  });

  // What it says when the library cannot be read is a component test (wordpress-publisher-page.component.test.tsx).
  it('lists the types 001 §7 publishes', async () => {
    await saveContent(app, staff, clientId, {
      title: 'Bakery FAQ',
      content: 'Do you bake gluten-free bread?',
      html_content: '<h2>Do you bake gluten-free bread?</h2><p>Yes, on Fridays.</p>',
      content_type: 'faq',
    });
    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await page.goto(`/wordpress-publisher?clientId=${clientId}`);
    await libraryRow(page, 'Spring Bakery News').waitFor();
    await page
      .getByText('Blogs, newsletters, press releases and Multi-Platform Creator content can be published.')
      .waitFor();
    await expect.poll(() => libraryRow(page, 'Bakery FAQ').count()).toBe(0);
    await page.context().close();
  });

  it('shows the empty state to someone without WordPress clients', async () => {
    const other = await createApiUser(app, 'nowp');
    const page = await openPage(app);
    await signInThroughUi(page, other.email, other.password);
    await page.goto('/wordpress-publisher');
    await page
      .getByText(
        'No clients with WordPress configuration found. Please add WordPress credentials to your clients first.',
      )
      .waitFor();
  });
});
