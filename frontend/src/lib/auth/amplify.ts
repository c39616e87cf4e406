import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '#shared/runtime-config';
import { getRuntimeConfig } from '../config';

export { fetchAuthSession } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';

/**
 * The Amplify Auth SDK, loaded on demand (see session.ts). Locally the user pool is cognito-local,
 * reached through `userPoolEndpoint`; in AWS the endpoint is absent and Amplify derives it from the
 * pool id. Tokens live in localStorage (Amplify's default) and Amplify refreshes them when they near
 * expiry, whenever a session is read.
 */
export function amplifyAuthConfig(config: RuntimeConfig) {
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  };
}

let configured = false;

export function ensureAmplifyConfigured(): void {
  if (configured) return;
  Amplify.configure(amplifyAuthConfig(getRuntimeConfig()));
  configured = true;
}
