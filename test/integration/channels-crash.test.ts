import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  type FakeChannelPlatforms,
  fakeChannelAppSettings,
  startFakeChannelPlatforms,
} from '#functions/social/testing/fake-channel-platforms';
import { followConsent } from '#functions/social/testing/fake-platform-kit';
import type { Publication } from '#shared/channels';
import {
  bootstrappedAdmin,
  type ChildApp,
  childAppApi,
  signInThroughApp,
  startChildApp,
  stopChildApp,
} from '#test/support/child-app';

/**
 * docs/architecture.md, "Publishing channels", exactly once: `npm start` is killed (kill -9) after X
 * made the post and before the answer was recorded. Started again on the same data, the stalled attempt
 * is taken over, X is asked for the post, and it is recorded: one post on X, never two.
 */

const dirs: string[] = [];
let fakes: FakeChannelPlatforms | undefined;
afterAll(async () => {
  await fakes?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

it('posts once when the runtime dies between the platform’s answer and its record', async () => {
  fakes = await startFakeChannelPlatforms();
  const platforms = fakes;
  const env: Record<string, string> = {
    ...fakeChannelAppSettings(platforms),
    // A claim is presumed dead three seconds after it was made (three minutes in production).
    PUBLISH_STALL_SECONDS: '3',
    SCHEDULED_PUBLISH_INTERVAL_SECONDS: '1',
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'lbm-channels-crash-'));
  dirs.push(dataDir);
  let app: ChildApp = await startChildApp(dataDir, env);
  let api = childAppApi(app.url);
  const text = 'Fresh bread at 7am, every day.';
  let clientId = '';
  let contentId = '';
  let publicationId = '';
  try {
    const token = await signInThroughApp(app.url, bootstrappedAdmin(dataDir));
    clientId = (await api<{ id: string }>(token, 'POST', '/api/clients', { name: 'Crash Bakery' })).id;
    const started = await api<{ authorizationUrl: string }>(
      token,
      'POST',
      `/api/clients/${clientId}/connection-authorizations`,
      {
        platform: 'x',
      },
    );
    const callback = await followConsent(new URL(started.authorizationUrl), 'allow');
    const back = await fetch(callback, { redirect: 'manual' });
    const authorizationId =
      new URL(back.headers.get('location') ?? '', app.url).searchParams.get('connect') ?? '';
    const choices = await api<{ accounts: { accountId: string }[] }>(
      token,
      'GET',
      `/api/clients/${clientId}/connection-authorizations/${authorizationId}`,
    );
    const connection = await api<{ connectionId: string }>(
      token,
      'POST',
      `/api/clients/${clientId}/connections`,
      {
        authorizationId,
        accountId: choices.accounts[0]?.accountId,
      },
    );
    contentId = (
      await api<{ id: string }>(token, 'POST', `/api/clients/${clientId}/content`, {
        title: 'Crash post',
        content: text,
        content_type: 'client_content',
      })
    ).id;
    // X makes the post, and its answer never comes back: the runtime dies waiting for it.
    platforms.servers.x.failNext({ kind: 'lose-answer' }, { method: 'POST', path: '/2/tweets' });
    const scheduled = await api<Publication>(
      token,
      'POST',
      `/api/clients/${clientId}/content/${contentId}/publications`,
      {
        connectionId: connection.connectionId,
        text,
        scheduledAt: new Date(Date.now() + 1_500).toISOString(),
      },
    );
    expect(scheduled.status).toBe('scheduled');
    publicationId = scheduled.publicationId;
    await until(
      async () => platforms.servers.x.posts.filter((post) => post.text === text).length,
      (count) => count > 0,
    );
  } finally {
    await stopChildApp(app.child, 'SIGKILL');
  }
  expect(platforms.servers.x.posts.filter((post) => post.text === text)).toHaveLength(1);

  app = await startChildApp(dataDir, env);
  api = childAppApi(app.url);
  try {
    const token = await signInThroughApp(app.url, bootstrappedAdmin(dataDir));
    const path = `/api/clients/${clientId}/content/${contentId}/publications/${publicationId}`;
    const done = await until(
      () => api<Publication>(token, 'GET', path),
      (publication) => publication.status === 'published' || publication.status === 'failed',
    );
    const made = platforms.servers.x.posts.filter((post) => post.text === text);
    expect(made).toHaveLength(1);
    expect(done).toMatchObject({ status: 'published', postId: made[0]?.id });
  } finally {
    await stopChildApp(app.child, 'SIGINT');
  }
}, 240_000);
