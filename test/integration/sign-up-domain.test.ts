import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

/**
 * The server-side gate: Cognito's pre-sign-up trigger (run by cognito-local through our local Lambda
 * Invoke endpoint, exactly as Cognito invokes the Lambda in AWS) refuses every address outside
 * ALLOWED_EMAIL_DOMAIN, whatever the browser did.
 */

let app: TestRuntime;
let cognito: CognitoIdentityProviderClient;

beforeAll(async () => {
  app = await startTestRuntime({
    env: { ALLOWED_EMAIL_DOMAIN: 'agency.test', ADMIN_EMAILS: 'boss@agency.test' },
  });
  cognito = new CognitoIdentityProviderClient({
    endpoint: app.runtime.endpoints.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(async () => {
  cognito?.destroy();
  await app?.stop();
});

const signUp = (email: string) =>
  cognito.send(
    new SignUpCommand({
      ClientId: app.runtime.config.userPoolClientId,
      Username: email,
      Password: 'Secret-123',
      // The pool takes the e-mail from the username; the app client may not write it.
    }),
  );

describe('sign-up through the pre-sign-up trigger', () => {
  it.each(['mallory@evil.io', 'a@agency.test.evil.io', 'a@sub.agency.test', '"a@agency.test"@evil.io'])(
    'refuses %s with the spec message',
    async (email) => {
      await expect(signUp(email)).rejects.toThrow('Only @agency.test email addresses are allowed');
      // Refused means no account: signing in fails too.
      await expect(
        cognito.send(
          new InitiateAuthCommand({
            ClientId: app.runtime.config.userPoolClientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: 'Secret-123' },
          }),
        ),
      ).rejects.toThrow();
    },
  );

  it('accepts an address of the company domain, in any case, and sends a confirmation code', async () => {
    const reply = await signUp('New.Hire@Agency.TEST');
    expect(reply.UserConfirmed).toBe(false);
    const mail = app.runtime.mailbox.list().find((message) => message.to === 'New.Hire@Agency.TEST');
    expect(mail?.kind).toBe('confirmation');
    expect(mail?.code).toMatch(/^\d{6}$/);
    const listed = await app.request<{ messages: Array<{ to: string; code: string }> }>(
      'GET',
      '/dev/mailbox.json',
    );
    expect(listed.body.messages.some((message) => message.to === 'New.Hire@Agency.TEST')).toBe(true);
  });

  it('bootstraps the configured admin, who holds the admins group claim', async () => {
    expect(app.runtime.admin.email).toBe('boss@agency.test');
    const { idToken } = await app.signIn(app.runtime.admin.email, app.runtime.admin.password);
    const me = await app.request('GET', '/api/me', { token: idToken });
    expect(me.body).toEqual({ email: 'boss@agency.test', isAdmin: true });
  });
});
