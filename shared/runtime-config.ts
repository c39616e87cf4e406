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
