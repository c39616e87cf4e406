/**
 * The log lines the workers write after each provider call, which the alarms' metric filters count
 * (infra/alarms.ts). No CDK import: the workers import it.
 */
export const PROVIDER_CALL_LOG_MESSAGES = {
  ProviderCallsSucceeded: 'Provider call succeeded',
  ProviderCallsFailed: 'Provider call failed',
} as const;
