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
    await expect(page.getByTestId('sidebar-user-email').textContent()).resolves.toBe(email);
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

  it('shows the service error for a wrong password', async () => {
    const user = await app.createUser();
    const page = await openPage(app);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Error signing in');
    expect(new URL(page.url()).pathname).toBe('/auth');
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

  it('opens the reset view from a reset link and rejects an invalid code as an invalid link', async () => {
    const user = await app.createUser();
    const page = await openPage(app);
    await page.goto(`/auth?reset=true&email=${encodeURIComponent(user.email)}`);
    await page.getByLabel('Reset code').waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(user.email);
    await screenshot(page, 'auth-reset-link');
    await page.getByLabel('Reset code').fill('000000');
    await page.getByLabel('New Password', { exact: true }).fill('New-pass-2');
    await page.getByLabel('Confirm New Password').fill('New-pass-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Invalid reset link');
    await expectToast(page, 'This password reset link is invalid or has expired. Please request a new one.');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });
});

describe('the UI sign-up helper', () => {
  it('gives a signed-in user', async () => {
    const page = await openPage(app);
    const user = await signUpThroughUi(page, app, { displayName: 'Helper' });
    await expect(page.getByTestId('sidebar-user-email').textContent()).resolves.toBe(user.email);
  });
});
