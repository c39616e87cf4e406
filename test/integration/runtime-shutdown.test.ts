import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { webSocketRoutes } from '#contract/routes';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Stopping drains before it closes": stopping the runtime (a test's teardown, Ctrl+C on
 * `npm start`) closed the emulators before the WebSocket gateway, so a `$disconnect` still writing met a
 * closed DynamoDB, and an error thrown inside the emulator reached the process unhandled. Stopping now drains
 * first: the handlers under way finish, then the emulators close.
 *
 * The `$disconnect` function reaches DynamoDB through a proxy here, which holds its deletes until the
 * test lets them go, so "in flight" is certain, not a matter of timing. Functions run in threads of their
 * own, each with the environment the stack gives it, and call DynamoDB through the IAM proxy in front of
 * the emulator (local/iam/): the test redeploys the `$disconnect` function with its DynamoDB endpoint
 * (`AWS_ENDPOINT_URL_DYNAMODB`, as a Lambda's environment can set it) at the holding proxy, which
 * forwards to the IAM proxy. The IAM proxy closes with the emulators, so a write let go after the drain
 * meets a closed DynamoDB either way.
 */

interface HeldRequest {
  readonly target: string;
  release(): void;
  readonly answered: Promise<number>;
}

/** Forwards every DynamoDB request to `upstream`; while `holding`, a DeleteItem waits for its release. */
async function startHoldingProxy(upstream: string) {
  const held: HeldRequest[] = [];
  let holding = true;
  const forward = async (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    );
    const reply = await fetch(upstream, { method: 'POST', headers, body });
    response.writeHead(reply.status, Object.fromEntries(reply.headers));
    response.end(Buffer.from(await reply.arrayBuffer()));
    return reply.status;
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = String(request.headers['x-amz-target'] ?? '');
      if (!holding || !target.endsWith('.DeleteItem')) {
        forward(request, response, body).catch(() => response.destroy());
        return;
      }
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const answered = released.then(() => forward(request, response, body));
      answered.catch(() => response.destroy());
      held.push({ target, release, answered: answered.catch(() => 0) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    stopHolding: () => {
      holding = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function openSocket(app: TestRuntime, idToken: string): Promise<WebSocket> {
  const socket = new WebSocket(`${app.runtime.config.wsUrl}?token=${encodeURIComponent(idToken)}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

let proxy: Awaited<ReturnType<typeof startHoldingProxy>> | undefined;

afterAll(async () => {
  await proxy?.close();
});

/** Records what reaches the process unhandled while `work` runs. */
async function unhandledDuring(work: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const record = (error: unknown) => unhandled.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  try {
    await work();
  } finally {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  }
  return unhandled;
}

const disconnectFunction = webSocketRoutes.find((route) => route.routeKey === '$disconnect')?.id ?? '';

async function startBehindProxy(drainLimitMs?: number): Promise<TestRuntime> {
  await proxy?.close();
  const app = await startTestRuntime(drainLimitMs === undefined ? {} : { drainLimitMs });
  proxy = await startHoldingProxy(app.runtime.endpoints.dynamodb);
  await app.runtime.functions.updateEnvironment(disconnectFunction, { AWS_ENDPOINT_URL_DYNAMODB: proxy.url });
  // Its new thread loads the handler now, so the waits below are for the write, not for a cold start.
  await app.runtime.functions.warm(disconnectFunction);
  return app;
}

describe('stopping the runtime', () => {
  it('lets each $disconnect under way finish its write before the emulators close', async () => {
    const app = await startBehindProxy();
    const unhandled = await unhandledDuring(async () => {
      const user = await app.createUser();
      const closedByClient = await openSocket(app, user.idToken);
      const closedByStop = await openSocket(app, user.idToken);
      closedByClient.close();
      await vi.waitFor(() => expect(proxy?.held).toHaveLength(1));

      // One $disconnect is writing; stopping closes the other socket, whose $disconnect writes too.
      let stopped = false;
      const stopping = app.stop().then(() => {
        stopped = true;
      });
      await vi.waitFor(() => expect(proxy?.held).toHaveLength(2));
      expect(closedByStop.readyState).not.toBe(WebSocket.OPEN);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stopped).toBe(false);

      proxy?.stopHolding();
      for (const request of proxy?.held ?? []) request.release();
      await stopping;
      // Both deletes reached DynamoDB while it was still up, and were answered.
      expect(await Promise.all((proxy?.held ?? []).map((request) => request.answered))).toEqual([200, 200]);
    });
    expect(unhandled).toEqual([]);
  });

  it('stops within its bound when a handler never finishes, and nothing goes unhandled', async () => {
    const app = await startBehindProxy(500);
    const unhandled = await unhandledDuring(async () => {
      const user = await app.createUser();
      const socket = await openSocket(app, user.idToken);
      socket.close();
      await vi.waitFor(() => expect(proxy?.held).toHaveLength(1));
      await app.stop();
      // The write let go after the emulators closed fails inside its handler, which reports it.
      proxy?.stopHolding();
      for (const request of proxy?.held ?? []) request.release();
      expect(await Promise.all((proxy?.held ?? []).map((request) => request.answered))).toEqual([0]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect(unhandled).toEqual([]);
  });
});
