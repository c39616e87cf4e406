import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { entities } from '#functions/data/entities';
import { putItem } from '#functions/data/item-commands';
import { enqueueJob } from '#functions/generation/job-queue';
import { getJob } from '#functions/generation/job-store';
import { PRESIGNED_URL_SECONDS, presignedMediaUrl, putMedia, readMedia } from '#functions/media/media-store';
import { mediaPath } from '#shared/media';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';
import { decodePayload, signAsLocalPool, signJwt, strangerKey } from '#test/support/tokens';

let app: TestRuntime;
let user: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  user = await app.createUser();
});

afterAll(async () => {
  await app?.stop();
});

async function waitFor<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Timed out waiting for the condition');
}

function openSocket(url: string): Promise<{ socket: WebSocket } | { status: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => resolve({ status: response.statusCode ?? 0 }));
    socket.once('error', () => resolve({ status: -1 }));
  });
}

describe('local runtime foundation', () => {
  it('answers the public health route', async () => {
    const response = await app.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
  });

  it('serves /config.json with everything the browser needs', async () => {
    const response = await app.request('GET', '/config.json');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'allowedEmailDomain',
        'apiUrl',
        'authFlowType',
        'externalLinks',
        'local',
        'region',
        'userPoolClientId',
        'userPoolEndpoint',
        'userPoolId',
        'wsUrl',
      ].sort(),
    );
    expect(response.body.authFlowType).toBe('USER_PASSWORD_AUTH');
    expect(response.body.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws$/);
  });

  it('tells a signed-in caller who they are, from the token', async () => {
    const response = await app.request('GET', '/api/me', { token: user.idToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: user.email, isAdmin: false });
  });

  it('makes the bootstrapped admin an admin through the post-confirmation trigger', async () => {
    const { idToken } = await app.signIn(app.runtime.admin.email, app.runtime.admin.password);
    const response = await app.request('GET', '/api/me', { token: idToken });
    expect(response.body).toEqual({ email: app.runtime.admin.email, isAdmin: true });
  });

  it('refuses a protected route without a token, with an expired one and with a forged one (401)', async () => {
    const claims = decodePayload(user.idToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = signAsLocalPool({ ...claims, iat: now - 7200, exp: now - 3600 }, app.dataDir);
    const forged = signJwt({ ...claims, exp: now + 3600 }, strangerKey());
    const tampered = `${user.idToken.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['admins'] })).toString('base64url')}.${user.idToken.split('.')[2]}`;
    // A genuine, unexpired signature proves the expired case fails on expiry alone.
    const genuine = signAsLocalPool({ ...claims, exp: now + 3600 }, app.dataDir);
    expect((await app.request('GET', '/api/me', { token: genuine })).status).toBe(200);

    expect((await app.request('GET', '/api/me')).status).toBe(401);
    expect((await app.request('GET', '/api/me', { token: expired })).status).toBe(401);
    expect((await app.request('GET', '/api/me', { token: forged })).status).toBe(401);
    expect((await app.request('GET', '/api/me', { token: tampered })).status).toBe(401);
    expect((await app.request('GET', '/api/me', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('refreshes a session through GetTokensFromRefreshToken, the call Amplify makes and cognito-local lacks', async () => {
    const reply = await fetch(app.runtime.endpoints.cognito, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({
        ClientId: app.runtime.config.userPoolClientId,
        RefreshToken: user.refreshToken,
      }),
    });
    expect(reply.status).toBe(200);
    const { AuthenticationResult } = (await reply.json()) as { AuthenticationResult: { IdToken: string } };
    expect(AuthenticationResult.IdToken).not.toBe(user.idToken);
    const me = await app.request('GET', '/api/me', { token: AuthenticationResult.IdToken });
    expect(me.body).toEqual({ email: user.email, isAdmin: false });
  });

  it('answers 403 to a non-admin on an admin-only route and 200 to an admin', async () => {
    expect((await app.request('GET', '/api/activities', { token: user.idToken })).status).toBe(403);
    const admin = await app.createUser(undefined, { admin: true });
    const response = await app.request('GET', '/api/activities', { token: admin.idToken });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.activities)).toBe(true);
  });

  it('answers 404 for unknown API routes', async () => {
    expect((await app.request('GET', '/api/nothing-here')).status).toBe(404);
  });

  it('round-trips an item through DynamoDB', async () => {
    const client = dynamoDocumentClient();
    const item = { pk: 'probe#roundtrip', sk: 'probe', value: 'hello', nested: { n: 1 } };
    await client.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: item }));
    const read = await client.send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: item.pk, sk: item.sk } }),
    );
    expect(read.Item).toEqual(item);
  });

  it('stores media in S3, reads it back, and serves it from a presigned URL until the URL expires', async () => {
    const location = { userId: user.userId, jobId: ulid(), fileName: 'probe-1.png' };
    const bytes = Buffer.from('not really a png');
    expect(await putMedia(location, bytes, 'job')).toBe(mediaPath(location));
    expect(Buffer.from((await readMedia(location)) ?? [])).toEqual(bytes);
    // A missing key is S3's NoSuchKey, which the store reads as absent.
    expect(await readMedia({ ...location, fileName: 'missing-1.png' })).toBeNull();
    const fetched = await fetch(await presignedMediaUrl(location, 'my-image.png'));
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toBe('attachment; filename="my-image.png"');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
    // A URL signed longer ago than it lives is refused, as S3 refuses it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - (PRESIGNED_URL_SECONDS + 1) * 1000 });
    let stale: string;
    try {
      stale = await presignedMediaUrl(location);
    } finally {
      vi.useRealTimers();
    }
    const refused = await fetch(stale);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');
  });

  it('delivers an SQS message to the worker as an SQSEvent', async () => {
    // A job of an unknown kind: the worker can only have marked it failed if it received the message.
    const now = new Date().toISOString();
    await putItem(entities().job, {
      jobId: '01JPROBE000000000000000000',
      tool: 'probe',
      userId: user.userId,
      userEmail: user.email,
      status: 'queued',
      request: {},
      createdAt: now,
      updatedAt: now,
    });
    await enqueueJob('01JPROBE000000000000000000');
    const job = await waitFor(async () => {
      const current = await getJob('01JPROBE000000000000000000');
      return current?.status === 'failed' ? current : null;
    });
    expect(job.error).toBe('Unknown tool "probe"');
  });

  it('accepts a WebSocket connection with a valid token and refuses one without or with a bad one', async () => {
    const wsUrl = app.runtime.config.wsUrl;
    const accepted = await openSocket(`${wsUrl}?token=${encodeURIComponent(user.idToken)}`);
    expect('socket' in accepted).toBe(true);
    if ('socket' in accepted) {
      const pong = new Promise<string>((resolve) =>
        accepted.socket.once('message', (data) => resolve(data.toString())),
      );
      accepted.socket.send(JSON.stringify({ type: 'ping' }));
      expect(JSON.parse(await pong)).toEqual({ type: 'pong' });
      accepted.socket.close();
    }
    expect(await openSocket(wsUrl)).toEqual({ status: 401 });
    // No token: API Gateway's own 401 (the identity source); a bad one: the authorizer's Deny, 403.
    expect(await openSocket(`${wsUrl}?token=forged.token.value`)).toEqual({ status: 403 });
  });
});
