import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocketLike } from './realtime-keepalive';
import { ConnectionKeeper, KEEPALIVE_INTERVAL_MS, PING_MESSAGE } from './realtime-keepalive';

/** API Gateway closes a WebSocket that carried no message for this long. */
const API_GATEWAY_IDLE_LIMIT_MS = 10 * 60 * 1000;

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: string[] = [];
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1000 } as CloseEvent);
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop(code = 1001) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

/** Fake timers driving the keeper through its injectable setInterval/clearInterval. */
const timers = {
  setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
  clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
};

describe('ConnectionKeeper pings', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings every interval while open, well inside the idle limit, and not before opening', () => {
    expect(KEEPALIVE_INTERVAL_MS).toBeLessThanOrEqual(API_GATEWAY_IDLE_LIMIT_MS / 2);
    const inner = new FakeSocket();
    new ConnectionKeeper({ timers }).watch(inner);
    vi.advanceTimersByTime(KEEPALIVE_INTERVAL_MS * 2);
    expect(inner.sent).toEqual([]);

    inner.open();
    vi.advanceTimersByTime(KEEPALIVE_INTERVAL_MS - 1);
    expect(inner.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(inner.sent).toEqual([PING_MESSAGE]);
    vi.advanceTimersByTime(API_GATEWAY_IDLE_LIMIT_MS);
    // No gap between two messages ever reaches the idle limit.
    expect(inner.sent.length).toBe(1 + API_GATEWAY_IDLE_LIMIT_MS / KEEPALIVE_INTERVAL_MS);
    expect(JSON.parse(PING_MESSAGE)).toEqual({ type: 'ping' });
  });

  it('stops pinging once the socket closes, whoever closed it', () => {
    const keeper = new ConnectionKeeper({ timers });
    const dropped = new FakeSocket();
    keeper.watch(dropped);
    dropped.open();
    dropped.drop();
    const closed = new FakeSocket();
    const wrapped = keeper.watch(closed);
    closed.open();
    wrapped.close(1000, 'no listeners');
    vi.advanceTimersByTime(KEEPALIVE_INTERVAL_MS * 3);
    expect(dropped.sent).toEqual([]);
    expect(closed.sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('hides the server pongs from the listeners and passes everything else on', () => {
    const inner = new FakeSocket();
    const wrapped = new ConnectionKeeper({ timers }).watch(inner);
    const received: unknown[] = [];
    wrapped.onmessage = (event) => received.push(event.data);
    inner.open();
    inner.receive('{"type":"pong"}');
    inner.receive('{"type":"job.progress","text":"pong"}');
    inner.receive('not json, pong');
    expect(received).toEqual(['{"type":"job.progress","text":"pong"}', 'not json, pong']);
  });

  it('forwards open, close, send and readyState to the app', () => {
    const inner = new FakeSocket();
    const wrapped = new ConnectionKeeper({ timers }).watch(inner);
    const seen: string[] = [];
    wrapped.onopen = () => seen.push('open');
    wrapped.onclose = (event) => seen.push(`close ${event.code}`);
    inner.open();
    expect(wrapped.readyState).toBe(1);
    wrapped.send('{"type":"hello"}');
    expect(inner.sent).toEqual(['{"type":"hello"}']);
    inner.drop(1006);
    expect(seen).toEqual(['open', 'close 1006']);
  });
});

describe('ConnectionKeeper tokens after a drop', () => {
  it('asks for a refreshed token once after a connection that had opened drops', async () => {
    const keeper = new ConnectionKeeper({ timers });
    const getToken = vi.fn(async (_options: { forceRefresh: boolean }) => 'token');
    const token = keeper.tokenSource(getToken);

    await token();
    const first = new FakeSocket();
    keeper.watch(first);
    first.open();
    first.drop();
    await token();
    await token();
    expect(getToken.mock.calls.map(([options]) => options.forceRefresh)).toEqual([false, true, false]);
  });

  it('does not refresh after a close the app asked for, nor after a connection that never opened', async () => {
    const keeper = new ConnectionKeeper({ timers });
    const getToken = vi.fn(async (_options: { forceRefresh: boolean }) => 'token');
    const token = keeper.tokenSource(getToken);

    const inner = new FakeSocket();
    const closedByApp = keeper.watch(inner);
    inner.open();
    closedByApp.close(1000, 'no listeners');
    await token();
    const refused = new FakeSocket();
    keeper.watch(refused);
    refused.drop(1006);
    await token();
    expect(getToken.mock.calls.map(([options]) => options.forceRefresh)).toEqual([false, false]);
  });
});
