import { useEffect, useRef } from 'react';
import { api, isSessionEnded } from './api-client';
import { getRuntimeConfig } from './config';
import { keptAliveConnection, type WebSocketLike } from './realtime-keepalive';

/**
 * Live messages from the server over the WebSocket API (generation progress, the activity feed). The
 * connection opens while at least one listener is subscribed, authenticates with the ID token in the
 * query string (browsers cannot set headers on a WebSocket), and reconnects with a doubling back-off and
 * a fresh token after every drop.
 *
 * A refused upgrade is invisible to the browser (no status, just a close), so when a connection closes
 * without ever opening, the client asks `sessionAlive` before trying again: if the API refuses the
 * session too (401), the session has ended and the client stops instead of retrying a 401 forever.
 */

export interface RealtimeMessage {
  readonly type: string;
  readonly [key: string]: unknown;
}

export type RealtimeListener = (message: RealtimeMessage) => void;

export interface RealtimeClientOptions {
  url: () => string;
  getToken: () => Promise<string | null>;
  /** Asked after a connection was refused; false when the server has ended the session. */
  sessionAlive?: () => Promise<boolean>;
  createSocket?: (url: string) => WebSocketLike;
  /** Where a relative `wsUrl` is resolved from; the page's own URL in the browser. */
  baseUrl?: () => string;
  initialDelayMs?: number;
  maxDelayMs?: number;
  schedule?: (callback: () => void, delayMs: number) => unknown;
  cancel?: (handle: unknown) => void;
}

const OPEN = 1;

/** Adds the token to the WebSocket URL, turning a relative or http(s) URL into ws(s). */
export function webSocketUrl(wsUrl: string, token: string, base: string): string {
  const url = new URL(wsUrl, base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set('token', token);
  return url.toString();
}

/** A server message is a JSON object with a string `type`; anything else is ignored. */
export function parseRealtimeMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    if (!('type' in value) || typeof value.type !== 'string') return null;
    return value as RealtimeMessage;
  } catch {
    return null;
  }
}

export class RealtimeClient {
  private readonly listeners = new Map<string, Set<RealtimeListener>>();
  private socket: WebSocketLike | null = null;
  private retryHandle: unknown = null;
  private delayMs: number;
  private active = false;
  private connecting = false;
  /** The session ended: no reconnecting until every listener has left (sign-out unmounts them). */
  private halted = false;

  constructor(private readonly options: RealtimeClientOptions) {
    this.delayMs = options.initialDelayMs ?? 500;
  }

  /** Listens to messages of one `type` (or '*' for all). Returns the unsubscribe function. */
  subscribe(type: string, listener: RealtimeListener): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
    this.start();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(type);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Sends a message if connected; false when it could not be sent. */
  send(message: RealtimeMessage): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  private start(): void {
    if (this.active) return;
    this.active = true;
    void this.connect();
  }

  private stop(): void {
    this.active = false;
    this.halted = false;
    if (this.retryHandle !== null) {
      (this.options.cancel ?? clearTimeout)(this.retryHandle as ReturnType<typeof setTimeout>);
      this.retryHandle = null;
    }
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'no listeners');
    this.delayMs = this.options.initialDelayMs ?? 500;
  }

  private async connect(): Promise<void> {
    if (!this.active || this.halted || this.connecting || this.socket) return;
    this.connecting = true;
    let token: string | null = null;
    try {
      token = await this.options.getToken();
    } finally {
      this.connecting = false;
    }
    if (!this.active) return;
    if (!token) {
      this.scheduleReconnect();
      return;
    }
    const base = this.options.baseUrl?.() ?? window.location.href;
    const url = webSocketUrl(this.options.url(), token, base);
    const socket = (this.options.createSocket ?? ((target: string) => new WebSocket(target)))(url);
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.delayMs = this.options.initialDelayMs ?? 500;
    };
    socket.onmessage = (event) => {
      const message = parseRealtimeMessage(event.data);
      if (message) this.dispatch(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (opened || !this.options.sessionAlive) this.scheduleReconnect();
      else void this.reconnectIfSessionAlive(this.options.sessionAlive);
    };
    // Every error is followed by a close event, which does the reconnecting.
    socket.onerror = () => {};
  }

  private async reconnectIfSessionAlive(sessionAlive: () => Promise<boolean>): Promise<void> {
    // A failing check (network) is not an ended session: keep retrying with the back-off.
    const alive = await sessionAlive().catch(() => true);
    if (!this.active) return;
    if (!alive) {
      this.halted = true;
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.active || this.halted || this.retryHandle !== null) return;
    const delay = this.delayMs;
    this.delayMs = Math.min(this.delayMs * 2, this.options.maxDelayMs ?? 15_000);
    this.retryHandle = (this.options.schedule ?? setTimeout)(() => {
      this.retryHandle = null;
      void this.connect();
    }, delay);
  }

  private dispatch(message: RealtimeMessage): void {
    for (const key of [message.type, '*']) {
      for (const listener of this.listeners.get(key) ?? []) listener(message);
    }
  }
}

let shared: RealtimeClient | null = null;

/** False when the API refuses the session (its 401 also signs the user out); true otherwise. */
async function apiSessionAlive(): Promise<boolean> {
  try {
    await api.get('/api/me');
    return true;
  } catch (error) {
    return !isSessionEnded(error);
  }
}

/** The app's one connection, created on first use. */
export function realtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient({
    url: () => getRuntimeConfig().wsUrl,
    // Pings keep the socket inside API Gateway's idle limit; a drop refreshes the token.
    ...keptAliveConnection(),
    sessionAlive: apiSessionAlive,
  });
  return shared;
}

/**
 * Calls `listener` for every server message of `type` while the component is mounted. The latest
 * listener is always used, so an inline function does not resubscribe on every render.
 */
export function useRealtime(type: string, listener: RealtimeListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => realtimeClient().subscribe(type, (message) => latest.current(message)), [type]);
}
