import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, chooseFromCardMenu, createApiUser, createClientViaApi } from './support/clients';
import { type E2eApp, openPage, openSignedInPage, screenshot, startE2eApp } from './support/e2e';
import { weakFocusIndicators } from './support/focus-indicator';

/**
 * Keyboard focus is never dropped on <body>, and a route change names and focuses the page
 * (docs/decisions.md, "Focus order, focus after an action").
 */

let app: E2eApp;
let user: ApiUser;

beforeAll(async () => {
  app = await startE2eApp();
  user = await createApiUser(app, 'focus');
  await createClientViaApi(app, user, 'Focus Roofing');
});

afterAll(async () => {
  await app?.stop();
});

/** A short description of the focused element: tag, accessible-ish name. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(`(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const label = active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
    return active.tagName.toLowerCase() + ':' + label;
  })()`);

describe('route changes', () => {
  it('move focus to the new page heading and name the page in the title, the 404 included', async () => {
    const page = await openSignedInPage(app, user);
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('LBM Studio');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Clients', exact: true })
      .click();
    await page.waitForURL('**/clients');
    await page.locator('h1:focus').waitFor();
    await expect.poll(() => focused(page)).toBe('h1:Clients');
    await expect.poll(() => page.title()).toBe('Clients · LBM Studio');
    await screenshot(page, 'a11y-route-focus-desktop');

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page Not Found · LBM Studio');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    await expect.poll(() => page.title()).toBe('LBM Studio');
    await page.context().close();
  });
});

describe('dialogs', () => {
  it('return focus to the card menu button after Edit Client closes with Escape', async () => {
    const page = await openSignedInPage(app, user);
    await page.goto('/clients');
    await chooseFromCardMenu(page, 'Focus Roofing', 'Edit');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('button:Actions for Focus Roofing');
    await page.context().close();
  });

  it('return focus to the button that opened Add Client after Cancel', async () => {
    const page = await openSignedInPage(app, user);
    await page.goto('/clients');
    const add = page.getByRole('button', { name: 'Add Client' }).first();
    await add.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('button:Add Client');
    await page.context().close();
  });
});

describe('deleting a client', () => {
  it('moves the focus to the next card, to the page heading after the last, and Undo to the restored card', async () => {
    for (const name of ['Delete Focus A', 'Delete Focus B']) await createClientViaApi(app, user, name);
    const page = await openSignedInPage(app, user);
    await page.goto('/clients');
    const actions = (name: string) => page.getByRole('button', { name: `Actions for ${name}` });
    await actions('Delete Focus B').waitFor();
    // Newest first: B, A, then Focus Roofing. The keyboard opens the menu and picks Delete.
    await actions('Delete Focus B').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await actions('Delete Focus B').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:Actions for Delete Focus A');

    // Undo in the toast brings the client back, and the focus to it.
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }).click();
    // Sonner pauses its timers while the pointer rests on a toast: move it off, as a user would.
    await page.mouse.move(0, 0);
    await actions('Delete Focus B').waitFor();
    await expect.poll(() => focused(page)).toBe('button:Actions for Delete Focus B');
    await screenshot(page, 'a11y-focus-after-client-undo');
    // And it stays there once the toasts are gone (sonner hands the focus back when its toasts go).
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => focused(page)).toBe('button:Actions for Delete Focus B');

    // The last card of the grid: the focus goes to the card before it.
    await page.getByLabel('Search clients...').fill('Delete Focus');
    // The server answers the search once typing pauses: until then the grid still shows every card.
    await actions('Focus Roofing').waitFor({ state: 'detached' });
    await actions('Delete Focus A').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await actions('Delete Focus A').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button:Actions for Delete Focus B');
    // The only card in view: the page's heading.
    await actions('Delete Focus B').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await actions('Delete Focus B').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('h1:Clients');
    await page.context().close();
  });
});

describe('mobile navigation drawer', () => {
  it('opens on its visible Close button, closes on the first Escape and returns focus to the toggle', async () => {
    const page = await openSignedInPage(app, user, { mobile: true });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Toggle Sidebar' }).first();
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    const close = drawer.getByRole('button', { name: 'Close' });
    await expect.poll(() => close.isVisible()).toBe(true);
    await expect.poll(() => focused(page)).toBe('button:Close');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).not.toContain('Sign Out');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('button:Toggle Sidebar');
    await page.context().close();
  });

  it("hands the focus to the chosen page's heading, not back to the toggle", async () => {
    const page = await openSignedInPage(app, user, { mobile: true });
    // Both screens loaded once before: each renders its heading while the drawer is still closing.
    await page.goto('/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.goto('/newsletter');
    await page.getByRole('heading', { name: 'Newsletter Creator', level: 1 }).waitFor();
    await page.goto('/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    const toggle = page.getByRole('button', { name: 'Toggle Sidebar' }).first();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    // By touch, and by the keyboard.
    await toggle.click();
    await drawer.getByRole('link', { name: 'Newsletter', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForURL('**/newsletter');
    await expect.poll(() => focused(page)).toBe('h1:Newsletter Creator');
    await page.waitForTimeout(600);
    await expect.poll(() => focused(page)).toBe('h1:Newsletter Creator');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await drawer.getByRole('link', { name: 'Clients', exact: true }).focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForURL('**/clients');
    await expect.poll(() => focused(page)).toBe('h1:Clients');
    // Still there once the drawer's closing animation has run out.
    await page.waitForTimeout(600);
    await expect.poll(() => focused(page)).toBe('h1:Clients');
    await page.context().close();
  });

  it('shows the focus ring on the drawer close button', async () => {
    const page = await openSignedInPage(app, user, { mobile: true });
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
    await page.keyboard.press('Tab');
    await screenshot(page, 'a11y-phone-drawer-focus');
    await page.context().close();
  });
});

describe('a button that works for a while', () => {
  it('keeps focus while Sign In runs and fails', async () => {
    const page = await openPage(app);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-9');
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await signIn.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]').first().waitFor();
    await expect.poll(() => focused(page)).toBe('button:Sign In');
    await page.context().close();
  });
});

describe('focus indicators', () => {
  it('read at least 3:1 against what is behind them, on every tab stop of six screens', async () => {
    const page = await openSignedInPage(app, user);
    const weak: string[] = [];
    const walk = async (path: string, prepare?: () => Promise<void>) => {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await prepare?.();
      // Tab from the top of the page: click where nothing is focusable.
      await page.mouse.click(1, 1);
      for (const stop of await weakFocusIndicators(page)) weak.push(`${path} ${stop}`);
    };
    // The landing is prerendered signed out and becomes the signed-in page once the session is read:
    // the walk starts after that, not on links about to be replaced (a loaded CI machine caught one).
    await walk('/', () => page.locator('[data-slot="sidebar"]').first().waitFor());
    await walk('/clients', () => page.getByTestId('client-card').first().waitFor());
    // Generate is enabled once the topic is filled in.
    await walk('/newsletter', () => page.getByLabel('Newsletter Topic *').fill('Spring tips'));
    await walk('/api-keys');
    await walk('/documentation');
    await walk('/social-content', () => page.getByLabel('Prompt', { exact: true }).fill('Open house'));
    expect(weak).toEqual([]);
    // What the ring looks like around a filled button: a white gap, then the ring.
    await page.goto('/newsletter');
    await page.getByLabel('Newsletter Topic *').fill('Spring tips');
    const generate = page.getByRole('button', { name: 'Generate Newsletter' });
    for (let stop = 0; stop < 10 && !(await generate.evaluate((node) => node.matches(':focus'))); stop++) {
      await page.keyboard.press('Tab');
    }
    await screenshot(page, 'focus-ring-generate');
    await page.context().close();
  });
});
