/**
 * The log lines a job's end writes (functions/generation/job-store.ts), which the dashboard's metric
 * filters count as jobs succeeded and failed (infra/alarms.ts). No CDK import: the handlers import it.
 */
export const JOB_STATUS_LOG_MESSAGES = {
  JobsSucceeded: 'Job succeeded',
  JobsFailed: 'Job failed',
} as const;
