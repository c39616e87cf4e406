import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eApp,
  expectToast,
  mailboxCode,
  openPage,
  screenshot,
  signInThroughUi,
  signOutThroughUi,
  signUpThroughUi,
  startE2eApp,
} from './support/e2e';
import { expectRingContrast, keyboardFocus } from './support/focus-indicator';

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('sign-up, confirmation and sign-in', () => {
  it('signs up with the mailbox code, lands signed in, and signs in again after signing out', async () => {
    const page = await openPage(app);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await screenshot(page, 'auth-sign-in');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    // The sign-up form loads when chosen (or on the first interaction), not with the page.
    await page.getByLabel('Display Name (optional)').waitFor();
    await screenshot(page, 'auth-sign-up');

    const email = app.newEmail('newcomer');
    const since = new Date(Date.now() - 1000);
    await page.getByLabel('Display Name (optional)').fill('New Comer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Account created! Please check your email to verify your account.');
    await page.getByLabel('Verification code').waitFor();
    await screenshot(page, 'auth-confirm');

    const code = await mailboxCode(app, email, 'confirmation', { since });
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByTestId('sidebar-user-email').textContent()).toBe(email);
    // The display name given at sign-up, carried in the ID token's `name` claim.
    await expect.poll(() => page.getByTestId('sidebar-user-name').textContent()).toBe('New Comer');
    await screenshot(page, 'landing-signed-in');

    await signOutThroughUi(page);
    await signInThroughUi(page, email, 'Secret-123');
    await expectToast(page, 'Welcome back!');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('refuses an address outside the company domain with the spec message', async () => {
    const page = await openPage(app);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill('intruder@evil.io');
    await page.getByLabel('Password').fill('Secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Invalid email domain');
    await expectToast(page, `Only @${app.runtime.config.allowedEmailDomain} email addresses are allowed`);
    await screenshot(page, 'auth-invalid-domain');
    const mailbox = (await (await fetch(`${app.url}/dev/mailbox.json`)).json()) as {
      messages: { to: string }[];
    };
    expect(mailbox.messages.some((message) => message.to === 'intruder@evil.io')).toBe(false);
  });

  it('refuses a password under 6 characters on sign-up', async () => {
    const page = await openPage(app);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(app.newEmail('short'));
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Password too short');
  });

  it('answers a wrong password and an unknown address with one message', async () => {
    const user = await app.createUser();
    const page = await openPage(app);
    const attempt = async (email: string, password: string) => {
      await page.goto('/auth');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Error signing in' }).first();
      await toast.waitFor({ state: 'visible' });
      const text = await toast.textContent();
      expect(new URL(page.url()).pathname).toBe('/auth');
      return text;
    };
    const wrongPassword = await attempt(user.email, 'not-the-password');
    await screenshot(page, 'auth-sign-in-refused');
    const unknownAddress = await attempt(app.newEmail('nobody'), 'not-the-password');
    expect(wrongPassword).toContain('Incorrect email or password.');
    expect(unknownAddress).toBe(wrongPassword);
  });

  it('tabs from Email to Password, so Enter after the password signs in (docs/decisions.md)', async () => {
    const user = await app.createUser();
    const page = await openPage(app);
    await page.goto('/auth');
    const focusedLabel = () =>
      page.evaluate(`(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'body';
        return active.labels?.[0]?.textContent ?? active.textContent?.trim() ?? '';
      })()`);
    await keyboardFocus(page, page.getByLabel('Email'));
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await expect.poll(focusedLabel).toBe('Password');
    await expectRingContrast(page, 'password field');
    await page.keyboard.type(user.password);
    // 'Forgot password?' comes after the password, then the submit button.
    await page.keyboard.press('Tab');
    await expect.poll(focusedLabel).toBe('Forgot password?');
    await screenshot(page, 'auth-sign-in-forgot-focused');
    await page.keyboard.press('Tab');
    await expect.poll(focusedLabel).toBe('Sign In');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focusedLabel).toBe('Password');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Welcome back!');
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('sends a signed-in user from /auth to /', async () => {
    const user = await app.createUser();
    const page = await openPage(app);
    await signInThroughUi(page, user.email, user.password);
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
  });
});

describe('forgot and reset password', () => {
  /** What the reset e-mail's sender did: Cognito's ForgotPassword, an unauthenticated call. */
  async function requestResetCode(email: string) {
    const reply = await fetch(app.runtime.endpoints.cognito, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      body: JSON.stringify({ ClientId: app.runtime.config.userPoolClientId, Username: email }),
    });
    expect(reply.status).toBe(200);
  }

  it('sends a reset code, sets the new password and lands signed in', async () => {
    const user = await app.createUser({ password: 'Old-pass-1' });
    const page = await openPage(app);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    await screenshot(page, 'auth-forgot');
    const since = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expectToast(page, 'Reset email sent!');
    await page.getByLabel('Reset code').waitFor();

    await page.getByLabel('Reset code').fill(await mailboxCode(app, user.email, 'reset', { since }));
    await page.getByLabel('New Password', { exact: true }).fill('New-pass-2');
    await page.getByLabel('Confirm New Password').fill('New-pass-3');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Passwords do not match');
    await screenshot(page, 'auth-reset');

    await page.getByLabel('Confirm New Password').fill('New-pass-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password updated!');
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await signOutThroughUi(page);
    await signInThroughUi(page, user.email, 'New-pass-2');
  });

  /** Types a wrong code, then checks the user stays on the form with 'Incorrect code' and what they typed. */
  async function expectIncorrectCodeKeepsForm(page: Page, email: string) {
    await page.getByLabel('Reset code').fill('000000');
    await page.getByLabel('New Password', { exact: true }).fill('New-pass-2');
    await page.getByLabel('Confirm New Password').fill('New-pass-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Incorrect code');
    await expect.poll(() => page.locator('#reset-code-error').textContent()).toBe('Incorrect code');
    await expect.poll(() => page.getByLabel('Reset code').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await expect.poll(() => page.getByLabel('New Password', { exact: true }).inputValue()).toBe('New-pass-2');
    await expect.poll(() => page.getByLabel('Confirm New Password').inputValue()).toBe('New-pass-2');
    await expect.poll(() => page.getByRole('tab', { name: 'Sign In' }).count()).toBe(0);
  }

  it('keeps a mistyped code from a reset link on the form, then resets with the right one', async () => {
    const user = await app.createUser();
    const page = await openPage(app);
    const since = new Date(Date.now() - 1000);
    await page.goto(`/auth?reset=true&email=${encodeURIComponent(user.email)}`);
    await page.getByLabel('Reset code').waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(user.email);
    await screenshot(page, 'auth-reset-link');
    await expectIncorrectCodeKeepsForm(page, user.email);
    expect(new URL(page.url()).search).toContain('reset=true');
    await screenshot(page, 'auth-reset-incorrect-code');

    // The right code from the e-mail, typed into the same form: the kept password is the one set.
    await requestResetCode(user.email);
    await page.getByLabel('Reset code').fill(await mailboxCode(app, user.email, 'reset', { since }));
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password updated!');
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    await signOutThroughUi(page);
    await signInThroughUi(page, user.email, 'New-pass-2');
  });

  it('keeps a mistyped code through Forgot password on the form too, then resets', async () => {
    const user = await app.createUser({ password: 'Old-pass-1' });
    const page = await openPage(app, { mobile: true });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    const since = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expectToast(page, 'Reset email sent!');
    await page.getByLabel('Reset code').waitFor();
    await expectIncorrectCodeKeepsForm(page, user.email);
    await screenshot(page, 'auth-reset-incorrect-code-phone');

    await page.getByLabel('Reset code').fill(await mailboxCode(app, user.email, 'reset', { since }));
    await expect.poll(() => page.locator('#reset-code-error').count()).toBe(0);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password updated!');
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
  });
});

describe('the UI sign-up helper', () => {
  it('gives a signed-in user', async () => {
    const page = await openPage(app);
    const user = await signUpThroughUi(page, app, { displayName: 'Helper' });
    await expect.poll(() => page.getByTestId('sidebar-user-email').textContent()).toBe(user.email);
  });
});

/** The functions that verify login tokens: the HTTP API's authorizer and the WebSocket's. */
const AUTHORIZERS = ['HttpAuthorizer', 'WsAuthorizer'] as const;

describe('a session the server ends', () => {
  it('signs the user out to /auth with a message, and retries no refused call', async () => {
    const admin = await app.createUser({ admin: true });
    const page = await openPage(app);
    await signInThroughUi(page, admin.email, admin.password);
    await page.goto('/activity-tracker');
    await page.getByTestId('activity-live-indicator').filter({ hasText: 'Live' }).waitFor();

    const refused: string[] = [];
    const sockets: string[] = [];
    const tokenRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    page.on('request', (request) => {
      if (request.headers().authorization) tokenRequests.push(new URL(request.url()).pathname);
    });
    page.on('websocket', (socket) => sockets.push(socket.url()));
    // What a restart with another token issuer did: every token the browser holds is refused. The
    // authorizers are redeployed with another issuer (their next invocations run in new threads).
    const issuer = process.env.TOKEN_ISSUER ?? '';
    const setIssuer = (value: string) =>
      Promise.all(
        AUTHORIZERS.map((id) => app.runtime.functions.updateEnvironment(id, { TOKEN_ISSUER: value })),
      );
    await setIssuer(`${issuer}-elsewhere`);
    try {
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/auth');
      await page
        .getByRole('status')
        .filter({ hasText: 'Your session has ended. Please sign in again.' })
        .waitFor();
      await page.getByRole('tab', { name: 'Sign In' }).waitFor();
      await screenshot(page, 'auth-session-ended');
      // Quiet afterwards: nothing keeps knocking with the refused token (a refusal of a request sent
      // before the sign-out may still arrive; no request is sent after it).
      const settled = tokenRequests.length;
      await page.waitForTimeout(4000);
      expect(tokenRequests.slice(settled)).toEqual([]);
      expect(refused.length).toBeLessThanOrEqual(3);
      expect(sockets.length).toBeLessThanOrEqual(1);
      // The screen never offered its empty or failed state as if the data were gone.
      await expect.poll(() => page.getByText('No activities yet').count()).toBe(0);
    } finally {
      await setIssuer(issuer);
    }

    await signInThroughUi(page, admin.email, admin.password);
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await signOutThroughUi(page);
    // The notice was for that one return only.
    await expect.poll(() => page.getByText('Your session has ended').count()).toBe(0);
  });
});
