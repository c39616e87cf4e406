import {
  fakeChannelAppSettings,
  startFakeChannelPlatforms,
} from '#functions/social/testing/fake-channel-platforms';

/**
 * `SOCIAL_FAKE_PLATFORMS=on npm start` (docs/architecture.md, "Publishing channels"): the fake
 * Google Business Profile, Meta, LinkedIn and X on 127.0.0.1, each with its OAuth consent page, and the
 * settings that point the agency's apps at them (their credentials and origins), so anyone can connect
 * a client and publish with no account anywhere. Settings the runtime is started with (a test's) win.
 */
export async function startFakeChannelSettings(log: (line: string) => void): Promise<{
  readonly settings: Record<string, string>;
  stop(): Promise<void>;
}> {
  const fakes = await startFakeChannelPlatforms();
  const origins = [...new Set(Object.values(fakes.origins))];
  log(`Fake publishing platforms (SOCIAL_FAKE_PLATFORMS=on): ${origins.join(', ')}`);
  return { settings: fakeChannelAppSettings(fakes), stop: () => fakes.close() };
}
