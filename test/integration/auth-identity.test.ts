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
  UpdateUserPoolCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import { ensureUserPool } from '#local/bootstrap';
import { startLocalRuntime } from '#local/runtime';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';
import { decodePayload, signAsLocalPool, signJwt } from '#test/support/tokens';

/**
 * Identity through the local user pool, which must refuse what the AWS pool refuses
 * (docs/decisions.md, "Sign-in and roles"): a changed e-mail counts only once the new address is
 * verified, and never when it is a colleague's, the API and the WebSocket refuse a
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

describe('the e-mail a token carries', () => {
  it('lets the app client write the display name but never email_verified', async () => {
    const token = await accessToken(user.email);
    await expect(
      publicClient.send(
        new UpdateUserAttributesCommand({
          AccessToken: token,
          UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
        }),
      ),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    await publicClient.send(
      new UpdateUserAttributesCommand({
        AccessToken: token,
        UserAttributes: [{ Name: 'name', Value: 'Dana K. Scully' }],
      }),
    );
    const { idToken } = await app.signIn(user.email, PASSWORD);
    expect(decodePayload(idToken)).toMatchObject({ email: user.email, name: 'Dana K. Scully' });
  });

  it('signs up with the e-mail from the username, given or not, and refuses another one or email_verified', async () => {
    const domain = app.runtime.settings.allowedEmailDomain;
    const signUp = (address: string, attributes: { Name: string; Value: string }[]) =>
      publicClient.send(
        new SignUpCommand({
          ClientId: clientId(),
          Username: address,
          Password: PASSWORD,
          UserAttributes: attributes,
        }),
      );
    const given = `newcomer${Date.now()}@${domain}`;
    await expect(signUp(given, [{ Name: 'email', Value: given }])).resolves.toMatchObject({
      UserConfirmed: false,
    });
    await expect(
      signUp(`other${Date.now()}@${domain}`, [{ Name: 'email', Value: colleague.email }]),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    await expect(
      signUp(`verified${Date.now()}@${domain}`, [{ Name: 'email_verified', Value: 'true' }]),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
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
    "answers 401 on HTTP and refuses the WebSocket (403, the authorizer's Deny) for a pool-signed token with %s",
    async (_case, change) => {
      const claims: Record<string, unknown> = { ...decodePayload(user.idToken), exp: now() + 600, ...change };
      for (const [name, value] of Object.entries(change)) if (value === undefined) delete claims[name];
      const token = signAsLocalPool(claims, app.dataDir);
      // The same claims with the original values pass, so the refusal is about the changed claim alone.
      const control = signAsLocalPool({ ...decodePayload(user.idToken), exp: now() + 600 }, app.dataDir);
      expect((await app.request('GET', '/api/me', { token: control })).status).toBe(200);
      expect((await app.request('GET', '/api/me', { token })).status).toBe(401);
      expect((await app.request('GET', '/api/clients', { token })).status).toBe(401);
      expect(await openSocket(`${app.runtime.config.wsUrl}?token=${encodeURIComponent(token)}`)).toBe(403);
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

describe('changing one’s e-mail (AttributesRequireVerificationBeforeUpdate)', () => {
  const mailTo = (address: string, since: number) =>
    app.runtime.mailbox
      .list()
      .filter((message) => message.to === address && Date.parse(message.sentAt) >= since);
  const verify = (token: string, code: string) =>
    publicClient.send(
      new VerifyUserAttributeCommand({ AccessToken: token, AttributeName: 'email', Code: code }),
    );
  const emailOf = async (token: string) => {
    const me = await publicClient.send(new GetUserCommand({ AccessToken: token }));
    const value = (name: string) => me.UserAttributes?.find((attribute) => attribute.Name === name)?.Value;
    return { email: value('email'), verified: value('email_verified') };
  };

  it('to a colleague’s address grants nothing: the code goes to the colleague, the old address stays in force', async () => {
    const [mallory, victim] = await Promise.all([app.createUser(), app.createUser()]);
    if (!mallory || !victim) throw new Error('users not created');
    const owned = await app.request<{ id: string }>('POST', '/api/clients', {
      token: victim.idToken,
      body: { name: 'Victim Dental' },
    });
    expect(owned.status).toBe(201);
    const since = Date.now();
    const token = await accessToken(mallory.email);

    const reply = await publicClient.send(
      new UpdateUserAttributesCommand({
        AccessToken: token,
        UserAttributes: [{ Name: 'email', Value: victim.email }],
      }),
    );
    expect(reply.CodeDeliveryDetailsList).toMatchObject([
      { DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    ]);
    // The code went to the colleague; nothing to the one who asked.
    const [sent] = mailTo(victim.email, since);
    expect(sent?.code).toMatch(/^\d{6}$/);
    expect(mailTo(mallory.email, since)).toEqual([]);

    // The old address stays in force everywhere: the pool, a new token, the API.
    expect(await emailOf(token)).toEqual({ email: mallory.email, verified: 'true' });
    const { idToken } = await app.signIn(mallory.email, PASSWORD);
    expect(decodePayload(idToken)).toMatchObject({ email: mallory.email, email_verified: true });
    expect((await app.request<{ email: string }>('GET', '/api/me', { token: idToken })).body.email).toBe(
      mallory.email,
    );
    expect((await app.request('GET', `/api/clients/${owned.body.id}`, { token: idToken })).status).toBe(404);
    const listed = await app.request('GET', '/api/clients', { token: idToken });
    expect(JSON.stringify(listed.body)).not.toContain(owned.body.id);

    // A guessed code is wrong, and even the colleague's own code cannot move their address over.
    await expect(verify(token, '000000')).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await expect(verify(token, sent?.code ?? '')).rejects.toMatchObject({
      name: 'AliasExistsException',
      message: 'An account with the given email already exists.',
    });
    expect(await emailOf(token)).toEqual({ email: mallory.email, verified: 'true' });
    expect(decodePayload((await app.signIn(victim.email, PASSWORD)).idToken)).toMatchObject({
      email: victim.email,
      sub: victim.userId,
    });
  });

  it('is held back in a pool an older version made too: each start gives the pool the setting', async () => {
    const admin = new CognitoIdentityProviderClient({
      endpoint: app.runtime.endpoints.cognito,
      region: 'us-east-1',
      credentials: app.runtime.credentials,
    });
    const settings = async () =>
      (await admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId() }))).UserPool
        ?.UserAttributeUpdateSettings;
    try {
      expect(await settings()).toEqual({ AttributesRequireVerificationBeforeUpdate: ['email'] });
      // What an older version left: a pool updated without the setting.
      await admin.send(
        new UpdateUserPoolCommand({ UserPoolId: poolId(), AutoVerifiedAttributes: ['email'] }),
      );
      expect(await settings()).toBeUndefined();
      await ensureUserPool(admin, app.dataDir);
      expect(await settings()).toEqual({ AttributesRequireVerificationBeforeUpdate: ['email'] });
    } finally {
      admin.destroy();
    }
  });

  it('to a new address of one’s own takes effect once a code sent to that address verifies it', async () => {
    const mover = await app.createUser();
    const since = Date.now();
    const moved = `moved${Date.now()}@${app.runtime.settings.allowedEmailDomain}`;
    const token = await accessToken(mover.email);
    await publicClient.send(
      new UpdateUserAttributesCommand({
        AccessToken: token,
        UserAttributes: [{ Name: 'email', Value: moved }],
      }),
    );
    // Not yet: the new address does not sign in, the old one does.
    await expect(app.signIn(moved, PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(await emailOf(token)).toEqual({ email: mover.email, verified: 'true' });

    const [sent] = mailTo(moved, since);
    await verify(token, sent?.code ?? '');
    const { idToken } = await app.signIn(moved, PASSWORD);
    expect(decodePayload(idToken)).toMatchObject({ email: moved, email_verified: true, sub: mover.userId });
    expect((await app.request<{ email: string }>('GET', '/api/me', { token: idToken })).body.email).toBe(
      moved,
    );
    await expect(app.signIn(mover.email, PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('calls that need IAM credentials', () => {
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

describe('the ID token', () => {
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

describe('account existence stays private', () => {
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

describe('sessions across restarts', () => {
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
