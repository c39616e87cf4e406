import {
  CHANNEL_APPS,
  CHANNEL_PLATFORM_INFO,
  CHANNEL_PLATFORMS,
  type ChannelApp,
  type ChannelPlatform,
  channelAppEnvNames,
} from '#shared/channels';
import type { ChannelAppCredentials, ChannelEndpoints } from '../channel-port';
import { type FakeGbpOptions, type FakeGbpServer, startFakeGbpServer } from './fake-gbp-server';
import {
  type FakeLinkedInOptions,
  type FakeLinkedInServer,
  startFakeLinkedInServer,
} from './fake-linkedin-server';
import { type FakeMetaOptions, type FakeMetaServer, startFakeMetaServer } from './fake-meta-server';
import { fakeAppClient } from './fake-platform-kit';
import { type FakeXOptions, type FakeXServer, startFakeXServer } from './fake-x-server';

/**
 * Every fake publishing platform at once, one origin per developer app (Google, Meta, LinkedIn, X):
 * what the adapters' tests use one at a time, and what the local runtime starts when
 * SOCIAL_FAKE_PLATFORMS=on, handing each adapter `endpoints[platform]` and each app `credentials[app]`.
 */

export interface FakeChannelPlatformsOptions {
  readonly google?: FakeGbpOptions;
  readonly meta?: FakeMetaOptions;
  readonly linkedin?: FakeLinkedInOptions;
  readonly x?: FakeXOptions;
}

export interface FakeChannelServers {
  readonly google: FakeGbpServer;
  readonly meta: FakeMetaServer;
  readonly linkedin: FakeLinkedInServer;
  readonly x: FakeXServer;
}

export interface FakeChannelPlatforms {
  readonly servers: FakeChannelServers;
  /** Each platform's fake origin (Facebook and Instagram share Meta's). */
  readonly origins: Readonly<Record<ChannelPlatform, string>>;
  /** What to hand each platform's adapter. */
  readonly endpoints: Readonly<Record<ChannelPlatform, ChannelEndpoints>>;
  /** The app credentials each fake accepts. */
  readonly credentials: Readonly<Record<ChannelApp, ChannelAppCredentials>>;
  close(): Promise<void>;
}

export async function startFakeChannelPlatforms(
  options: FakeChannelPlatformsOptions = {},
): Promise<FakeChannelPlatforms> {
  const started = await Promise.allSettled([
    startFakeGbpServer(options.google),
    startFakeMetaServer(options.meta),
    startFakeLinkedInServer(options.linkedin),
    startFakeXServer(options.x),
  ]);
  const [google, meta, linkedin, x] = started;
  if (
    google?.status !== 'fulfilled' ||
    meta?.status !== 'fulfilled' ||
    linkedin?.status !== 'fulfilled' ||
    x?.status !== 'fulfilled'
  ) {
    await Promise.all(
      started.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)),
    );
    const failed = started.find((result) => result.status === 'rejected');
    throw failed?.reason ?? new Error('a fake channel platform did not start');
  }
  const servers: FakeChannelServers = {
    google: google.value,
    meta: meta.value,
    linkedin: linkedin.value,
    x: x.value,
  };
  const originOf = (platform: ChannelPlatform) => servers[CHANNEL_PLATFORM_INFO[platform].app].origin;
  const credentialsOf = (app: ChannelApp) => {
    const { clientId, clientSecret } = options[app]?.client ?? fakeAppClient(app);
    return { clientId, clientSecret };
  };
  return {
    servers,
    origins: byKey(CHANNEL_PLATFORMS, originOf),
    endpoints: byKey(CHANNEL_PLATFORMS, (platform) => ({ originOverride: originOf(platform) })),
    credentials: byKey(CHANNEL_APPS, credentialsOf),
    close: async () => {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    },
  };
}

function byKey<Key extends string, Value>(
  keys: readonly Key[],
  value: (key: Key) => Value,
): Record<Key, Value> {
  return Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<Key, Value>;
}

/**
 * The settings that point the agency's apps at the fakes (shared/channels.ts `channelAppEnvNames`): each
 * app's credentials and its platforms' origin, for the local runtime and the tests that start one.
 */
export function fakeChannelAppSettings(
  fakes: Pick<FakeChannelPlatforms, 'credentials' | 'origins'>,
): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const app of CHANNEL_APPS) {
    const names = channelAppEnvNames(app);
    const platform = CHANNEL_PLATFORMS.find((candidate) => CHANNEL_PLATFORM_INFO[candidate].app === app);
    if (!platform) continue;
    settings[names.clientId] = fakes.credentials[app].clientId;
    settings[names.clientSecret] = fakes.credentials[app].clientSecret;
    settings[names.origin] = fakes.origins[platform];
  }
  return settings;
}
