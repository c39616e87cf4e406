import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientContent } from '#shared/content';
import type { ContentVersionPage } from '#shared/content-versions';
import type { WordPressPublishResult } from '#shared/wordpress';
import { startWordPressServer, type WordPressServer } from '#test/support/wordpress-server';
import { CALENDAR_PAGE } from '../../frontend/src/features/calendar/messages';
import { expectNoAxeViolations } from './support/axe';
import { type ApiUser, chooseFromCardMenu, createApiUser, saveContent, toastWith } from './support/clients';
import { type E2eApp, openPage, pageErrors, screenshot, signInThroughUi, startE2eApp } from './support/e2e';
import { expectFitsPhones } from './support/overflow';
import { expectUncovered } from './support/toasts';

/**
 * The review loop (docs/decisions.md, "Versions, review and approval, and the content calendar") in
 * Chromium: send an item for review, open the link in a second browser with no session,
 * request changes, edit, compare the versions, approve, publish to a real WordPress; then the calendar,
 * where a scheduled post is dragged to another day (and moved from the keyboard).
 */

let wp: WordPressServer;
let app: E2eApp;
let staff: ApiUser;
let clientId: string;
const CLIENT = 'Harbor Bakery';

beforeAll(async () => {
  wp = await startWordPressServer();
  app = await startE2eApp({ env: { FETCH_ALLOW_HOSTS: wp.hostPort } });
  staff = await createApiUser(app, 'reviewer-staff');
  const created = await app.test.request<{ id: string }>('POST', '/api/clients', {
    token: staff.idToken,
    body: {
      name: CLIENT,
      wordpress_url: wp.url,
      wordpress_username: wp.adminUser,
      wordpress_app_password: wp.applicationPassword,
      require_approval: true,
    },
  });
  clientId = created.body.id;
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await wp?.stop();
});

/** The agency's logo (its branding, an https address), served by the test to the reviewer's browser. */
const LOGO_URL = 'https://agency.example/logo.svg';
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="6" fill="#0f4c81"/><text x="60" y="26" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">HM</text></svg>';

const libraryItem = (page: Page, title: string) =>
  page
    .getByRole('dialog', { name: /Content Library/ })
    .getByTestId('library-item')
    .filter({ hasText: title });

async function openLibrary(page: Page): Promise<void> {
  await page.goto('/clients');
  await chooseFromCardMenu(page, CLIENT, /^View Content/);
  await page
    .getByRole('dialog', { name: /Content Library/ })
    .getByTestId('library-item')
    .first()
    .waitFor();
}

async function itemMenu(page: Page, title: string, entry: string): Promise<void> {
  await libraryItem(page, title)
    .getByRole('button', { name: `More actions for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: entry }).click();
}

const statusOf = (page: Page, title: string) =>
  libraryItem(page, title).locator('[data-status]').first().getAttribute('data-status');

/** The review page's content frame (srcdoc, same origin, no scripts). */
async function contentFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="The content to review"]').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('No content frame');
  return frame;
}

describe('the review loop', () => {
  it('sends for review, takes a client’s request for changes, compares versions, approves and publishes', async () => {
    const title = 'Spring Bakery News';
    const item = await saveContent(app, staff, clientId, {
      title,
      content: 'Fresh bread every morning.',
      html_content: '<h2>Fresh bread</h2><p>Fresh bread every morning.</p>',
      content_type: 'newsletter',
    });
    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await openLibrary(page);
    await expect.poll(() => statusOf(page, title)).toBe('draft');

    // Send for review: a link that works without an account.
    await itemMenu(page, title, 'Send for review');
    const send = page.getByRole('dialog', { name: 'Send for review' });
    await send.getByLabel('Reviewer name').fill('Maria Client');
    await send.getByLabel('Reviewer e-mail').fill('maria@client.example');
    await send.getByLabel('Message to the reviewer').fill('Please check the spring news.');
    await send.getByRole('button', { name: 'Create review link' }).click();
    const linkField = send.getByTestId('review-link');
    await expect.poll(() => linkField.inputValue()).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
    const link = await linkField.inputValue();
    await screenshot(page, 'review-send-link');
    await send.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => statusOf(page, title)).toBe('in_review');

    // The agency's branding (an admin's setting) heads the page the client sees.
    const admin = await app.test.createUser(undefined, { admin: true });
    const branded = await app.test.request('PUT', '/api/settings', {
      token: admin.idToken,
      body: { timeZone: 'UTC', agencyName: 'Harbor Marketing', logoUrl: LOGO_URL },
    });
    expect(branded.status).toBe(200);

    // The reviewer: a second browser context, no session (the logo's host answered by the test).
    const reviewer = await openPage(app);
    await reviewer
      .context()
      .route(LOGO_URL, (route) => route.fulfill({ contentType: 'image/svg+xml', body: LOGO_SVG }));
    await reviewer.goto(link);
    await reviewer.getByRole('heading', { name: title, level: 1 }).waitFor();
    const agency = reviewer.getByTestId('review-page-agency');
    await agency.getByText('Harbor Marketing').waitFor();
    await expect
      .poll(() =>
        // Drawn: a loaded image has a natural width (Node's types have no HTMLImageElement).
        agency
          .getByRole('img', { name: 'Harbor Marketing logo' })
          .evaluate((img) => ('naturalWidth' in img ? Number(img.naturalWidth) : 0)),
      )
      .toBeGreaterThan(0);
    await reviewer.getByText(`For ${CLIENT}`, { exact: false }).waitFor();
    await reviewer.getByText('Please check the spring news.').waitFor();
    await expect.poll(() => reviewer.locator('[data-slot="sidebar"]').count()).toBe(0);
    await expect.poll(() => reviewer.title()).toBe('Content Review · LBM Studio');
    const frame = await contentFrame(reviewer);
    await frame.locator('h2', { hasText: 'Fresh bread' }).waitFor();
    await screenshot(reviewer, 'review-page-desktop');

    // Quote a selected passage, and request changes with a comment.
    // The reviewer selects the paragraph (a browser script, as the mouse would).
    await frame.evaluate(`document.getSelection().selectAllChildren(document.querySelector('p'))`);
    await reviewer.getByRole('button', { name: 'Quote the selected passage' }).click();
    await expect
      .poll(() => reviewer.getByTestId('review-page-quote').textContent())
      .toBe('Fresh bread every morning.');
    await reviewer.getByRole('button', { name: 'Request changes' }).click();
    await reviewer
      .locator('[id="review-page-comment-error"]', { hasText: 'a comment is required to request changes' })
      .waitFor();
    await reviewer.getByLabel('Your comment').fill('Please mention the croissants.');
    await reviewer.getByRole('button', { name: 'Request changes' }).click();
    await toastWith(reviewer, 'the agency will make the changes').waitFor();
    await reviewer
      .getByTestId('review-page-comment')
      .filter({ hasText: 'Please mention the croissants.' })
      .waitFor();
    await expect
      .poll(() => reviewer.getByTestId('review-page-state').textContent())
      .toBe('You requested changes to this version; it stands until you approve or a new version comes.');
    // The quoted passage is anchored: highlighted in the text.
    await frame.locator('mark[data-passage]', { hasText: 'Fresh bread every morning.' }).waitFor();

    // Live in the app: a toast and the bell's count, the badge, and the review panel.
    await toastWith(page, `Maria Client requested changes to “${title}”`).waitFor();
    const bell = page.locator('[data-notification-bell]');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await expect.poll(() => statusOf(page, title), { timeout: 15_000 }).toBe('changes_requested');
    await itemMenu(page, title, 'Review and comments');
    const panel = page.getByRole('dialog', { name: `Review: ${title}` });
    await panel.getByTestId('review-comment').filter({ hasText: 'Please mention the croissants.' }).waitFor();
    await panel.getByText('Fresh bread every morning.').first().waitFor();
    // The app's panel highlights it too, in the item's text.
    const passages = await panel.getByTestId('review-panel-passages').elementHandle();
    const passagesFrame = await passages?.contentFrame();
    if (!passagesFrame) throw new Error('No passages frame in the review panel');
    await passagesFrame.locator('mark[data-passage]', { hasText: 'Fresh bread every morning.' }).waitFor();
    await screenshot(page, 'review-panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // Edit, keeping the open review on the new version.
    await libraryItem(page, title).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Content' });
    await edit
      .getByRole('textbox', { name: 'Text Content' })
      .fill('Fresh bread and croissants every morning.');
    await edit.getByLabel('Update the open review with this version (the reviewer sees it)').check();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith(page, 'Content updated successfully').waitFor();
    await expect.poll(() => statusOf(page, title)).toBe('in_review');

    // History: the two versions compared word by word.
    await itemMenu(page, title, 'History');
    const history = page.getByRole('dialog', { name: `History of ${title}` });
    await expect.poll(() => history.getByTestId('version-row').count()).toBe(2);
    for (const row of await history.getByTestId('version-row').all()) await row.getByRole('checkbox').check();
    await history.getByRole('button', { name: 'Compare' }).click();
    const diff = history.getByTestId('version-diff');
    await diff.locator('ins', { hasText: 'and croissants' }).waitFor();
    await screenshot(page, 'review-history-compare');
    await history.getByRole('tab', { name: 'Rendered' }).click();
    await expect.poll(() => history.getByTestId('version-rendered').locator('iframe').count()).toBe(2);
    await screenshot(page, 'review-history-rendered');
    await history.getByRole('button', { name: 'Back to history' }).click();
    // Times to the second: two saves a minute apart read apart.
    await expect
      .poll(() => history.getByTestId('version-row').first().textContent())
      .toMatch(/\d:\d{2}:\d{2} [AP]M/u);
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    // The reviewer sees the revision and approves it.
    await reviewer.reload();
    await (await contentFrame(reviewer)).getByText('Fresh bread and croissants every morning.').waitFor();
    // The words of the commented passage were edited: the comment says so.
    await reviewer
      .getByTestId('passage-changed')
      .getByText('The passage changed since this comment.')
      .waitFor();
    await reviewer.getByRole('button', { name: 'Approve' }).click();
    await toastWith(reviewer, 'you approved this content').waitFor();
    await expect.poll(() => statusOf(page, title), { timeout: 15_000 }).toBe('approved');
    expect(pageErrors(reviewer)).toEqual([]);
    await reviewer.context().close();
    // The other review pages of this file load no logo from outside.
    await app.test.request('PUT', '/api/settings', {
      token: admin.idToken,
      body: { timeZone: 'UTC', logoUrl: '' },
    });

    // Editing the approved item says, before Save, that it goes back for approval.
    await libraryItem(page, title).getByRole('button', { name: 'Edit' }).click();
    const approvedEdit = page.getByRole('dialog', { name: 'Edit Content' });
    await approvedEdit.getByTestId('edit-approval-warning').getByText('goes back for approval').waitFor();
    await screenshot(page, 'edit-approved-warning');
    await approvedEdit.getByRole('button', { name: 'Cancel' }).click();
    await approvedEdit.waitFor({ state: 'hidden' });

    // The bell's list, newest first, marked read from it; on a desktop and a phone.
    await page.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 2 unread');
    await bell.click();
    const list = page.getByRole('menu');
    const entries = list.locator('[data-notification]');
    await expect
      .poll(() => entries.allTextContents())
      .toEqual([
        expect.stringContaining(`Maria Client approved “${title}”`),
        expect.stringContaining(`Maria Client requested changes to “${title}”`),
      ]);
    await screenshot(page, 'notifications-desktop');
    await list.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await expect
      .poll(() => entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-read'))))
      .toEqual(['true', 'true']);
    await page.keyboard.press('Escape');
    // Closed before the resize: a click on the bell while its list still fades out does not reopen it.
    await list.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone toasts sit at the top, over the header (the toaster's "Where toasts go"): the bell is reached
    // once the review's toasts have gone, with the pointer off them (sonner pauses its timers under it).
    await page.mouse.move(0, 843);
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await bell.click();
    await list.waitFor();
    await entries.first().waitFor();
    const box = await list.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);
    await screenshot(page, 'notifications-phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Publish: the Publisher offers it now, WordPress gets it, the item is Published.
    await page.goto(`/wordpress-publisher?clientId=${clientId}`);
    const row = page.getByTestId('library-row').filter({ hasText: title });
    await row.locator('[data-status="approved"]').waitFor();
    await row.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { name: 'Publish to WordPress' }).waitFor();
    await page.getByLabel('Post Status').click();
    await page.getByRole('option', { name: 'Published' }).click();
    await page.getByRole('button', { name: 'Publish Post' }).click();
    await toastWith(page, 'Post published successfully!').waitFor();
    await page.waitForURL(`**/wordpress-publisher?clientId=${clientId}`);
    await page
      .getByTestId('library-row')
      .filter({ hasText: title })
      .getByText('Published', { exact: true })
      .waitFor();
    await expect
      .poll(
        async () =>
          (
            await app.test.request<ClientContent>('GET', `/api/clients/${clientId}/content/${item.id}`, {
              token: staff.idToken,
            })
          ).body.status,
      )
      .toBe('published');
    const posts = await wp.rest<{ title: { raw: string }; status: string }[]>(
      '/wp/v2/posts?context=edit&status=publish',
    );
    expect(posts.body.map((post) => post.title.raw)).toContain(title);
    expect(pageErrors(page)).toEqual([]);
  });

  it('says an unapproved item needs approval in the Publisher and the Editor instead of offering Publish', async () => {
    const item = await saveContent(app, staff, clientId, {
      title: 'Unreviewed flyer',
      content: 'Not yet approved.',
      html_content: '<p>Not yet approved.</p>',
      content_type: 'blog',
    });
    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await page.goto(`/wordpress-publisher?clientId=${clientId}`);
    const row = page.getByTestId('library-row').filter({ hasText: 'Unreviewed flyer' });
    await row.getByTestId('needs-approval').waitFor();
    await expect.poll(() => row.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: 'Needs approval' }).click();
    // A WordPress draft needs no approval: the button shows for Draft and goes for Published.
    await page.getByRole('button', { name: 'Publish Post' }).waitFor();
    await expect.poll(() => page.getByTestId('approval-required').count()).toBe(0);
    await page.getByLabel('Post Status').click();
    await page.getByRole('option', { name: 'Published' }).click();
    await page
      .getByTestId('approval-required')
      .getByText('This content needs approval before it can be published.')
      .waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Publish Post' }).count()).toBe(0);
    await screenshot(page, 'editor-needs-approval');
    expect(item.status).toBe('draft');

    // 'Approval steps' in the client form; a colleague's approval is not the client's.
    const stepsClient = 'Harbor Steps Bakery';
    const created = await app.test.request<{ id: string }>('POST', '/api/clients', {
      token: staff.idToken,
      body: {
        name: stepsClient,
        wordpress_url: wp.url,
        wordpress_username: wp.adminUser,
        wordpress_app_password: wp.applicationPassword,
      },
    });
    const approvedInApp = await saveContent(app, staff, created.body.id, {
      title: 'Colleague-approved flyer',
      content: 'Approved in the app.',
      html_content: '<p>Approved in the app.</p>',
      content_type: 'blog',
    });
    const itemPath = `/api/clients/${created.body.id}/content/${approvedInApp.id}`;
    await app.test.request('POST', `${itemPath}/reviews`, { token: staff.idToken, body: {} });
    await app.test.request('POST', `${itemPath}/decision`, {
      token: staff.idToken,
      body: { decision: 'approve' },
    });
    await page.goto('/clients');
    await chooseFromCardMenu(page, stepsClient, 'Edit');
    const form = page.getByRole('dialog', { name: 'Edit Client' });
    await form.getByLabel('Approval steps').click();
    await page.getByRole('option', { name: 'Client (through a review link)' }).click();
    await expect
      .poll(() => form.getByLabel('Approval steps').textContent())
      .toBe('Client (through a review link)');
    await form.getByLabel('Approval steps').scrollIntoViewIfNeeded();
    await screenshot(page, 'client-form-approval-steps');
    await form.getByRole('button', { name: 'Update Client' }).click();
    await toastWith(page, 'Client Updated').waitFor();
    await page.goto(`/wordpress-publisher?clientId=${created.body.id}`);
    const needsClient = "This content needs the client's approval before it can be published.";
    const stepsRow = page.getByTestId('library-row').filter({ hasText: 'Colleague-approved flyer' });
    await stepsRow.getByTestId('needs-approval').getByText(needsClient, { exact: false }).waitFor();
    await screenshot(page, 'publisher-needs-client-approval');

    // History says which version a restore came from; Revoke asks before the link stops for good.
    const path = `/api/clients/${clientId}/content/${item.id}`;
    const token = staff.idToken;
    const body = { title: 'Unreviewed flyer', content: 'Now edited.', html_content: '<p>Now edited.</p>' };
    expect((await app.test.request('PUT', path, { token, body })).status).toBe(200);
    const versions = await app.test.request<ContentVersionPage>('GET', `${path}/versions`, { token });
    const first = versions.body.items.at(-1)?.versionId ?? '';
    const restore = `${path}/versions/${first}/restore`;
    expect((await app.test.request('POST', restore, { token, body: {} })).status).toBe(200);
    const sent = await app.test.request('POST', `${path}/reviews`, {
      token,
      body: { reviewerName: 'Ana Revoke' },
    });
    expect(sent.status).toBe(201);
    await openLibrary(page);
    await itemMenu(page, 'Unreviewed flyer', 'History');
    const history = page.getByRole('dialog', { name: 'History of Unreviewed flyer' });
    await history.getByText('Restored from version 1').waitFor();
    await screenshot(page, 'history-restored-from');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    await itemMenu(page, 'Unreviewed flyer', 'Review and comments');
    const panel = page.getByRole('dialog', { name: 'Review: Unreviewed flyer' });
    const revoke = panel.getByRole('button', { name: 'Revoke the link of Ana Revoke' });
    await revoke.click();
    const confirm = panel.getByTestId('revoke-confirm');
    await confirm.getByText('cannot be restored', { exact: false }).waitFor();
    await screenshot(page, 'review-revoke-confirm');
    await confirm.getByRole('button', { name: 'Keep the link' }).click();
    await expect.poll(() => panel.getByTestId('revoke-confirm').count()).toBe(0);
    await revoke.click();
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await toastWith(page, 'Review link revoked').waitFor();
    await panel.getByTestId('review-link-row').getByText('Revoked', { exact: true }).waitFor();
    await page.context().close();
  });
  it('two reviewers without a session follow the item live, and an approval of words since replaced is refused', async () => {
    const title = 'Two reviewer offer';
    const item = await saveContent(app, staff, clientId, {
      title,
      content: 'Loaves from three euros.',
      html_content: '<p>Loaves from three euros.</p>',
      content_type: 'blog',
    });
    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await openLibrary(page);

    // One 'Send for review' to two reviewers, all of whom must approve: a link each.
    await itemMenu(page, title, 'Send for review');
    const send = page.getByRole('dialog', { name: 'Send for review' });
    await send.getByLabel('Reviewer name').fill('Ana Owner');
    await send.getByRole('button', { name: 'Add a reviewer' }).click();
    await send.getByLabel('Reviewer 2 name').fill('Ben Manager');
    await send.getByRole('radio', { name: 'All must approve' }).check();
    await screenshot(page, 'review-send-two-reviewers');
    await send.getByRole('button', { name: 'Create review link' }).click();
    const links = send.getByTestId('review-link');
    await expect.poll(() => links.count()).toBe(2);
    const [anaLink, benLink] = await Promise.all([links.nth(0).inputValue(), links.nth(1).inputValue()]);
    await send.getByRole('button', { name: 'Done' }).click();

    // Two more browsers, no session: Ana on a phone, Ben at a desk. Once the staff revise the words,
    // Ana's page asks for nothing new until she decides, so her Approve below is surely of the words
    // she read (her polls answer "unchanged" until then).
    const ana = await openPage(app, { mobile: true });
    let revising = false;
    let anaDecided = false;
    await ana.route('**/api/reviews/**', async (route) => {
      const request = route.request();
      if (request.method() === 'POST' && request.url().endsWith('/decision')) anaDecided = true;
      if (request.method() === 'GET' && revising && !anaDecided) return route.fulfill({ status: 304 });
      return route.continue();
    });
    const ben = await openPage(app);
    await ana.goto(anaLink);
    await ben.goto(benLink);
    await (await contentFrame(ana)).getByText('Loaves from three euros.').waitFor();
    await (await contentFrame(ben)).getByText('Loaves from three euros.').waitFor();

    // On her phone Ana selects a passage and comments on it in the box that comes up beside it: an
    // anchored comment, its passage highlighted.
    await (await contentFrame(ana)).evaluate(
      `(() => { const words = document.querySelector('p').firstChild; const range = document.createRange(); range.setStart(words, 0); range.setEnd(words, 'Loaves from'.length); document.getSelection().removeAllRanges(); document.getSelection().addRange(range); })()`,
    );
    const inline = ana.getByTestId('selection-comment');
    await inline.getByRole('button', { name: 'Comment on this passage' }).click();
    await inline.getByLabel('Your comment').fill('Sourdough too, or only the white loaves?');
    await inline.getByRole('button', { name: 'Add comment' }).click();
    await toastWith(ana, 'Your comment was added.').waitFor();
    await (await contentFrame(ana)).locator('mark[data-passage]', { hasText: 'Loaves from' }).waitFor();
    const anaComment = ana
      .getByTestId('review-page-comment')
      .filter({ hasText: 'Sourdough too, or only the white loaves?' });
    await expect.poll(() => anaComment.locator('blockquote').textContent()).toBe('Quoted: Loaves from');
    await expectFitsPhones(ana, 'review page on a phone, an anchored comment');
    await screenshot(ana, 'review-page-phone-anchored-comment', { fullPage: true });

    // Ben comments; the staff edit the words and keep the open review.
    await ben.getByLabel('Your comment').fill('Is the price right?');
    await ben.getByRole('button', { name: 'Add comment' }).click();
    await toastWith(ben, 'Your comment was added.').waitFor();
    const current = await app.test.request<ClientContent>(
      'GET',
      `/api/clients/${clientId}/content/${item.id}`,
      {
        token: staff.idToken,
      },
    );
    revising = true;
    const revised = await app.test.request<ClientContent>(
      'PUT',
      `/api/clients/${clientId}/content/${item.id}`,
      {
        token: staff.idToken,
        body: {
          title,
          content: 'Loaves from two euros, today only.',
          html_content: '<p>Loaves from two euros, today only.</p>',
          updateOpenReview: true,
        },
      },
    );
    expect(revised.status).toBe(200);
    expect(revised.body.versionId).not.toBe(current.body.versionId);

    // Ana still reads the old words and approves: refused, and her page shows the current version.
    await ana.getByRole('button', { name: 'Approve' }).click();
    await ana
      .getByTestId('review-page-notice')
      .getByText('This content has changed since you opened it, so your decision was not recorded.', {
        exact: false,
      })
      .waitFor();
    await (await contentFrame(ana)).getByText('Loaves from two euros, today only.').waitFor();
    const anaChanges = ana.getByTestId('review-page-diff');
    await anaChanges.locator('ins', { hasText: 'two' }).waitFor();
    await anaChanges.locator('del', { hasText: 'three' }).waitFor();
    await ana.getByTestId('review-page-comment').filter({ hasText: 'Is the price right?' }).waitFor();
    await screenshot(ana, 'review-page-phone-stale-notice');
    // Her passage was not edited: still highlighted in the new words.
    await (await contentFrame(ana)).locator('mark[data-passage]', { hasText: 'Loaves from' }).waitFor();
    await expectFitsPhones(ana, 'review page on a phone, a stale approval refused');
    await screenshot(ana, 'review-page-stale-refused', { fullPage: true });
    const notApproved = await app.test.request<ClientContent>(
      'GET',
      `/api/clients/${clientId}/content/${item.id}`,
      {
        token: staff.idToken,
      },
    );
    expect(notApproved.body.status).toBe('in_review');

    // Ben's page follows live, without a reload: the new words, what changed, and the news said.
    await (await contentFrame(ben))
      .getByText('Loaves from two euros, today only.')
      .waitFor({ timeout: 25_000 });
    await ben.getByTestId('review-page-diff').locator('ins', { hasText: 'today only' }).waitFor();
    await expect
      .poll(() => ben.getByTestId('review-page-live').textContent())
      .toContain('The agency sent a new version.');

    // Ana approves the words she now sees; all must approve, so the item waits for Ben, whose page
    // hears of her decision live.
    await ana.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => ana.getByTestId('review-page-state').textContent())
      .toBe('You approved this version; the other reviewers have still to decide.');
    await expect.poll(() => statusOf(page, title), { timeout: 15_000 }).toBe('in_review');
    await expect
      .poll(() => ben.getByTestId('review-page-live').textContent(), { timeout: 25_000 })
      .toContain('Ana Owner approved.');
    await ben.getByRole('button', { name: 'Approve' }).click();
    await toastWith(ben, 'you approved this content').waitFor();
    await expect.poll(() => statusOf(page, title), { timeout: 15_000 }).toBe('approved');

    // The staff's bell: both comments and both approvals, newest first; the comment opened from it
    // (read, and the client's library opens), the rest marked read from the list.
    await page.keyboard.press('Escape');
    const bell = page.locator('[data-notification-bell]');
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications, 4 unread');
    await bell.click();
    const list = page.getByRole('menu');
    const entries = list.locator('[data-notification]');
    // The four newest (the first test's, read, follow when the file runs whole).
    await expect
      .poll(async () => (await entries.allTextContents()).slice(0, 4))
      .toEqual([
        expect.stringContaining(`Ben Manager approved “${title}”`),
        expect.stringContaining(`Ana Owner approved “${title}”`),
        expect.stringContaining(`Ben Manager commented on “${title}”`),
        expect.stringContaining(`Ana Owner commented on “${title}”`),
      ]);
    await screenshot(page, 'notifications-two-reviewers');
    await entries.filter({ hasText: `Ana Owner commented on “${title}”` }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 3 unread');
    await libraryItem(page, title).waitFor();

    // The panel: each link's rule, the version each comment and decision was on, and Ana's passage.
    await itemMenu(page, title, 'Review and comments');
    const panel = page.getByRole('dialog', { name: `Review: ${title}` });
    await expect.poll(() => panel.getByTestId('review-link-row').count()).toBe(2);
    await panel
      .getByTestId('review-link-row')
      .first()
      .getByText('All must approve · 2 reviewers', { exact: false })
      .waitFor();
    const comment = panel.getByTestId('review-comment').filter({ hasText: 'Is the price right?' });
    await comment.getByText('older version').waitFor();
    await expect
      .poll(() => panel.getByTestId('review-comment').filter({ hasText: 'current' }).count())
      .toBe(2);
    const anchored = panel
      .getByTestId('review-comment')
      .filter({ hasText: 'Sourdough too, or only the white loaves?' });
    await expect.poll(() => anchored.locator('blockquote').textContent()).toBe('Quoted: Loaves from');
    const passages = await panel.getByTestId('review-panel-passages').elementHandle();
    const passagesFrame = await passages?.contentFrame();
    if (!passagesFrame) throw new Error('No passages frame in the review panel');
    await passagesFrame.getByText('two euros, today only.', { exact: false }).waitFor();
    await passagesFrame.locator('mark[data-passage]', { hasText: 'Loaves from' }).waitFor();
    await screenshot(page, 'review-panel-two-reviewers');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await bell.click();
    await list.getByRole('button', { name: 'Mark all as read' }).click();
    // Read, so the later tests' header shows the bell as it was.
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await expect
      .poll(() =>
        entries.evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute('data-read')))]),
      )
      .toEqual(['true']);
    await page.keyboard.press('Escape');
    // The browser logs the refused approval's 409 as a failed resource; nothing else went wrong.
    expect(pageErrors(ana)).toEqual([
      'console.error: Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    expect(pageErrors(ben)).toEqual([]);
    for (const reviewer of [ana, ben]) await reviewer.context().close();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the calendar', () => {
  it('shows the month, moves a scheduled post by dragging it and from the keyboard, and fits a phone', async () => {
    const item = await saveContent(app, staff, clientId, {
      title: 'Holiday hours',
      content: 'Closed on the 25th.',
      html_content: '<p>Closed on the 25th.</p>',
      content_type: 'blog',
    });
    // Approve it through a link, then schedule it three days from now at 10:00.
    const review = await app.test.request<{ reviewUrl: string; review: { versionId: string } }>(
      'POST',
      `/api/clients/${clientId}/content/${item.id}/reviews`,
      { token: staff.idToken, body: {} },
    );
    const token = new URL(review.body.reviewUrl).pathname.split('/').at(-1);
    await app.test.request('POST', `/api/reviews/${token}/decision`, {
      body: { decision: 'approve', versionId: review.body.review.versionId },
    });
    const start = new Date();
    start.setDate(start.getDate() + 3);
    start.setHours(10, 0, 0, 0);
    const scheduled = await app.test.request<WordPressPublishResult & { content: ClientContent }>(
      'POST',
      `/api/clients/${clientId}/wordpress/posts`,
      {
        token: staff.idToken,
        body: {
          contentId: item.id,
          title: item.title,
          content: item.html_content,
          status: 'future',
          date: start.toISOString(),
        },
      },
    );
    expect(scheduled.status).toBe(201);
    await app.test.request('PUT', `/api/clients/${clientId}/content/${item.id}/due-date`, {
      token: staff.idToken,
      body: { dueDate: dayKey(start) },
    });
    // A long title, which ran over the next days of the month view.
    const longTitle = 'Seasonal opening hours for every shop and the new harbour-front kiosk this winter';
    const longItem = await saveContent(app, staff, clientId, {
      title: longTitle,
      content: 'Hours.',
      html_content: '<p>Hours.</p>',
      content_type: 'blog',
    });
    await app.test.request('PUT', `/api/clients/${clientId}/content/${longItem.id}/due-date`, {
      token: staff.idToken,
      body: { dueDate: dayKey(start) },
    });

    const page = await openPage(app);
    await signInThroughUi(page, staff.email, staff.password);
    await page.getByRole('link', { name: 'Calendar', exact: true }).click();
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Calendar · LBM Studio');
    // Week view holds the post's day whatever the month.
    await page.getByRole('radio', { name: 'Week' }).click();
    // The week shown is today's; the post, three days on, is in it or in the next one (weeks start on
    // Sunday). Which one follows from the days the grid shows once the week view has rendered, never
    // from its entries, which may still be loading.
    const post = page
      .getByTestId('calendar-grid')
      .locator('[data-kind="scheduled"]', { hasText: 'Holiday hours' });
    const shownDays = () =>
      page
        .getByTestId('calendar-day')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-day') ?? ''));
    await expect.poll(async () => (await shownDays()).length).toBe(7);
    await page.getByRole('status', { name: CALENDAR_PAGE.loading }).waitFor({ state: 'hidden' });
    if (!(await shownDays()).includes(dayKey(start))) {
      await page.getByRole('button', { name: 'Next week' }).click();
      await expect.poll(async () => (await shownDays()).includes(dayKey(start))).toBe(true);
    }
    await post.waitFor();
    await page
      .getByTestId('calendar-grid')
      .locator('[data-kind="due"]', { hasText: 'Holiday hours' })
      .waitFor();
    await screenshot(page, 'calendar-week');

    // Drag to the next day (or the one before, when the next is in another week).
    const days = page.getByTestId('calendar-day');
    const from = dayKey(start);
    const keys = await days.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-day') ?? ''));
    const fromIndex = keys.indexOf(from);
    const target = keys[fromIndex + 1] ?? keys[fromIndex - 1] ?? '';
    await post.dragTo(page.locator(`[data-day="${target}"]`));
    await toastWith(page, 'Rescheduled to').waitFor();
    const moved = await wp.rest<{ date_gmt: string; status: string }>(
      `/wp/v2/posts/${scheduled.body.id}?context=edit`,
    );
    expect(moved.body.status).toBe('future');
    const movedDate = new Date(`${moved.body.date_gmt}Z`);
    expect(dayKey(movedDate)).toBe(target);
    expect(movedDate.getHours()).toBe(10);
    await page
      .locator(`[data-day="${target}"]`)
      .locator('[data-kind="scheduled"]', { hasText: 'Holiday hours' })
      .waitFor();

    // From the keyboard: open the entry, choose a new date and time, Reschedule.
    const entry = page
      .getByTestId('calendar-grid')
      .locator('[data-kind="scheduled"]', { hasText: 'Holiday hours' });
    await entry.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Holiday hours' });
    const later = new Date(start);
    later.setDate(later.getDate() + 7);
    later.setHours(14, 30, 0, 0);
    await details.getByLabel('Move to').fill(`${dayKey(later)}T14:30`);
    await details.getByRole('button', { name: 'Reschedule' }).press('Enter');
    await toastWith(page, 'Rescheduled to').nth(0).waitFor();
    await expect
      .poll(async () => {
        const post2 = await wp.rest<{ date_gmt: string }>(`/wp/v2/posts/${scheduled.body.id}?context=edit`);
        return new Date(`${post2.body.date_gmt}Z`).getTime();
      })
      .toBe(later.getTime());
    const feed = await app.test.request<{ activities: { action: string; resource_id: string }[] }>(
      'GET',
      '/api/activities',
      { token: (await app.test.createUser(undefined, { admin: true })).idToken },
    );
    expect(
      feed.body.activities.filter(
        (activity) => activity.action === 'wordpress_post_rescheduled' && activity.resource_id === item.id,
      ),
    ).toHaveLength(2);

    // The month view: every entry inside its own day's cell, however long its title.
    await page.getByRole('radio', { name: 'Month' }).click();
    const grid = page.getByTestId('calendar-grid');
    const longEntry = grid.locator('[data-kind="due"]', { hasText: longTitle });
    await longEntry.waitFor();
    const overflows = () =>
      grid.getByTestId('calendar-entry').evaluateAll((entries) =>
        entries.flatMap((entry) => {
          const cell = entry.closest('[data-testid="calendar-day"]')?.getBoundingClientRect();
          const box = entry.getBoundingClientRect();
          const inside =
            cell !== undefined &&
            box.left >= cell.left - 0.5 &&
            box.right <= cell.right + 0.5 &&
            box.top >= cell.top - 0.5 &&
            box.bottom <= cell.bottom + 0.5;
          return inside
            ? []
            : [`${entry.textContent}: ${Math.round(box.width)} px in ${Math.round(cell?.width ?? 0)} px`];
        }),
      );
    await expect.poll(overflows).toEqual([]);
    await screenshot(page, 'calendar-month-fit');
    // A due date does not move: the drag says why.
    const dueDay = await longEntry.evaluate(
      (node) => node.closest('[data-day]')?.getAttribute('data-day') ?? '',
    );
    const otherDay = keys.find((key) => key !== dueDay) ?? '';
    await longEntry.dragTo(page.locator(`[data-day="${otherDay}"]`));
    await toastWith(page, CALENDAR_PAGE.refused.due).waitFor();

    // Filters: another status shows nothing of it (Draft shows only the long-titled draft's due date).
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await expect
      .poll(() =>
        page
          .getByTestId('calendar-grid')
          .locator('[data-content-id]')
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-content-id'))),
      )
      .toEqual([longItem.id]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    // A phone: the period as a list of days, nothing sideways.
    const phone = await openPage(app, { mobile: true });
    await signInThroughUi(phone, staff.email, staff.password);
    await phone.goto('/calendar');
    await phone.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await phone.getByRole('radio', { name: 'Week' }).click();
    const agenda = phone.getByTestId('calendar-agenda');
    await agenda.waitFor();
    await expectFitsPhones(phone, 'calendar on a phone');
    await expectNoAxeViolations(phone, 'calendar on a phone');
    await screenshot(phone, 'calendar-phone');
    await phone.context().close();
  });

  it('fits the review page’s content frame to a short item and shows a long one whole, on a desktop and a phone', async () => {
    const long = [
      '<h2>The long story</h2>',
      ...Array.from(
        { length: 45 },
        (_, n) =>
          `<p>Paragraph ${n + 1}: the bakery opens at seven, bakes its bread on the premises and sells out most days by noon.</p>`,
      ),
      '<p>The very last line of the long item.</p>',
    ].join('');
    const links = {
      short: await reviewLinkFor(
        'Opening hours',
        '<h2>Opening hours</h2><p>Open daily from seven to six.</p>',
      ),
      long: await reviewLinkFor('The long story', long),
    };
    for (const mobile of [false, true]) {
      const page = await openPage(app, { mobile });
      if (!mobile) await page.setViewportSize({ width: 1440, height: 900 });
      const device = mobile ? 'phone' : 'desktop';
      for (const [length, { link, itemPath }] of Object.entries(links)) {
        await page.goto(new URL(link).pathname);
        await page.locator('iframe[title="The content to review"]').waitFor();
        // The frame is as tall as its document (its 1 px borders aside): no blank box below a short
        // item, and a long one shown whole, its last line inside the frame's own viewport, not cut off.
        await expect
          .poll(
            async () => {
              const fit = await frameFit(page);
              return fit.frame - fit.content;
            },
            { timeout: 10_000 },
          )
          .toBeLessThanOrEqual(4);
        const fit = await frameFit(page);
        expect(fit.frame - fit.content, `${length} item, ${device}`).toBeGreaterThanOrEqual(0);
        expect(fit.lastBottom, `${length} item's last line, ${device}`).toBeLessThanOrEqual(fit.viewport);
        if (length === 'long') expect(fit.content).toBeGreaterThan(mobile ? 844 : 900);
        if (mobile) await expectFitsPhones(page, `review page, ${length} item`);
        await screenshot(page, `review-frame-${length}-${device}`);
        if (length === 'long')
          await screenshot(page, `review-frame-long-${device}-whole`, { fullPage: true });
        if (mobile && length === 'long') {
          await commentBesideSelection(page);
          await staleNoticeInView(page, itemPath, long);
        }
      }
      // On the phone the refused approval's 409, logged by the browser as a failed resource.
      expect(pageErrors(page)).toEqual(
        mobile
          ? ['console.error: Failed to load resource: the server responded with a status of 409 (Conflict)']
          : [],
      );
      await page.context().close();
    }
  });
});

/**
 * On a phone a selection far down a long item gets its comment box right under it (the
 * form under the content is a long scroll away), and the comment's passage is then highlighted.
 */
async function commentBesideSelection(page: Page): Promise<void> {
  const content = await contentFrame(page);
  await content.evaluate(
    `(() => { const p = document.querySelectorAll('p')[30]; document.getSelection().selectAllChildren(p); })()`,
  );
  const box = page.getByTestId('selection-comment');
  await box.getByRole('button', { name: 'Comment on this passage' }).click();
  const field = box.getByLabel('Your comment');
  await field.waitFor();
  const selectionBottom = await page.locator('iframe[title="The content to review"]').evaluate((element) => {
    const framed = (element as typeof element & { contentDocument: typeof element.ownerDocument | null })
      .contentDocument;
    const range = framed?.getSelection()?.getRangeAt(0);
    return element.getBoundingClientRect().top + (range?.getBoundingClientRect().bottom ?? 0);
  });
  const boxTop = await box.evaluate((node) => node.getBoundingClientRect().top);
  expect(boxTop - selectionBottom).toBeGreaterThanOrEqual(0);
  expect(boxTop - selectionBottom).toBeLessThan(40);
  await screenshot(page, 'review-comment-beside-selection');
  await expectNoAxeViolations(page, 'review page, the comment box beside a selection');
  await field.fill('Say eight on Sundays.');
  await box.getByRole('button', { name: 'Add comment' }).click();
  await toastWith(page, 'Your comment was added.').waitFor();
  await content.locator('mark[data-passage]', { hasText: 'Paragraph 31:' }).waitFor();
  await page.getByTestId('review-page-comment').filter({ hasText: 'Say eight on Sundays.' }).waitFor();
}

/**
 * Approve sits at the foot of a long item on a phone, far below the page's notice: an approval refused
 * because the words changed meanwhile brings the notice into view, or the page would change out of sight.
 */
async function staleNoticeInView(page: Page, itemPath: string, html: string): Promise<void> {
  // The page's polls answer "unchanged" until it decides, so its Approve is of the words it shows.
  let decided = false;
  await page.route('**/api/reviews/**', (route) => {
    const request = route.request();
    if (request.method() === 'POST' && request.url().endsWith('/decision')) decided = true;
    return request.method() === 'GET' && !decided ? route.fulfill({ status: 304 }) : route.continue();
  });
  const revised = await app.test.request('PUT', itemPath, {
    token: staff.idToken,
    body: {
      title: 'The long story',
      content: 'The long story, revised',
      html_content: `${html}<p>A line added since.</p>`,
      updateOpenReview: true,
    },
  });
  expect(revised.status).toBe(200);
  await page.getByRole('button', { name: 'Approve' }).click();
  const notice = page.getByTestId('review-page-notice');
  await notice.waitFor();
  await expect
    .poll(async () => {
      const box = await notice.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 844;
    })
    .toBe(true);
  // The page reads the current version into its frame (a new document there): the selection is
  // cleared in that one, not in the document being replaced.
  await page.frameLocator('iframe[title="The content to review"]').getByText('A line added since.').waitFor();
  // Nor under the toasts at the top of a phone: one shown now, with nothing selected to quote.
  await (await contentFrame(page)).evaluate('document.getSelection().removeAllRanges()');
  await page.getByRole('button', { name: 'Quote the selected passage' }).click();
  await toastWith(page, 'Select a passage in the content first.').waitFor();
  await expectUncovered(page, notice);
  await screenshot(page, 'review-page-phone-stale-long');
  await page.unroute('**/api/reviews/**');
}

/** A library item of the bakery sent for review through the API: its review link and the item's path. */
async function reviewLinkFor(title: string, html: string): Promise<{ link: string; itemPath: string }> {
  const item = await saveContent(app, staff, clientId, {
    title,
    content: title,
    html_content: html,
    content_type: 'blog',
  });
  const review = await app.test.request<{ reviewUrl: string }>(
    'POST',
    `/api/clients/${clientId}/content/${item.id}/reviews`,
    { token: staff.idToken, body: {} },
  );
  expect(review.status).toBe(201);
  return { link: review.body.reviewUrl, itemPath: `/api/clients/${clientId}/content/${item.id}` };
}

/** The review page's frame height against its document's, and where the document's last element ends. */
function frameFit(page: Page) {
  return page.locator('iframe[title="The content to review"]').evaluate((element) => {
    // An iframe: its document is readable here because the frame is same-origin.
    const framed = (element as typeof element & { contentDocument: typeof element.ownerDocument | null })
      .contentDocument;
    const root = framed?.documentElement;
    return {
      frame: element.getBoundingClientRect().height,
      content: root?.getBoundingClientRect().height ?? 0,
      lastBottom: framed?.body.lastElementChild?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY,
      viewport: root?.clientHeight ?? 0,
    };
  });
}

function dayKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
