import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { s3Client } from '#functions/commons/clients/s3';
import { requireEnv } from '#functions/commons/env';
import { entities } from '#functions/data/entities';
import { discardTrash, readTrash, trashKeys } from '#functions/trash/trash-bin';
import { BACKFILL_MARKER_KEY } from '#functions/usage/usage-backfill';
import { addToDay } from '#functions/usage/usage-days';
import { putUsage } from '#functions/usage/usage-store';
import { freePort } from '#local/ports';
import { type LocalRuntime, startLocalRuntime } from '#local/runtime';
import * as z from '#shared/validation/zod';
import { onFreePort, signInThroughApp, spawnApp } from '#test/support/child-app';
import { seededUsageRecord } from '#test/support/usage-records';

/** What `npm start` promises: data survives a restart, a taken port is named, Ctrl+C ends everything. */

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lbm-lifecycle-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function occupy(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return server;
}

/** The runtime's admin signs in through the app's own Cognito endpoint, as the browser does. */
const signInAdmin = (url: string, admin: LocalRuntime['admin']) => signInThroughApp(url, admin);

describe('local runtime lifecycle', () => {
  it('keeps users, pool and data across a restart', async () => {
    const dataDir = tempDir();
    const first = await startLocalRuntime({ port: 0, dataDir, quiet: true });
    const { userPoolId } = first.config;
    const admin = first.admin;
    const signIn = (url: string) => signInAdmin(url, admin);
    const token = await signIn(first.url);
    const created = await fetch(`${first.url}/api/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Survives Restart Roofing' }),
    });
    expect(created.status).toBe(201);
    await first.stop();

    const second = await startLocalRuntime({ port: 0, dataDir, quiet: true });
    try {
      expect(second.config.userPoolId).toBe(userPoolId);
      expect(second.admin).toEqual(admin);
      const again = await signIn(second.url);
      const list = await fetch(`${second.url}/api/clients`, {
        headers: { authorization: `Bearer ${again}` },
      });
      const body = (await list.json()) as { clients: Array<{ name: string }> };
      expect(body.clients.map((client) => client.name)).toContain('Survives Restart Roofing');
    } finally {
      await second.stop();
    }
  });

  it('gives back on stop the environment it found, so the next runtime of the process starts clean', async () => {
    // The browser and integration workers run one file after another in one process (vitest.config.ts).
    const before = { ...process.env };
    const runtime = await startLocalRuntime({
      port: 0,
      dataDir: tempDir(),
      quiet: true,
      env: { FETCH_ALLOW_HOSTS: '127.0.0.1:9' },
    });
    expect(process.env.FETCH_ALLOW_HOSTS).toBe('127.0.0.1:9');
    expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toBe(runtime.endpoints.dynamodb);
    await runtime.stop();
    expect({ ...process.env }).toEqual(before);
  });

  it('runs the deploy steps for what an earlier version left when it starts: trash snapshots, uncounted jobs', async () => {
    const dataDir = tempDir();
    const first = await startLocalRuntime({ port: 0, dataDir, quiet: true });
    const api = (url: string, bearer: string, method: string, path: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let created: { id: string };
    try {
      const token = await signInAdmin(first.url, first.admin);
      created = (await (
        await api(first.url, token, 'POST', '/api/clients', { name: 'Deleted Before Roofing' })
      ).json()) as { id: string };
      expect((await api(first.url, token, 'DELETE', `/api/clients/${created.id}`)).status).toBe(204);
      // What an earlier version left: the snapshot as a JSON object under trash/ in the bucket, none in
      // the table.
      const key = trashKeys.client(created.id);
      const snapshot = await readTrash(key, z.unknown());
      expect(snapshot).not.toBeNull();
      await s3Client().send(
        new PutObjectCommand({ Bucket: requireEnv('mediaBucket'), Key: key, Body: JSON.stringify(snapshot) }),
      );
      await discardTrash(key);
      // And a job settled before the client counters existed: its usage item and day counters only, and
      // no marker of a completed fill (this start made the table, so it wrote one without a walk).
      const { table } = entities();
      const marker = { TableName: table.getName(), Key: BACKFILL_MARKER_KEY, ConsistentRead: true };
      expect((await table.getDocumentClient().send(new GetCommand(marker))).Item).toMatchObject({
        jobsRead: 0,
      });
      await table
        .getDocumentClient()
        .send(new DeleteCommand({ TableName: marker.TableName, Key: marker.Key }));
      const earlier = seededUsageRecord({
        user: { userId: 'earlier-user', email: 'earlier@example.com' },
        client: { id: created.id, name: 'Deleted Before Roofing' },
        started: new Date(Date.now() - 3_600_000),
        tool: 'faq',
        modelId: 'gpt-4o',
        provider: 'openai',
        status: 'succeeded',
        durationMs: 1_000,
        costMicroUsd: 1_234,
      });
      await putUsage(earlier);
      await addToDay(earlier);
    } finally {
      await first.stop();
    }

    const lines: string[] = [];
    const second = await startLocalRuntime({
      port: 0,
      dataDir,
      quiet: true,
      log: (line) => lines.push(line),
    });
    try {
      expect(lines).toContain("Counted 1 earlier job(s) in the clients' usage.");
      const again = await signInAdmin(second.url, second.admin);
      const restored = await api(second.url, again, 'POST', `/api/clients/${created.id}/restore`);
      expect(restored.status).toBe(200);
      expect(((await restored.json()) as { name: string }).name).toBe('Deleted Before Roofing');
    } finally {
      await second.stop();
    }
  });

  it('fails with a clear message when the app port is taken', async () => {
    const port = await freePort();
    const blocker = await occupy(port);
    try {
      await expect(startLocalRuntime({ port, dataDir: tempDir(), quiet: true })).rejects.toThrow(
        `Port ${port} is already in use`,
      );
    } finally {
      blocker.close();
    }
  });

  it('npm start prints the URL and the time to ready, and Ctrl+C stops everything', async () => {
    /** One start on `port`, polling /api/health meanwhile to know when it first answered. */
    const startOn = async (port: number) => {
      const spawnedAt = performance.now();
      // When /api/health first answers, in seconds since the spawn: what 'ready in' should say.
      let healthyAfter: number | undefined;
      const polls: Promise<void>[] = [];
      const started = await spawnApp(tempDir(), port, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, () => {
        if (healthyAfter !== undefined) return;
        const askedAt = performance.now();
        polls.push(
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (reply) => {
              if (reply.ok) healthyAfter = Math.min(healthyAfter ?? Infinity, (askedAt - spawnedAt) / 1000);
            },
            () => undefined,
          ),
        );
      });
      await Promise.all(polls);
      if (healthyAfter === undefined && started.ready) {
        // The banner came within one polling interval of listening: health answers now.
        const askedAt = performance.now();
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok)
          healthyAfter = (askedAt - spawnedAt) / 1000;
      }
      return { ...started, healthyAfter };
    };
    const started = await onFreePort(startOn);
    const { child, ready, port, healthyAfter } = started;
    const output = started.output();
    expect(ready, output).toBe(true);
    expect(output).toMatch(new RegExp(`http://localhost:${port}`));
    // 'ready in' counts from the process's start, so it is no earlier than health's first answer (within
    // the 100 ms polling and the process's own start after the spawn); it counted from the start
    // module's own load, seconds late on a busy machine (docs/decisions.md, "Small things a newcomer saw").
    const readySeconds = Number(/ready in (\d+(?:\.\d+)?) s/.exec(output)?.[1]);
    expect(healthyAfter).toBeDefined();
    expect(readySeconds).toBeGreaterThanOrEqual((healthyAfter ?? 0) - 1);
    expect(output).toMatch(/Sign in as the admin: +admin@example\.com/);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    // Nothing is left listening: the port can be taken again at once.
    const server = await occupy(port);
    server.close();
  }, 120_000);
});
