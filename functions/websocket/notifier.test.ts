import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envNames } from '#contract/routes';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '#contract/websocket-limits';
import { CONNECTION_REFRESH_MS, jobSucceededEvent, UserPusher } from './notifier';

/**
 * The job pusher's connection cache on the fault paths the local runtime cannot produce on demand
 * (aws-sdk-client-mock stands in for API Gateway's management API): a post that answers 410 makes the
 * next push look the connections up again, and a refused post other than 410 does not.
 */

const store = vi.hoisted(() => ({
  connectionsOfUser: vi.fn<(userId: string) => Promise<string[]>>(),
  deleteConnection: vi.fn<(connectionId: string) => Promise<void>>(),
  adminConnections: vi.fn<() => Promise<string[]>>(),
}));
vi.mock('./connection-store', () => store);

const api = mockClient(ApiGatewayManagementApiClient);

const posted = () => api.commandCalls(PostToConnectionCommand).map((call) => call.args[0].input.ConnectionId);

let clock = 0;
const now = () => clock;

beforeEach(() => {
  api.reset();
  store.connectionsOfUser.mockReset();
  store.deleteConnection.mockReset().mockResolvedValue();
  clock = 0;
  process.env[envNames.webSocketCallbackUrl] = 'https://ws.example.com/prod';
});

describe('UserPusher', () => {
  it('looks the connections up once and reuses them until the refresh interval has passed', async () => {
    store.connectionsOfUser.mockResolvedValueOnce(['tab-1']).mockResolvedValueOnce(['tab-1', 'tab-2']);
    api.on(PostToConnectionCommand).resolves({});
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
  });

  it('looks the connections up again after a post answered 410 Gone, and forgets the gone one', async () => {
    store.connectionsOfUser.mockResolvedValueOnce(['old-tab']).mockResolvedValueOnce(['new-tab']);
    api
      .on(PostToConnectionCommand, { ConnectionId: 'old-tab' })
      .rejects(new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } }))
      .on(PostToConnectionCommand, { ConnectionId: 'new-tab' })
      .resolves({});
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
    api
      .on(PostToConnectionCommand)
      .rejects(Object.assign(new Error('Gone'), { $metadata: { httpStatusCode: 410 } }));
    const pusher = new UserPusher('user-1', { now });
    await pusher.push({ type: 'job.progress', seq: 1 });
    await pusher.push({ type: 'job.progress', seq: 2 });
    expect(store.connectionsOfUser).toHaveBeenCalledTimes(2);
  });

  it('keeps the cache when a post fails for another reason (throttled), and never throws', async () => {
    store.connectionsOfUser.mockResolvedValue(['tab-1']);
    api
      .on(PostToConnectionCommand)
      .rejects(Object.assign(new Error('Slow down'), { $metadata: { httpStatusCode: 429 } }));
    const pusher = new UserPusher('user-1', { now });
    expect(await pusher.push({ type: 'job.progress', seq: 1 })).toBe(0);
    expect(await pusher.push({ type: 'job.progress', seq: 2 })).toBe(0);
    expect(store.connectionsOfUser).toHaveBeenCalledTimes(1);
    expect(store.deleteConnection).not.toHaveBeenCalled();
  });

  it('looks the connections up ahead of the first push, once, however many pushes wait for it', async () => {
    let answer: (ids: string[]) => void = () => undefined;
    store.connectionsOfUser.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    api.on(PostToConnectionCommand).resolves({});
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
    api.on(PostToConnectionCommand).resolves({});
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
