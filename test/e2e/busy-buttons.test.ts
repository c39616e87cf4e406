import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '#shared/api-keys';
import { WORDPRESS_MESSAGES } from '#shared/wordpress';
import { type ApiUser, createApiUser } from './support/clients';
import { type E2eApp, openPage, openSignedInPage, screenshot, startE2eApp } from './support/e2e';
import { openToolPage } from './support/tools';

/**
 * docs/decisions.md, "Focus order, focus after an action": a button that works for a while (Add Client,
 * Create API Key, Test connection, Sign In) keeps the keyboard focus while it works instead of dropping it on
 * <body> as a disabled button does; it is aria-disabled meanwhile, refuses a second Enter, keeps its full
 * opacity (its ring's contrast), and the outcome is said by a toast in sonner's polite live region.
 */

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});

afterAll(async () => {
  await app?.stop();
});

/** The focused element as 'tag:name': its aria-label or its text; 'body' when focus is lost. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(`(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return active.tagName.toLowerCase() + ':' + (active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '');
  })()`);

/** The focused element's own opacity times its ancestors': 1 when nothing dims it. */
const focusedOpacity = (page: Page): Promise<number> =>
  page.evaluate(`(() => {
    let opacity = 1;
    for (let node = document.activeElement; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  })()`);

/** Focuses a control as the keyboard would: a key press first, so the browser shows :focus-visible. */
async function keyboardFocus(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  await page.keyboard.press('Shift');
  await locator.focus();
}

/**
 * Holds every request that `matches` until `release()`, so the button stays in its working state for
 * as long as the test looks; `count()` tells how many were sent (a refused second press sends none).
 */
async function holdRequests(
  page: Page,
  matches: (request: Request) => Promise<boolean>,
  reply?: { status: number; body: unknown },
): Promise<{ release: () => void; count: () => number; seen: Promise<void> }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markSeen = (): void => undefined;
  const seen = new Promise<void>((resolve) => {
    markSeen = resolve;
  });
  let count = 0;
  await page.route('**/*', async (route) => {
    if (!(await matches(route.request()))) {
      await route.fallback();
      return;
    }
    count += 1;
    markSeen();
    await released;
    if (reply) {
      await route.fulfill({
        status: reply.status,
        contentType: 'application/json',
        body: JSON.stringify(reply.body),
      });
    } else {
      await route.continue();
    }
  });
  return { release, count: () => count, seen };
}

const post = (path: string) => async (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === path;

/** The toast is inside sonner's polite live region, so a screen reader says it. */
async function expectAnnouncedToast(page: Page, text: string): Promise<void> {
  await page.locator('[aria-live="polite"] [data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/** While held: focus on the working button, aria-disabled, full opacity; a second Enter sends nothing. */
async function expectWorkingKeepsFocus(
  page: Page,
  working: string,
  held: { count: () => number; seen: Promise<void> },
): Promise<void> {
  await held.seen;
  // A working button may show a spinner, whose 'Loading' label comes first in the button's name.
  const button = page.getByRole('button', { name: new RegExp(`^(Loading )?${working}$`, 'u') });
  await button.waitFor();
  await expect.poll(() => focused(page)).toBe(`button:${working}`);
  await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true');
  await expect.poll(() => focusedOpacity(page)).toBe(1);
  await page.keyboard.press('Enter');
  expect(held.count()).toBe(1);
}

describe('a button at work keeps the keyboard focus', () => {
  it('Add Client keeps it while the client is saved, and the toast says it was added', async () => {
    const user: ApiUser = await createApiUser(app, 'busy-client');
    const page = await openSignedInPage(app, user);
    await page.goto('/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name *', { exact: true }).fill('Busy Button Bakery');
    const held = await holdRequests(page, post('/api/clients'));

    await keyboardFocus(page, dialog.getByRole('button', { name: 'Add Client' }));
    await page.keyboard.press('Enter');
    await expectWorkingKeepsFocus(page, 'Add Client', held);
    await screenshot(page, 'a11y-busy-add-client');
    held.release();
    await expectAnnouncedToast(page, 'Client Added');
    await dialog.waitFor({ state: 'hidden' });
    expect(held.count()).toBe(1);
    await page.context().close();
  });

  it('Create API Key keeps it as it turns into Creating…, and the toast says the key was created', async () => {
    const user = await createApiUser(app, 'busy-key');
    const page = await openSignedInPage(app, user);
    await page.goto('/api-keys');
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    await page.getByLabel('Key name').fill('Reporting script');
    const held = await holdRequests(page, post('/api/api-keys'));

    await keyboardFocus(page, page.getByRole('button', { name: 'Create API Key' }));
    await page.keyboard.press('Enter');
    await expectWorkingKeepsFocus(page, 'Creating…', held);
    await screenshot(page, 'a11y-busy-create-api-key');
    held.release();
    await expectAnnouncedToast(page, API_KEY_MESSAGES.created);
    await expect.poll(() => focused(page)).toBe('button:Create API Key');
    expect(held.count()).toBe(1);
    await page.context().close();
  });

  it("a key's Active switch keeps it while the change is saved, and the toast says so", async () => {
    const user = await createApiUser(app, 'busy-switch');
    const page = await openSignedInPage(app, user);
    await page.goto('/api-keys');
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    await page.getByLabel('Key name').fill('Nightly export');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await expectAnnouncedToast(page, API_KEY_MESSAGES.created);
    const held = await holdRequests(
      page,
      async (request) => request.method() === 'PATCH' && request.url().includes('/api/api-keys/'),
    );

    const toggle = page.getByRole('switch', { name: 'Active: Nightly export' });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await keyboardFocus(page, toggle);
    await page.keyboard.press('Space');
    await held.seen;
    await expect.poll(() => focused(page)).toBe('button:Active: Nightly export');
    await expect.poll(() => toggle.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Space');
    expect(held.count()).toBe(1);
    held.release();
    await expectAnnouncedToast(page, API_KEY_MESSAGES.deactivated);
    // The same switch, now off, keeps the focus.
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => focused(page)).toBe('button:Active: Nightly export');
  });

  it('Test connection keeps it while testing, and the failure is said and left on the button', async () => {
    const user = await createApiUser(app, 'busy-wordpress');
    const created = await app.test.request('POST', '/api/clients', {
      token: user.idToken,
      body: {
        name: 'Busy Button Cafe',
        wordpress_url: 'https://busy-button.example',
        wordpress_username: 'editor',
        wordpress_app_password: 'abcd efgh ijkl mnop',
      },
    });
    expect(created.status).toBe(201);
    const page = await openSignedInPage(app, user);
    await page.goto('/wordpress-publisher');
    await page.getByRole('heading', { name: 'WordPress Publisher', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('connection-badge').textContent()).toBe('Configured');
    const held = await holdRequests(
      page,
      async (request) => request.method() === 'POST' && request.url().endsWith('/wordpress/test'),
      {
        status: 502,
        body: { error: { code: 'WORDPRESS_UNREACHABLE', message: 'The site did not answer.' } },
      },
    );

    await keyboardFocus(page, page.getByRole('button', { name: 'Test connection' }));
    await page.keyboard.press('Enter');
    await expectWorkingKeepsFocus(page, 'Testing…', held);
    held.release();
    await expectAnnouncedToast(page, WORDPRESS_MESSAGES.connectionErrorTitle);
    await expect.poll(() => focused(page)).toBe('button:Test connection');
    expect(held.count()).toBe(1);
    await page.context().close();
  });

  it('Sign In keeps it while signing in, at full opacity', async () => {
    const user = await createApiUser(app, 'busy-sign-in');
    const page = await openPage(app);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    // Amplify's first call to the user pool (any URL): the InitiateAuth of the sign-in.
    const held = await holdRequests(page, async (request) => {
      if (request.method() !== 'POST') return false;
      const target = await request.headerValue('x-amz-target');
      return target?.endsWith('.InitiateAuth') ?? false;
    });

    await keyboardFocus(page, page.getByRole('button', { name: 'Sign In', exact: true }));
    await page.keyboard.press('Enter');
    await expectWorkingKeepsFocus(page, 'Sign In', held);
    await screenshot(page, 'a11y-busy-sign-in');
    held.release();
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    expect(held.count()).toBe(1);
    await page.context().close();
  });
});

describe('a described select (Blog Rewriter framework)', () => {
  it('draws a ring on the option the keyboard is on, not only a faint background', async () => {
    const user = await createApiUser(app, 'described-select');
    const page = await openToolPage(app, user, '/blog-rewriter', 'Blog Rewriter');
    await keyboardFocus(page, page.getByLabel('Framework'));
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(`document.activeElement?.getAttribute('role') ?? null`))
      .toBe('option');
    // Tailwind's ring-inset: an unblurred inset shadow with a 2px spread.
    await expect
      .poll(() =>
        page.evaluate(`(() => {
        const option = document.activeElement;
        return option.matches(':focus-visible') && /0px 0px 0px 2px inset/u.test(getComputedStyle(option).boxShadow);
      })()`),
      )
      .toBe(true);
    await screenshot(page, 'a11y-described-select-option-ring');
    await page.context().close();
  });
});
