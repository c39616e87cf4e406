import { envNames } from '#contract/routes';
import { getSecretValue } from '#functions/commons/clients/secrets-manager';
import {
  CHANNEL_PLATFORM_INFO,
  type ChannelApp,
  type ChannelPlatform,
  channelAppEnvNames,
} from '#shared/channels';
import type { ChannelAppCredentials, ChannelEndpoints } from './channel-port';

/**
 * The agency's app on each publishing platform (docs/architecture.md, "Publishing channels"): its client
 * id and secret from the environment locally, or from the JSON secret SOCIAL_APPS_SECRET_ARN names in AWS
 * (the secret's values win), and where the platform's hosts are (the real ones unless an origin is set).
 * A platform without credentials cannot be connected; the Connect button says what to configure.
 */

type Settings = Readonly<Record<string, string | undefined>>;

const SECRET_CACHE_MS = 5 * 60 * 1000;
let cached: { arn: string; readAt: number; values: Promise<Settings> } | undefined;

async function readSecret(arn: string): Promise<Settings> {
  const text = (await getSecretValue(arn)).SecretString ?? '{}';
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('The social apps secret must be a JSON object such as {"SOCIAL_X_CLIENT_ID": "..."}.');
  }
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

async function settings(env: NodeJS.ProcessEnv): Promise<Settings> {
  const arn = env[envNames.socialAppsSecretArn]?.trim();
  if (!arn) return env;
  const now = Date.now();
  if (!cached || cached.arn !== arn || now - cached.readAt > SECRET_CACHE_MS) {
    const values = readSecret(arn);
    cached = { arn, readAt: now, values };
    values.catch(() => {
      if (cached?.values === values) cached = undefined;
    });
  }
  return { ...env, ...(await cached.values) };
}

const present = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export interface ChannelAppConfig {
  readonly app: ChannelApp;
  /** Null when an admin has not configured the platform's app. */
  readonly credentials: ChannelAppCredentials | null;
  readonly endpoints: ChannelEndpoints;
}

export async function channelApp(
  platform: ChannelPlatform,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChannelAppConfig> {
  const { app } = CHANNEL_PLATFORM_INFO[platform];
  const names = channelAppEnvNames(app);
  const values = await settings(env);
  const clientId = present(values[names.clientId]);
  const clientSecret = present(values[names.clientSecret]);
  const origin = present(values[names.origin]);
  return {
    app,
    credentials: clientId && clientSecret ? { clientId, clientSecret } : null,
    endpoints: origin ? { originOverride: origin } : {},
  };
}
