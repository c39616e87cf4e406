import * as z from './validation/zod';

/**
 * What the browser learns at run time from `/config.json`: served by the local gateway and written to
 * the frontend bucket at deploy, so one frontend build runs against any backend.
 */

const optionalUrl = z.nullable(z.string().check(z.url()));

export const externalLinksSchema = z.object({
  backlinkManager: optionalUrl,
  googleAdsAdvisor: optionalUrl,
  emailOutreach: optionalUrl,
  /** Shown as 'Coming Soon' and disabled whatever the value; kept so it can be switched on later. */
  aiOptimization: optionalUrl,
  newsletterPlatformLogin: optionalUrl,
  pressDistributionLogin: optionalUrl,
});

export type ExternalLinks = z.infer<typeof externalLinksSchema>;

export const runtimeConfigSchema = z.object({
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Local only: cognito-local's endpoint. Absent in AWS, where Amplify derives it from the region. */
  userPoolEndpoint: z.optional(z.string().check(z.url())),
  authFlowType: z.literal('USER_PASSWORD_AUTH'),
  /** Base URL of the HTTP API; routes are `${apiUrl}/api/...`. Empty string means same origin. */
  apiUrl: z.string(),
  wsUrl: z.string().check(z.minLength(1)),
  allowedEmailDomain: z.string().check(z.minLength(1)),
  externalLinks: externalLinksSchema,
  /** True only in the local runtime: enables the dev mailbox link. */
  local: z.boolean(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** No sister tool linked: every external link is optional (001 §1), and none is set. */
export const NO_EXTERNAL_LINKS: ExternalLinks = Object.freeze({
  backlinkManager: null,
  googleAdsAdvisor: null,
  emailOutreach: null,
  aiOptimization: null,
  newsletterPlatformLogin: null,
  pressDistributionLogin: null,
});

/**
 * A runtime config that names no deployment: placeholder values that pass the schema, no links, not
 * local. The build-time prerender of `/` renders with it (the build never sees a deployment's config),
 * and tests start from it, overriding what they read.
 */
export const UNCONFIGURED_RUNTIME_CONFIG: RuntimeConfig = Object.freeze({
  region: 'unconfigured',
  userPoolId: 'unconfigured',
  userPoolClientId: 'unconfigured',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiUrl: '',
  wsUrl: 'unconfigured',
  allowedEmailDomain: 'unconfigured',
  externalLinks: NO_EXTERNAL_LINKS,
  local: false,
});
