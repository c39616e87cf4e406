import { randomBytes } from 'node:crypto';
import { connect as connectTcp, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '#contract/websocket-limits';
import { closeCodeFrom, frameHeader, openRawWebSocket } from '#test/support/raw-websocket';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "The outside probe's findings": no message from a browser can stop the local app. Before
 * the fix one frame over 128 KB ended the whole runtime (`RangeError: Max payload size exceeded` with no
 * `error` listener). Each case below is followed by proof that the app still serves: a health check and a new
 * socket that gets its pong. Then every server the runtime starts (app, API port, internal endpoint,
 * emulators) meets garbage, a connection reset in the middle of a body, and half a request.
 */

let app: TestRuntime;
let user: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  user = await app.createUser();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const socketUrl = () => `${app.runtime.config.wsUrl}?token=${encodeURIComponent(user.idToken)}`;

async function stillServes(): Promise<void> {
  const health = await fetch(`${app.url}/api/health`);
  expect(health.status).toBe(200);
  const socket = new WebSocket(socketUrl());
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const pong = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
  socket.send(JSON.stringify({ type: 'ping' }));
  expect(JSON.parse(await pong)).toMatchObject({ type: 'pong' });
  socket.close();
}

describe('hostile WebSocket frames', () => {
  it('closes a socket that sends a message over 128 KB with 1009 and keeps serving', async () => {
    const socket = new WebSocket(socketUrl());
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('x'.repeat(WEBSOCKET_MAX_MESSAGE_BYTES + 1024));
    expect(await closed).toBe(1009);
    await stillServes();
  });

  it('closes a socket that sends a malformed frame (reserved bits set) with 1002 and keeps serving', async () => {
    const socket = await openRawWebSocket(socketUrl());
    const code = closeCodeFrom(socket);
    socket.write(Buffer.concat([frameHeader(0x1, 5, 0x40), Buffer.from('hello')]));
    expect(await code).toBe(1002);
    await stillServes();
  });

  it('closes a socket that sends an unmasked frame and keeps serving', async () => {
    const socket = await openRawWebSocket(socketUrl());
    const code = closeCodeFrom(socket);
    socket.write(Buffer.concat([Buffer.from([0x81, 0x05]), Buffer.from('hello')]));
    expect(await code).toBe(1002);
    await stillServes();
  });

  it('survives a client that disconnects in the middle of a message', async () => {
    const socket = await openRawWebSocket(socketUrl());
    socket.write(Buffer.concat([frameHeader(0x1, 60_000), randomBytes(1_000)]));
    socket.destroy();
    await stillServes();
  });

  it('survives a frame that declares a length beyond any limit', async () => {
    const socket = await openRawWebSocket(socketUrl());
    const code = closeCodeFrom(socket);
    socket.write(frameHeader(0x2, 2 ** 40));
    expect(await code).toBe(1009);
    await stillServes();
  });
});

/** Resolves once the server has closed the connection, or after a moment if it keeps it open. */
function settled(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve();
    }, 1_000);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function opened(endpoint: string): Promise<Socket> {
  const url = new URL(endpoint);
  const socket = connectTcp(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

describe('every server the runtime starts survives hostile connections', () => {
  const endpoints = () => ({ app: app.url, ...app.runtime.endpoints });

  it('answers after garbage, a reset in the middle of a body and half a request, on every port', async () => {
    for (const [name, endpoint] of Object.entries(endpoints())) {
      const garbage = await opened(endpoint);
      garbage.write(randomBytes(2_048));
      garbage.end();
      await settled(garbage);

      const midBody = await opened(endpoint);
      midBody.write(
        `POST / HTTP/1.1\r\nHost: ${new URL(endpoint).host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":"${'x'.repeat(500)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      midBody.resetAndDestroy();

      const halfRequest = await opened(endpoint);
      halfRequest.write(`GET / HTTP/1.1\r\nHost: ${new URL(endpoint).host}\r\nX-Half: `);
      await new Promise((resolve) => setTimeout(resolve, 50));
      halfRequest.destroy();

      const answer = await fetch(`${endpoint}/`).then(
        (response) => response.status,
        (error: unknown) => `${name} no longer answers: ${String(error)}`,
      );
      expect(typeof answer, `${name} (${endpoint})`).toBe('number');
    }
    await stillServes();
  });

  it('survives a body cut off on the API routes that read it', async () => {
    for (const base of [app.url, app.runtime.endpoints.api]) {
      const socket = await opened(base);
      socket.write(
        `POST /api/clients HTTP/1.1\r\nHost: ${new URL(base).host}\r\nAuthorization: Bearer ${user.idToken}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"name":"`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.resetAndDestroy();
    }
    const internal = await opened(app.runtime.endpoints.internal);
    internal.write(`POST /@connections/abc HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n{"type":`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    internal.resetAndDestroy();
    await stillServes();
  });

  it('survives a client that hangs up while its WebSocket upgrade is authorized', async () => {
    const url = new URL(socketUrl());
    for (let attempt = 0; attempt < 5; attempt++) {
      const socket = await opened(app.url);
      socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      socket.resetAndDestroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stillServes();
  });
});
