import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import { ACTIVITY_CREATED_EVENT } from '#shared/activity';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "WebSocket keep-alive and the CloudFront-only API": the browser pings the WebSocket so
 * API Gateway's idle limit never closes it, and the `$default` route answers; and admin status is read again
 * from the user pool at every (re)connect, so a demoted admin who reconnects with the token they already hold
 * no longer gets the admins' live feed.
 */

interface Message {
  type: string;
  activity?: { action: string; details: Record<string, unknown> };
}

interface LiveSocket {
  messages: Message[];
  next(predicate: (message: Message) => boolean): Promise<Message>;
  send(message: unknown): void;
  close(): Promise<void>;
}

let app: TestRuntime;
let cognito: CognitoIdentityProviderClient;
let owner: TestUser;
let admin: TestUser;
let clientId: string;
const open: LiveSocket[] = [];

async function connect(idToken: string): Promise<LiveSocket> {
  const socket = new WebSocket(`${app.runtime.config.wsUrl}?token=${encodeURIComponent(idToken)}`);
  const messages: Message[] = [];
  const waiters: Array<{ predicate: (message: Message) => boolean; resolve: (message: Message) => void }> =
    [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Message;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (!waiter.predicate(message)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const live: LiveSocket = {
    messages,
    next: (predicate) =>
      new Promise((resolve) => {
        const seen = messages.find(predicate);
        if (seen) resolve(seen);
        else waiters.push({ predicate, resolve });
      }),
    send: (message) => socket.send(JSON.stringify(message)),
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
  open.push(live);
  return live;
}

const groupsOf = (idToken: string): unknown => {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return (payload as Record<string, unknown>)['cognito:groups'];
};

/** A client update is an activity, pushed to the admins' connections before the request answers. */
async function recordActivity(name: string): Promise<void> {
  const updated = await app.request('PATCH', `/api/clients/${clientId}`, {
    token: owner.idToken,
    body: { name, city: 'Madison', state: 'WI' },
  });
  expect(updated.status).toBe(200);
}

const activityNamed = (name: string) => (message: Message) =>
  message.type === ACTIVITY_CREATED_EVENT && message.activity?.details.client_name === name;

/**
 * Everything pushed to `socket` before this call has arrived once this resolves: the pong comes back on
 * the same ordered connection after anything the server sent earlier.
 */
async function flush(socket: LiveSocket): Promise<void> {
  const before = socket.messages.filter((message) => message.type === 'pong').length;
  socket.send({ type: 'ping' });
  await socket.next(() => socket.messages.filter((message) => message.type === 'pong').length > before);
}

beforeAll(async () => {
  app = await startTestRuntime();
  cognito = new CognitoIdentityProviderClient({
    endpoint: app.runtime.endpoints.cognito,
    region: 'us-east-1',
    credentials: app.runtime.credentials,
  });
  [owner, admin] = await Promise.all([app.createUser(), app.createUser(undefined, { admin: true })]);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Harbor Hardware', city: 'Madison', state: 'WI' },
  });
  expect(created.status).toBe(201);
  clientId = created.body.id;
});

afterAll(async () => {
  for (const socket of open) await socket.close();
  cognito?.destroy();
  await app?.stop();
});

describe('WebSocket keep-alive', () => {
  it('answers a ping with a pong and keeps the connection open for later pushes', async () => {
    const socket = await connect(admin.idToken);
    socket.send({ type: 'ping' });
    expect(await socket.next((message) => message.type === 'pong')).toEqual({ type: 'pong' });
    await recordActivity('Harbor Hardware & Paint');
    await socket.next(activityNamed('Harbor Hardware & Paint'));
    expect(
      socket.messages.filter((message) => message.type !== 'pong' && message.type !== ACTIVITY_CREATED_EVENT),
    ).toEqual([]);
  });
});

describe('admin status on reconnect', () => {
  it('drops the admins feed for a demoted admin who reconnects with the token they still hold', async () => {
    const demoted = await app.createUser(undefined, { admin: true });
    const watcher = await connect(admin.idToken);
    const before = await connect(demoted.idToken);
    await recordActivity('Harbor Hardware 2');
    await before.next(activityNamed('Harbor Hardware 2'));

    await cognito.send(
      new AdminRemoveUserFromGroupCommand({
        UserPoolId: app.runtime.config.userPoolId,
        Username: demoted.email,
        GroupName: ADMIN_GROUP_NAME,
      }),
    );
    await before.close();
    // The token is unchanged: it still claims the admins group until it expires.
    expect(groupsOf(demoted.idToken)).toEqual([ADMIN_GROUP_NAME]);
    const after = await connect(demoted.idToken);

    await recordActivity('Harbor Hardware 3');
    await watcher.next(activityNamed('Harbor Hardware 3'));
    await flush(after);
    expect(after.messages.filter((message) => message.type === ACTIVITY_CREATED_EVENT)).toEqual([]);
  });

  it('gives the feed to a promoted user who reconnects, though their token predates the promotion', async () => {
    const promoted = await app.createUser();
    expect(groupsOf(promoted.idToken)).toBeUndefined();
    const before = await connect(promoted.idToken);
    await cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: app.runtime.config.userPoolId,
        Username: promoted.email,
        GroupName: ADMIN_GROUP_NAME,
      }),
    );
    await recordActivity('Harbor Hardware 4');
    await flush(before);
    expect(before.messages.filter((message) => message.type === ACTIVITY_CREATED_EVENT)).toEqual([]);

    await before.close();
    const after = await connect(promoted.idToken);
    await recordActivity('Harbor Hardware 5');
    await after.next(activityNamed('Harbor Hardware 5'));
  });
});
