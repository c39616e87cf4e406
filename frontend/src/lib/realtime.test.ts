import { describe, expect, it } from 'vitest';
import { parseRealtimeMessage, RealtimeClient, type RealtimeMessage, webSocketUrl } from './realtime';
import type { WebSocketLike } from './realtime-keepalive';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

function harness(
  tokens: (string | null)[] = ['t1', 't2', 't3', 't4'],
  sessionAlive?: () => Promise<boolean>,
) {
  const sockets: FakeSocket[] = [];
  const timers: { callback: () => void; delay: number }[] = [];
  let tokenIndex = 0;
  const client = new RealtimeClient({
    ...(sessionAlive ? { sessionAlive } : {}),
    url: () => 'ws://127.0.0.1:3000/ws',
    getToken: async () => tokens[Math.min(tokenIndex++, tokens.length - 1)] ?? null,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    baseUrl: () => 'http://127.0.0.1:3000/',
    initialDelayMs: 100,
    maxDelayMs: 350,
    schedule: (callback, delay) => {
      timers.push({ callback, delay });
      return timers.length;
    },
    cancel: () => {},
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { client, sockets, timers, settle };
}

describe('webSocketUrl', () => {
  it('adds the token and keeps existing query parameters', () => {
    expect(webSocketUrl('wss://ws.example.com/prod?x=1', 'a.b.c', 'https://app.example.com/')).toBe(
      'wss://ws.example.com/prod?x=1&token=a.b.c',
    );
  });

  it('resolves a relative URL against the page with a ws scheme', () => {
    expect(webSocketUrl('/ws', 'tok', 'https://app.example.com/clients')).toBe(
      'wss://app.example.com/ws?token=tok',
    );
    expect(webSocketUrl('/ws', 'tok', 'http://127.0.0.1:3000/')).toBe('ws://127.0.0.1:3000/ws?token=tok');
  });
});

describe('parseRealtimeMessage', () => {
  it('accepts JSON objects with a string type only', () => {
    expect(parseRealtimeMessage('{"type":"job.progress","progress":40}')).toEqual({
      type: 'job.progress',
      progress: 40,
    });
    expect(parseRealtimeMessage('{"progress":40}')).toBeNull();
    expect(parseRealtimeMessage('[1]')).toBeNull();
    expect(parseRealtimeMessage('not json')).toBeNull();
    expect(parseRealtimeMessage(42)).toBeNull();
  });
});

describe('RealtimeClient', () => {
  it('connects on the first subscription and dispatches by type', async () => {
    const { client, sockets, settle } = harness();
    const progress: RealtimeMessage[] = [];
    const all: RealtimeMessage[] = [];
    client.subscribe('job.progress', (message) => progress.push(message));
    client.subscribe('*', (message) => all.push(message));
    await settle();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe('ws://127.0.0.1:3000/ws?token=t1');
    sockets[0]?.open();
    sockets[0]?.receive('{"type":"job.progress","progress":10}');
    sockets[0]?.receive('{"type":"activity","id":"a1"}');
    expect(progress).toEqual([{ type: 'job.progress', progress: 10 }]);
    expect(all.map((message) => message.type)).toEqual(['job.progress', 'activity']);
  });

  it('reconnects with a fresh token and a doubling, capped delay', async () => {
    const { client, sockets, timers, settle } = harness();
    client.subscribe('x', () => {});
    await settle();
    sockets[0]?.drop();
    sockets.at(-1)?.drop();
    expect(timers.map((timer) => timer.delay)).toEqual([100]);
    timers[0]?.callback();
    await settle();
    expect(sockets[1]?.url).toContain('token=t2');
    sockets[1]?.drop();
    timers[1]?.callback();
    await settle();
    sockets[2]?.drop();
    timers[2]?.callback();
    await settle();
    sockets[3]?.drop();
    expect(timers.map((timer) => timer.delay)).toEqual([100, 200, 350, 350]);
  });

  it('resets the delay once a connection opens', async () => {
    const { client, sockets, timers, settle } = harness();
    client.subscribe('x', () => {});
    await settle();
    sockets[0]?.drop();
    timers[0]?.callback();
    await settle();
    sockets[1]?.open();
    sockets[1]?.drop();
    expect(timers.map((timer) => timer.delay)).toEqual([100, 100]);
  });

  it('waits and retries while nobody is signed in', async () => {
    const { client, sockets, timers, settle } = harness([null, 'late']);
    client.subscribe('x', () => {});
    await settle();
    expect(sockets).toHaveLength(0);
    timers[0]?.callback();
    await settle();
    expect(sockets[0]?.url).toContain('token=late');
  });

  it('closes when the last listener leaves and does not reconnect', async () => {
    const { client, sockets, timers, settle } = harness();
    const off = client.subscribe('x', () => {});
    await settle();
    sockets[0]?.open();
    expect(client.send({ type: 'ping' })).toBe(true);
    expect(sockets[0]?.sent).toEqual(['{"type":"ping"}']);
    off();
    expect(sockets[0]?.closed).toBe(true);
    sockets[0]?.drop();
    expect(timers).toHaveLength(0);
    expect(client.send({ type: 'ping' })).toBe(false);
  });

  it('stops for good when a refused connection turns out to be an ended session (no 401 loop)', async () => {
    let checks = 0;
    const { client, sockets, timers, settle } = harness(['t1', 't2'], async () => {
      checks += 1;
      return false;
    });
    const unsubscribe = client.subscribe('job.progress', () => {});
    await settle();
    sockets[0]?.drop();
    await settle();
    expect(checks).toBe(1);
    expect(timers).toHaveLength(0);
    expect(sockets).toHaveLength(1);
    // Everyone leaves (the sign-out unmounts them); a new session connects again.
    unsubscribe();
    client.subscribe('job.progress', () => {});
    await settle();
    expect(sockets).toHaveLength(2);
  });

  it('keeps retrying a refused connection while the session is alive, and after a drop without asking', async () => {
    let checks = 0;
    const { client, sockets, timers, settle } = harness(['t1', 't2', 't3'], async () => {
      checks += 1;
      return true;
    });
    client.subscribe('job.progress', () => {});
    await settle();
    sockets[0]?.drop();
    await settle();
    expect(checks).toBe(1);
    expect(timers).toHaveLength(1);
    timers[0]?.callback();
    await settle();
    sockets[1]?.open();
    sockets[1]?.drop();
    await settle();
    // A connection that had opened was dropped, not refused: no session check.
    expect(checks).toBe(1);
    expect(timers).toHaveLength(2);
  });
});
