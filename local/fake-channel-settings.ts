import { startFakeChannelPlatforms } from '#functions/social/testing/fake-channel-platforms';
import { CHANNEL_APPS, CHANNEL_PLATFORM_INFO, CHANNEL_PLATFORMS, channelAppEnvNames } from '#shared/channels';

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
  const settings: Record<string, string> = {};
  for (const app of CHANNEL_APPS) {
    const names = channelAppEnvNames(app);
    const platform = CHANNEL_PLATFORMS.find((candidate) => CHANNEL_PLATFORM_INFO[candidate].app === app);
    if (!platform) continue;
    settings[names.clientId] = fakes.credentials[app].clientId;
    settings[names.clientSecret] = fakes.credentials[app].clientSecret;
    settings[names.origin] = fakes.origins[platform];
  }
  log(
    `Fake publishing platforms (SOCIAL_FAKE_PLATFORMS=on): ${Object.values(fakes.origins)
      .filter((origin, index, all) => all.indexOf(origin) === index)
      .join(', ')}`,
  );
  return { settings, stop: () => fakes.close() };
}
