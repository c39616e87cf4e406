import { type FromEnvInit, fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * The SDK's credential chain inside a Lambda bundle. Every SDK client imports `defaultProvider` from
 * `@aws-sdk/credential-provider-node`, which carries the whole default chain (SSO, INI files, process,
 * web identity, container and instance metadata, and the STS/SSO clients they call: about 100 KB
 * minified per bundle). Lambda always hands a function its role's credentials in the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), the first link of that chain and the
 * only one that ever answers there, so the bundle swaps the module for this one (esbuild `alias`,
 * LAMBDA_BUNDLE_ALIASES in infra/app-function.ts). Local runs and tests are not bundled and keep the
 * full chain.
 */
export const defaultProvider = (init: FromEnvInit = {}): ReturnType<typeof fromEnv> => fromEnv(init);
