import { getIdToken } from './auth/session';

/** The part of the browser WebSocket the client uses; tests pass a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/**
 * Keeps the live WebSocket up and its view of the user current.
 *
 * - API Gateway closes a WebSocket that carries no message for 10 minutes. Every open socket sends
 *   `{"type":"ping"}` every KEEPALIVE_INTERVAL_MS, well inside that limit; the `$default` route answers
 *   `{"type":"pong"}`, which is not passed on to the app's listeners.
 * - After a connection that had opened drops (server close, idle limit, network), the next connection
 *   asks for a freshly refreshed ID token. Cognito then puts the user's current groups in it, Amplify
 *   announces the refresh (the auth context re-reads the user, so admin-only screens follow), and the
 *   server's `$connect` re-reads the admin group itself anyway (functions/websocket/connect.ts). A close
 *   the app asked for (no listeners left) is not a drop: navigating does not refresh tokens.
 */

/** Half of API Gateway's 10-minute idle limit, so one late timer (a throttled tab) still keeps it up. */
export const KEEPALIVE_INTERVAL_MS = 5 * 60 * 1000;
export const PING_MESSAGE = JSON.stringify({ type: 'ping' });
const PONG_TYPE = 'pong';

export interface KeepaliveTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const browserTimers: KeepaliveTimers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

const OPEN = 1;

function isPong(data: unknown): boolean {
  if (typeof data !== 'string' || !data.includes(PONG_TYPE)) return false;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && 'type' in value && value.type === PONG_TYPE;
  } catch {
    return false;
  }
}

export interface ConnectionKeeperOptions {
  intervalMs?: number;
  timers?: KeepaliveTimers;
}

export class ConnectionKeeper {
  private readonly intervalMs: number;
  private readonly timers: KeepaliveTimers;
  private dropped = false;

  constructor(options: ConnectionKeeperOptions = {}) {
    this.intervalMs = options.intervalMs ?? KEEPALIVE_INTERVAL_MS;
    this.timers = options.timers ?? browserTimers;
  }

  /** Wraps a new socket: it pings while open and reports a drop to this keeper. */
  watch(socket: WebSocketLike): WebSocketLike {
    return new KeptAliveSocket(socket, this.intervalMs, this.timers, () => {
      this.dropped = true;
    });
  }

  /** True once after a drop: the next connection should use a freshly refreshed token. */
  takeDrop(): boolean {
    const dropped = this.dropped;
    this.dropped = false;
    return dropped;
  }

  /** A `getToken` for the realtime client that forces a refresh after a drop. */
  tokenSource(
    getToken: (options: { forceRefresh: boolean }) => Promise<string | null>,
  ): () => Promise<string | null> {
    return () => getToken({ forceRefresh: this.takeDrop() });
  }
}

class KeptAliveSocket implements WebSocketLike {
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private timer: unknown = null;
  private opened = false;
  private closedByApp = false;

  constructor(
    private readonly inner: WebSocketLike,
    private readonly intervalMs: number,
    private readonly timers: KeepaliveTimers,
    private readonly onDrop: () => void,
  ) {
    inner.onopen = (event) => {
      this.opened = true;
      this.startPinging();
      this.onopen?.(event);
    };
    inner.onclose = (event) => {
      this.stopPinging();
      if (this.opened && !this.closedByApp) this.onDrop();
      this.onclose?.(event);
    };
    inner.onmessage = (event) => {
      if (!isPong(event.data)) this.onmessage?.(event);
    };
    inner.onerror = (event) => this.onerror?.(event);
  }

  get readyState(): number {
    return this.inner.readyState;
  }

  send(data: string): void {
    this.inner.send(data);
  }

  close(code?: number, reason?: string): void {
    this.closedByApp = true;
    this.stopPinging();
    this.inner.close(code, reason);
  }

  private startPinging(): void {
    this.stopPinging();
    this.timer = this.timers.setInterval(() => {
      if (this.inner.readyState === OPEN) this.inner.send(PING_MESSAGE);
    }, this.intervalMs);
  }

  private stopPinging(): void {
    if (this.timer === null) return;
    this.timers.clearInterval(this.timer);
    this.timer = null;
  }
}

/** The browser's token and socket for the app's realtime client, kept alive by one keeper. */
export function keptAliveConnection(keeper = new ConnectionKeeper()): {
  getToken: () => Promise<string | null>;
  createSocket: (url: string) => WebSocketLike;
} {
  return {
    getToken: keeper.tokenSource(getIdToken),
    createSocket: (url) => keeper.watch(new WebSocket(url)),
  };
}
