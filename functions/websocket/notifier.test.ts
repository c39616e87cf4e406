import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import { envNames } from '#infra/routes';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '#infra/websocket-limits';
import { CONNECTION_REFRESH_MS, jobSucceededEvent, UserPusher } from './notifier';

/**
 * The job pusher's connection cache on the fault paths the local runtime cannot produce on demand
 * (a local server speaking API Gateway's management API stands in for it, answering each connection
 * id as told): a post that answers 410 makes the next push look the connections up again, and a
 * refused post other than 410 does not.
 */

const store = vi.hoisted(() => ({
  connectionsOfUser: vi.fn<(userId: string) => Promise<string[]>>(),
  deleteConnection: vi.fn<(connectionId: string) => Promise<void>>(),
  adminConnections: vi.fn<() => Promise<string[]>>(),
}));
vi.mock('./connection-store', () => store);

type Reply = { status: number; body?: string; headers?: Record<string, string> };

const PREFIX = '/prod/@connections/';
let api: LocalHttpServer;
/** How the API answers a post to each connection id; 200 when not listed. */
let replies = new Map<string, Reply>();
/** The connection ids posted to, in order, and the messages they carried. */
let posts: { connectionId: string; message: string }[] = [];

function answerPost(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '';
    const connectionId = path.startsWith(PREFIX) ? decodeURIComponent(path.slice(PREFIX.length)) : '';
    if (request.method !== 'POST' || !connectionId) {
      response.writeHead(404).end();
      return;
    }
    posts.push({ connectionId, message: Buffer.concat(chunks).toString('utf8') });
    const reply = replies.get(connectionId) ?? { status: 200, body: '{}' };
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(reply.body ?? '');
  });
}

const gone: Reply = {
  status: 410,
  body: '{"message":"Gone"}',
  headers: { 'x-amzn-errortype': 'GoneException' },
};

const posted = () => posts.map((post) => post.connectionId);

let clock = 0;
const now = () => clock;
const saved = { ...process.env };

beforeAll(async () => {
  api = await startLocalHttpServer(answerPost);
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
  process.env[envNames.webSocketCallbackUrl] = `${api.origin}/prod`;
});

afterAll(async () => {
  process.env = saved;
  await api.close();
});

beforeEach(() => {
  replies = new Map();
  posts = [];
  store.connectionsOfUser.mockReset();
  store.deleteConnection.mockReset().mockResolvedValue();
  clock = 0;
});

describe('UserPusher', () => {
  it('looks the connections up once and reuses them until the refresh interval has passed', async () => {
    store.connectionsOfUser.mockResolvedValueOnce(['tab-1']).mockResolvedValueOnce(['tab-1', 'tab-2']);
    const pusher = new UserPusher('user-1', { now });
    for (let push = 0; push < 10; push += 1) {
      clock += 150;
      expect(await pusher.push({ type: 'job.progress', seq: push + 1 })).toBe(1);
    }
    expect(store.connectionsOfUser).toHaveBeenCalledTimes(1);
    // A tab opened mid-job is found at the next refresh.
    clock += CONNECTION_REFRESH_MS;
    expect(await pusher.push({ type: 'job.progress', seq: 11 })).toBe(2);
    expect(store.connectionsOfUser).toHaveBeenCalledTimes(2);
    expect(posted()).toEqual([...Array(11).fill('tab-1'), 'tab-2']);
    expect(JSON.parse(posts[0]?.message ?? '')).toEqual({ type: 'job.progress', seq: 1 });
  });

  it('looks the connections up again after a post answered 410 Gone, and forgets the gone one', async () => {
    store.connectionsOfUser.mockResolvedValueOnce(['old-tab']).mockResolvedValueOnce(['new-tab']);
    replies.set('old-tab', gone);
    const pusher = new UserPusher('user-1', { now });
    expect(await pusher.push({ type: 'job.progress', seq: 1 })).toBe(0);
    expect(store.deleteConnection).toHaveBeenCalledWith('old-tab');
    clock += 150;
    expect(await pusher.push({ type: 'job.progress', seq: 2 })).toBe(1);
    expect(store.connectionsOfUser).toHaveBeenCalledTimes(2);
    expect(posted()).toEqual(['old-tab', 'new-tab']);
  });

  it('treats a bare 410 status like a GoneException', async () => {
    store.connectionsOfUser.mockResolvedValueOnce(['old-tab']).mockResolvedValueOnce([]);
    replies.set('old-tab', { status: 410, body: 'Gone' });
    const pusher = new UserPusher('user-1', { now });
    await pusher.push({ type: 'job.progress', seq: 1 });
    await pusher.push({ type: 'job.progress', seq: 2 });
    expect(store.connectionsOfUser).toHaveBeenCalledTimes(2);
    expect(store.deleteConnection).toHaveBeenCalledWith('old-tab');
  });

  it('keeps the cache when a post fails for another reason (forbidden), and never throws', async () => {
    store.connectionsOfUser.mockResolvedValue(['tab-1']);
    replies.set('tab-1', {
      status: 403,
      body: '{"message":"Forbidden"}',
      headers: { 'x-amzn-errortype': 'ForbiddenException' },
    });
    const pusher = new UserPusher('user-1', { now });
    expect(await pusher.push({ type: 'job.progress', seq: 1 })).toBe(0);
    expect(await pusher.push({ type: 'job.progress', seq: 2 })).toBe(0);
    expect(store.connectionsOfUser).toHaveBeenCalledTimes(1);
    expect(store.deleteConnection).not.toHaveBeenCalled();
    expect(posted()).toEqual(['tab-1', 'tab-1']);
  });

  it('looks the connections up ahead of the first push, once, however many pushes wait for it', async () => {
    let answer: (ids: string[]) => void = () => undefined;
    store.connectionsOfUser.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const pusher = new UserPusher('user-1', { now });
    pusher.lookUpConnections();
    expect(store.connectionsOfUser).toHaveBeenCalledWith('user-1');
    const pushes = [
      pusher.push({ type: 'job.progress', seq: 1 }),
      pusher.push({ type: 'job.progress', seq: 2 }),
    ];
    answer(['tab-1']);
    expect(await Promise.all(pushes)).toEqual([1, 1]);
    expect(store.connectionsOfUser).toHaveBeenCalledTimes(1);
  });

  it('lets the first push look again when the lookup ahead failed', async () => {
    store.connectionsOfUser.mockRejectedValueOnce(new Error('Throttled')).mockResolvedValueOnce(['tab-1']);
    const pusher = new UserPusher('user-1', { now });
    pusher.lookUpConnections();
    await Promise.resolve();
    await Promise.resolve();
    expect(await pusher.push({ type: 'job.progress', seq: 1 })).toBe(1);
    expect(store.connectionsOfUser).toHaveBeenCalledTimes(2);
  });

  it('swallows a failed lookup: a push never fails the job', async () => {
    store.connectionsOfUser.mockRejectedValue(new Error('ProvisionedThroughputExceeded'));
    expect(await new UserPusher('user-1', { now }).push({ type: 'job.progress' })).toBe(0);
  });
});

describe('jobSucceededEvent', () => {
  it('carries the finished job when it fits in one message', () => {
    const event = jobSucceededEvent('01JOB', 'newsletter', { result: { generatedHtml: '<p>short</p>' } });
    expect(event).toEqual({
      type: 'job.succeeded',
      jobId: '01JOB',
      tool: 'newsletter',
      job: { result: { generatedHtml: '<p>short</p>' } },
    });
  });

  it('points to the job, with no body, when the result is too large for one WebSocket message', () => {
    const generatedHtml = 'x'.repeat(WEBSOCKET_MAX_MESSAGE_BYTES);
    const event = jobSucceededEvent('01JOB', 'newsletter', { result: { generatedHtml } });
    expect(event).toEqual({
      type: 'job.succeeded',
      jobId: '01JOB',
      tool: 'newsletter',
      resultUrl: '/api/jobs/01JOB',
    });
  });
});
