import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  CreateGroupCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_GROUP_NAME } from '#infra/routes';
import { startLocalRuntime } from '#local/runtime';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';
import { decodePayload, signAsLocalPool, signJwt } from '#test/support/tokens';

/**
 * Identity through the local user pool, which must refuse what the AWS pool refuses (issue 9 #1–#3,
 * #14; issue 10 #9, #11): e-mail is not writable by the app client, the API and the WebSocket refuse a
 * token whose e-mail is unverified or foreign, IAM-only calls need the runtime's own credential, tokens
 * are signed by this installation's key under an issuer that survives a restart, the ID token carries
 * the display name, and sign-in never tells whether an address has an account.
 */

const require = createRequire(import.meta.url);

let app: TestRuntime;
let user: TestUser;
let colleague: TestUser;
/** Calls as the browser makes them: no AWS credential worth anything. */
let publicClient: CognitoIdentityProviderClient;
const PASSWORD = 'Secret-123';

beforeAll(async () => {
  app = await startTestRuntime();
  publicClient = new CognitoIdentityProviderClient({
    endpoint: app.runtime.endpoints.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  user = await app.createUser(undefined, { name: 'Dana Scully' });
  colleague = await app.createUser();
});

afterAll(async () => {
  publicClient?.destroy();
  await app?.stop();
});

const clientId = () => app.runtime.config.userPoolClientId;
const poolId = () => app.runtime.config.userPoolId;

async function accessToken(email: string): Promise<string> {
  const reply = await publicClient.send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return reply.AuthenticationResult?.AccessToken ?? '';
}

function openSocket(url: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve(0));
  });
}

describe('the e-mail a token carries (issue 9 #1)', () => {
  it('refuses UpdateUserAttributes on email, as the AWS app client without email in WriteAttributes does', async () => {
    const token = await accessToken(user.email);
    await expect(
      publicClient.send(
        new UpdateUserAttributesCommand({
          AccessToken: token,
          UserAttributes: [{ Name: 'email', Value: colleague.email }],
        }),
      ),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    await expect(
      publicClient.send(
        new UpdateUserAttributesCommand({
          AccessToken: token,
          UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    const me = await publicClient.send(new GetUserCommand({ AccessToken: token }));
    expect(me.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value).toBe(user.email);
    // The display name stays the user's own.
    await publicClient.send(
      new UpdateUserAttributesCommand({
        AccessToken: token,
        UserAttributes: [{ Name: 'name', Value: 'Dana K. Scully' }],
      }),
    );
    const { idToken } = await app.signIn(user.email, PASSWORD);
    expect(decodePayload(idToken)).toMatchObject({ email: user.email, name: 'Dana K. Scully' });
  });

  it('refuses a SignUp that writes the e-mail attribute, or gives one that differs from the username', async () => {
    const address = `newcomer${Date.now()}@example.com`;
    const signUp = (value: string) =>
      publicClient.send(
        new SignUpCommand({
          ClientId: clientId(),
          Username: address,
          Password: PASSWORD,
          UserAttributes: [{ Name: 'email', Value: value }],
        }),
      );
    await expect(signUp(colleague.email)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(signUp(address)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(
      publicClient.send(
        new SignUpCommand({
          ClientId: clientId(),
          Username: address,
          Password: PASSWORD,
          UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses GetUser and UpdateUserAttributes with a forged access token naming another user', async () => {
    const genuine = decodePayload(await accessToken(user.email));
    const forged = signJwt(
      { ...genuine, sub: colleague.userId, username: colleague.userId },
      createPrivateKey(
        (
          JSON.parse(
            readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
          ) as { pem: string }
        ).pem,
      ),
    );
    await expect(publicClient.send(new GetUserCommand({ AccessToken: forged }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(
      publicClient.send(
        new UpdateUserAttributesCommand({
          AccessToken: forged,
          UserAttributes: [{ Name: 'name', Value: 'Mallory' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  const now = () => Math.floor(Date.now() / 1000);
  const cases: Array<[string, Record<string, unknown>]> = [
    ['an unverified e-mail', { email_verified: false }],
    ['no email_verified claim', { email_verified: undefined }],
    ['an e-mail outside the company domain', { email: 'dana@elsewhere.com' }],
    ['no exp', { exp: undefined }],
  ];

  it.each(cases)(
    'answers 401 on HTTP and refuses the WebSocket for a pool-signed token with %s',
    async (_case, change) => {
      const claims: Record<string, unknown> = { ...decodePayload(user.idToken), exp: now() + 600, ...change };
      for (const [name, value] of Object.entries(change)) if (value === undefined) delete claims[name];
      const token = signAsLocalPool(claims, app.dataDir);
      // The same claims with the original values pass, so the refusal is about the changed claim alone.
      const control = signAsLocalPool({ ...decodePayload(user.idToken), exp: now() + 600 }, app.dataDir);
      expect((await app.request('GET', '/api/me', { token: control })).status).toBe(200);
      expect((await app.request('GET', '/api/me', { token })).status).toBe(401);
      expect((await app.request('GET', '/api/clients', { token })).status).toBe(401);
      expect(await openSocket(`${app.runtime.config.wsUrl}?token=${encodeURIComponent(token)}`)).toBe(401);
      expect(await openSocket(`${app.runtime.config.wsUrl}?token=${encodeURIComponent(control)}`)).toBe(
        'open',
      );
    },
  );

  it("refuses a token signed with cognito-local's published key", async () => {
    const published = createPrivateKey(
      (
        JSON.parse(
          readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
        ) as { pem: string }
      ).pem,
    );
    const claims = { ...decodePayload(user.idToken), 'cognito:groups': [ADMIN_GROUP_NAME] };
    expect((await app.request('GET', '/api/me', { token: signJwt(claims, published) })).status).toBe(401);
  });
});

describe('calls that need IAM credentials (issue 9 #3)', () => {
  const adminCalls = (client: CognitoIdentityProviderClient): Array<() => Promise<unknown>> => [
    () =>
      client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: poolId(),
          Username: user.email,
          GroupName: ADMIN_GROUP_NAME,
        }),
      ),
    () => client.send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: user.email })),
    () => client.send(new ListUsersCommand({ UserPoolId: poolId() })),
    () => client.send(new CreateGroupCommand({ UserPoolId: poolId(), GroupName: 'intruders' })),
    () => client.send(new DescribeUserPoolCommand({ UserPoolId: poolId() })),
  ];

  it('refuses them signed with a key the runtime did not make', async () => {
    for (const call of adminCalls(publicClient)) {
      await expect(call()).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    }
  });

  it('refuses them unsigned, with the AWS error shape', async () => {
    const reply = await fetch(app.runtime.endpoints.cognito, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminAddUserToGroup',
      },
      body: JSON.stringify({ UserPoolId: poolId(), Username: user.email, GroupName: ADMIN_GROUP_NAME }),
    });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({
      __type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    });
    // Still no admin.
    const { idToken } = await app.signIn(user.email, PASSWORD);
    expect(decodePayload(idToken)['cognito:groups']).toBeUndefined();
    expect((await app.request('GET', '/api/me', { token: idToken })).body).toMatchObject({ isAdmin: false });
  });

  it('has no OAuth endpoints (the AWS client disables OAuth) and publishes only its own signing key', async () => {
    const token = await fetch(`${app.runtime.endpoints.cognito}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${clientId()}`,
    });
    expect(token.status).toBe(404);
    const jwks = (await (
      await fetch(`${app.runtime.endpoints.cognito}/${poolId()}/.well-known/jwks.json`)
    ).json()) as {
      keys: Array<{ kid: string }>;
    };
    expect(jwks.keys.map((key) => key.kid)).not.toContain('CognitoLocal');
    expect(jwks.keys).toHaveLength(1);
  });

  it("accepts them from the runtime's own credential", async () => {
    const runtimeClient = new CognitoIdentityProviderClient({
      endpoint: app.runtime.endpoints.cognito,
      region: 'us-east-1',
      credentials: app.runtime.credentials,
    });
    try {
      const pool = await runtimeClient.send(new DescribeUserPoolCommand({ UserPoolId: poolId() }));
      expect(pool.UserPool?.Id).toBe(poolId());
    } finally {
      runtimeClient.destroy();
    }
  });
});

describe('the ID token (issue 10 #9)', () => {
  it('carries the display name given at sign-up and a verified e-mail', () => {
    expect(decodePayload(user.idToken)).toMatchObject({
      email: user.email,
      email_verified: true,
      name: 'Dana Scully',
      token_use: 'id',
      aud: clientId(),
    });
  });
});

describe('account existence stays private (issue 10 #11)', () => {
  const signIn = (email: string, password: string) =>
    publicClient.send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  it('answers a wrong password and an unknown address alike', async () => {
    const wrongPassword = await signIn(user.email, 'Wrong-password').catch((error: unknown) => error);
    const unknown = await signIn('nobody-here@example.com', PASSWORD).catch((error: unknown) => error);
    const shape = (error: unknown) => ({ name: (error as Error).name, message: (error as Error).message });
    expect(shape(wrongPassword)).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(shape(unknown)).toEqual(shape(wrongPassword));
  });

  it('sends a reset for an unknown address as if it existed, and calls its code wrong', async () => {
    const reply = await publicClient.send(
      new ForgotPasswordCommand({ ClientId: clientId(), Username: 'nobody-here@example.com' }),
    );
    expect(reply.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    await expect(
      publicClient.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId(),
          Username: 'nobody-here@example.com',
          ConfirmationCode: '123456',
          Password: 'Another-123',
        }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
  });
});

describe('sessions across restarts (issue 9 #14)', () => {
  it('keeps the issuer and the signing key, so a token from the last run still works', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lbm-restart-'));
    try {
      const first = await startLocalRuntime({ port: 0, dataDir, quiet: true, env: { LOG_LEVEL: 'error' } });
      const { idToken } = await (async () => {
        const client = new CognitoIdentityProviderClient({
          endpoint: first.endpoints.cognito,
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        });
        try {
          const reply = await client.send(
            new InitiateAuthCommand({
              ClientId: first.config.userPoolClientId,
              AuthFlow: 'USER_PASSWORD_AUTH',
              AuthParameters: { USERNAME: first.admin.email, PASSWORD: first.admin.password },
            }),
          );
          return { idToken: reply.AuthenticationResult?.IdToken ?? '' };
        } finally {
          client.destroy();
        }
      })();
      const firstCognito = first.endpoints.cognito;
      await first.stop();

      const second = await startLocalRuntime({ port: 0, dataDir, quiet: true, env: { LOG_LEVEL: 'error' } });
      try {
        expect(second.endpoints.cognito).not.toBe(firstCognito);
        const me = await fetch(`${second.url}/api/me`, { headers: { authorization: `Bearer ${idToken}` } });
        expect(me.status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
