import { PROVIDER_KEY_NAMES } from '#contract/provider-key-names';
import { envNames } from '#contract/routes';
import { CHANNEL_APPS, channelAppEnvNames } from '#shared/channels';
import type { RuntimeCredentials } from '../bootstrap';
import type { StackFunction } from './stack-functions';

/**
 * A function's environment locally: the runtime's settings (the gateway's own, PATH, log level, test
 * overrides such as a provider's base URL), then what the synthesized stack gives that function, then
 * what only the local runtime has: the emulators' endpoints (the IAM proxies in front of them), the
 * local Cognito's issuer, and the function's own credentials.
 *
 * Secrets are not in it: the provider keys, the media URL secret and the origin secret are read from the
 * local Secrets Manager under the ARNs the stack's environment names (local/iam/secret-services.ts), so a
 * function gets them only if its role may read them, as in AWS. WordPress passwords are encrypted with
 * the local KMS; the key file is given only to functions whose role may decrypt with the key, for the
 * passwords an earlier version encrypted with the file directly.
 */

/**
 * The publishing platforms' app credentials: served by the social apps secret (contract/channel-apps.ts),
 * never given to every function; the platforms' origins are not secret and stay in the environment.
 */
export const SOCIAL_APP_CREDENTIAL_NAMES: readonly string[] = CHANNEL_APPS.flatMap((app) => {
  const names = channelAppEnvNames(app);
  return [names.clientId, names.clientSecret];
});

/** Provider API keys: served by the provider-keys secret, never given to every function. */
export const PROVIDER_API_KEY_NAMES: readonly string[] = Object.values(PROVIDER_KEY_NAMES).flatMap(
  (names) => names.apiKey,
);

const WITHHELD: ReadonlySet<string> = new Set([
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_PROFILE',
  envNames.mediaUrlSecret,
  envNames.originSecret,
  envNames.localKeyFile,
  ...PROVIDER_API_KEY_NAMES,
  ...SOCIAL_APP_CREDENTIAL_NAMES,
]);

export interface LocalEndpoints {
  readonly dynamodb: string;
  readonly s3: string;
  readonly sqs: string;
  readonly cognito: string;
  /** The internal server: management API, Secrets Manager, KMS and SES. */
  readonly internal: string;
}

export function functionEnvironment(options: {
  fn: StackFunction;
  /** The runtime's environment (process.env once the runtime has set its settings). */
  runtimeEnvironment: Readonly<Record<string, string | undefined>>;
  endpoints: LocalEndpoints;
  credentials: RuntimeCredentials;
  /** The local key file, when the function's role may decrypt with the WordPress key. */
  localKeyFile: string | undefined;
}): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.runtimeEnvironment)) {
    if (value !== undefined && !WITHHELD.has(name)) environment[name] = value;
  }
  Object.assign(environment, options.fn.environment);
  const { endpoints } = options;
  Object.assign(environment, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: options.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: options.credentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_SQS: endpoints.sqs,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    AWS_ENDPOINT_URL_KMS: endpoints.internal,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoints.internal,
    // SES's SendEmail files the app's e-mail in the dev mailbox (local/internal-server.ts).
    AWS_ENDPOINT_URL_SESV2: endpoints.internal,
    // The stack's callback URL is the WebSocket stage's; locally the internal server plays it.
    [envNames.webSocketCallbackUrl]: endpoints.internal,
  });
  // The local settings win over the template's (cdk.json's) for what they both name.
  for (const name of [envNames.allowedEmailDomain, envNames.adminEmails]) {
    const local = options.runtimeEnvironment[name];
    if (local !== undefined) environment[name] = local;
  }
  if (options.localKeyFile) environment[envNames.localKeyFile] = options.localKeyFile;
  return environment;
}
