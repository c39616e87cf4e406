/**
 * Browser (e2e) test support: the real app in Debian's Chromium.
 *
 * A test file typically does:
 *
 *   import { afterAll, beforeAll, expect, it } from 'vitest';
 *   import { type E2eApp, openSignedInPage, screenshot, startE2eApp } from './support/e2e';
 *
 *   let app: E2eApp;
 *   beforeAll(async () => { app = await startE2eApp(); });   // build if stale + runtime + browser
 *   afterAll(async () => { await app?.stop(); });
 *
 *   it('shows the clients screen', async () => {
 *     const user = await app.createUser();                    // confirmed user, made through Cognito's API
 *     const page = await openSignedInPage(app, user);         // fresh context, signed in, blank
 *     await page.goto('/clients');
 *     await page.getByRole('heading', { name: 'Clients' }).waitFor();
 *     await screenshot(page, 'clients-empty');                // test-results/screenshots/clients-empty.png
 *   });
 *
 * - `startE2eApp()` builds `frontend/dist` when a source is newer than the build, starts the local
 *   runtime on free ports with a throw-away data directory (see #test/support/test-runtime) and
 *   launches Chromium (`/usr/bin/chromium`, or
 *   CHROMIUM_PATH). One per test file; `stop()` ends both.
 * - `openPage(app, { mobile })` opens a page in a new browser context whose base URL is the app, so
 *   `page.goto('/auth')` works; `mobile: true` uses a 390×844 phone viewport. Uncaught page errors and
 *   console errors are collected in `pageErrors(page)`. `openSignedInPage(app, user)` is the same page
 *   with the user signed in (through the form the first time, from the kept session after that);
 *   `signInThroughUi()` is the form itself, for tests of signing in.
 * - `app.createUser({ admin, password })` makes a confirmed account without the UI; `app.runtime.admin`
 *   is the bootstrapped admin. `signUpThroughUi()` does the whole UI sign-up with the mailbox code.
 * - `mailboxCode(app, email, kind)` waits for the code Cognito "e-mailed" (GET /dev/mailbox.json).
 * - Toasts: `expectToast(page, text)` waits for a toast containing the text.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, errors, type Page } from 'playwright-core';
import { ensureFrontendBuild, repoRoot } from '#local/frontend-build';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

export const SCREENSHOT_DIR = join(repoRoot, 'test-results', 'screenshots');
const DEFAULT_PASSWORD = 'Secret-123';

export interface E2eUser {
  email: string;
  password: string;
  isAdmin: boolean;
}

export interface E2eApp {
  /** Base URL of the app, e.g. http://127.0.0.1:41234 */
  url: string;
  runtime: TestRuntime['runtime'];
  test: TestRuntime;
  browser: Browser;
  /** A confirmed account of the allowed domain, created through Cognito's API (not the UI). */
  createUser(options?: { admin?: boolean; password?: string; email?: string }): Promise<E2eUser>;
  /** A fresh address of the allowed domain that no account uses yet. */
  newEmail(prefix?: string): string;
  stop(): Promise<void>;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // Chromium runs a sandboxed srcdoc frame (every preview, docs/architecture.md, "Security") in a process of its own. On
      // Chromium 156.0.8078.79 the newsletter's phone test then found its preview text "hidden" for
      // 30 s, each of the 3 times it ran. Paused 1 s before touching the frame, it passed: the frame's
      // own document measured the heading and a screenshot showed it. Playwright seems to keep the
      // document from before the result's srcdoc. In the page's process the test passes, and the
      // frame's sandbox (no scripts, opaque origin) is enforced just the same.
      '--disable-features=IsolateSandboxedIframes',
    ],
  });
}

let emailCounter = 0;

export async function startE2eApp(options: { env?: Record<string, string> } = {}): Promise<E2eApp> {
  await ensureFrontendBuild();
  const test = await startTestRuntime(options);
  let browser: Browser;
  try {
    // No warm-up here, unlike `npm start` (local/warm-up.ts, tested in test/integration/warm-up.test.ts):
    // it starts the 22 functions a first generation may go through, about 2 s of CPU, in each of the 30
    // files, while a file uses a few of them. A function a test calls starts then, in a fraction of a
    // second, well inside the waits for a result.
    browser = await launchChromium();
  } catch (error) {
    await test.stop();
    throw error;
  }
  const domain = test.runtime.settings.allowedEmailDomain;
  const newEmail = (prefix = 'user') => {
    emailCounter += 1;
    return `${prefix}-${Date.now().toString(36)}-${emailCounter}@${domain}`;
  };
  return {
    url: test.url,
    runtime: test.runtime,
    test,
    browser,
    newEmail,
    createUser: async ({ admin = false, password = DEFAULT_PASSWORD, email } = {}) => {
      const user = await test.createUser(email ?? newEmail(admin ? 'admin' : 'user'), { admin, password });
      return { email: user.email, password, isAdmin: admin };
    },
    stop: async () => {
      await browser.close().catch(() => undefined);
      await test.stop();
    },
  };
}

const errorsByPage = new WeakMap<Page, string[]>();

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** What each user's first sign-in stored in the browser, per app (see openSignedInPage). */
const signedInStates = new WeakMap<E2eApp, Map<string, StorageState>>();

/** A page in its own browser context (no shared cookies or storage) with the app as base URL. */
export async function openPage(
  app: E2eApp,
  options: { mobile?: boolean; storageState?: StorageState } = {},
): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.url,
    ...(options.storageState ? { storageState: options.storageState } : {}),
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1366, height: 900 },
    ...(options.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  errorsByPage.set(page, errors);
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return page;
}

/** Uncaught errors and console.error lines the page produced so far. */
export function pageErrors(page: Page): readonly string[] {
  return errorsByPage.get(page) ?? [];
}

/**
 * Saves a PNG of the viewport (or the whole page with `fullPage`) to test-results/screenshots/<name>.png
 * and returns its path. Full-page pictures of sidebar screens cut the fixed sidebar at the viewport's
 * height, so the viewport is the default.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // Let enter animations (toasts, sheets, dialogs) settle so the picture shows the resting state. This
  // was a fixed 400 ms pause before every one of the ~160 pictures; it now ends as soon as nothing is
  // animating and never lasts longer than that pause did, so a picture never shows a later state than
  // before (a screen that keeps animating, e.g. while text streams in, is taken at 400 ms as it was).
  await settleAnimations(page, { timeoutMs: 300 }).catch(async (error: unknown) => {
    // A navigation under way can end the page's context mid-check: then wait as the fixed pause did.
    if (!(error instanceof errors.TimeoutError)) await page.waitForTimeout(300);
  });
  // CI keeps no files of a run, so .ci/run sets E2E_SCREENSHOTS=off: the page still settles as above,
  // so what the test does next meets the same page, but no picture is encoded (about 0.2 s each).
  if (process.env.E2E_SCREENSHOTS !== 'off')
    await page.screenshot({ path, fullPage: options.fullPage ?? false });
  return path;
}

/**
 * Waits until no finite CSS animation or transition is running, so axe never measures a half-faded
 * dialog or toast at partial opacity, and a screenshot shows the resting state. A fixed pause was not
 * enough for axe: a second toast arriving fades the first one's text out over 400 ms, and on a busy
 * machine axe read it mid-fade (seen once in CI as a color-contrast finding on sonner's `[data-title]`).
 * Endless animations (spinners) are not waited for. Throws Playwright's TimeoutError after `timeoutMs`.
 */
export async function settleAnimations(page: Page, options: { timeoutMs?: number } = {}): Promise<void> {
  // A toast mounts a frame after it is requested, and only then starts its transition.
  await page.waitForTimeout(100);
  await page.waitForFunction(
    () => {
      // Node's type-check has no DOM lib, so the page's document is reached through globalThis.
      const { document } = globalThis as unknown as {
        document: {
          getAnimations(): {
            playState: string;
            effect: { getComputedTiming(): { endTime?: number | string } } | null;
          }[];
          querySelectorAll(selector: string): ArrayLike<unknown>;
        };
      };
      // A sonner toast starts its fade-in only once it has marked itself mounted, and fades out once
      // marked removed: on a busy machine either can come after the 100 ms above, when no transition
      // runs yet, so a toast between those marks is waited for as an animation would be.
      const toastsAtRest =
        document.querySelectorAll(
          '[data-sonner-toast][data-mounted="false"], [data-sonner-toast][data-removed="true"]',
        ).length === 0;
      return (
        toastsAtRest &&
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          )
      );
    },
    undefined,
    { timeout: options.timeoutMs ?? 5_000, polling: 50 },
  );
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ state: 'visible' });
}

interface MailboxReply {
  messages: { to: string; code: string | null; kind: string; sentAt: string }[];
}

/** Waits for the newest code of this kind sent to `email` after `since` (defaults to any time). */
export async function mailboxCode(
  app: E2eApp,
  email: string,
  kind: 'confirmation' | 'reset',
  options: { since?: Date; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const since = options.since?.getTime() ?? 0;
  for (;;) {
    const reply = (await (await fetch(`${app.url}/dev/mailbox.json`)).json()) as MailboxReply;
    const message = reply.messages.find(
      (entry) =>
        entry.to.toLowerCase() === email.toLowerCase() &&
        entry.kind === kind &&
        entry.code !== null &&
        Date.parse(entry.sentAt) >= since,
    );
    if (message?.code) return message.code;
    if (Date.now() > deadline) throw new Error(`No ${kind} code for ${email} in /dev/mailbox.json`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs in on /auth and waits for the landing page ('Go to Dashboard'). */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
}

/**
 * A page in a new context, signed in as `user`, left blank: the caller goes where its test is. A user's
 * first page signs in through the form (signInThroughUi) and keeps what the sign-in stored (Amplify's
 * tokens in localStorage) as Playwright's storage state; the user's later pages start from it, as
 * Playwright's authentication guide does for tests that are not about signing in. A UI sign-in costs a
 * page load and the SRP exchange, about 1.3 s, and most files sign the same user in for every test.
 * Tests of signing in or out, or of a session ending, sign in through the form themselves.
 */
export async function openSignedInPage(
  app: E2eApp,
  user: { email: string; password: string },
  options: { mobile?: boolean } = {},
): Promise<Page> {
  const states = signedInStates.get(app) ?? new Map<string, StorageState>();
  signedInStates.set(app, states);
  const stored = states.get(user.email);
  if (stored) return openPage(app, { ...options, storageState: stored });
  const page = await openPage(app, options);
  await signInThroughUi(page, user.email, user.password);
  // Taken on the landing page right after signing in: only the session, no tool's kept job or form.
  states.set(user.email, await page.context().storageState());
  await page.goto('about:blank');
  return page;
}

/** The whole UI sign-up: form, confirm step with the mailbox code, automatic sign-in, landing page. */
export async function signUpThroughUi(
  page: Page,
  app: E2eApp,
  options: { email?: string; password?: string; displayName?: string } = {},
): Promise<E2eUser> {
  const email = options.email ?? app.newEmail('signup');
  const password = options.password ?? DEFAULT_PASSWORD;
  const since = new Date(Date.now() - 1000);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  if (options.displayName) await page.getByLabel('Display Name (optional)').fill(options.displayName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Verification code').waitFor();
  await page.getByLabel('Verification code').fill(await mailboxCode(app, email, 'confirmation', { since }));
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
  return { email, password, isAdmin: false };
}

/** Signs out from the sidebar (opening the mobile sheet first when needed). */
export async function signOutThroughUi(page: Page): Promise<void> {
  const signOut = page.getByRole('button', { name: 'Sign Out' });
  if (!(await signOut.isVisible()))
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
  await signOut.click();
  await page.waitForURL('**/auth');
}
