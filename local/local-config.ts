import { isAbsolute, resolve } from 'node:path';
import {
  MEDIA_WORKER_TIMEOUT_SECONDS,
  queueVisibilitySeconds,
  WORKER_TIMEOUT_SECONDS,
} from '#infra/queue-timing';
import type { ExternalLinks } from '#shared/runtime-config';

/**
 * Settings of the local runtime, from the environment, with the defaults the README documents. The
 * e-mail domain and admin list are configuration here exactly as CDK context is in AWS.
 */
export interface LocalSettings {
  port: number;
  dataDir: string;
  allowedEmailDomain: string;
  adminEmails: string[];
  emulatorPorts: {
    dynamodb: number;
    s3: number;
    sqs: number;
    cognito: number;
    internal: number;
    /** The HTTP API reached directly, as execute-api is in AWS (without CloudFront's origin header). */
    api: number;
  };
  externalLinks: ExternalLinks;
  /** Pause between offline provider chunks, so people can watch a generation stream locally. */
  offlineStreamDelayMs: number;
  /**
   * The workers' Lambda timeouts and their queues' visibility timeouts: the stack's (infra/queue-timing.ts),
   * so retries and deadlines behave as in AWS. WORKER_TIMEOUT_SECONDS shortens the text worker's for a
   * test of the deadline; QUEUE_VISIBILITY_TIMEOUT_SECONDS overrides both queues' for a test of redelivery.
   */
  workerTimeoutSeconds: number;
  mediaWorkerTimeoutSeconds: number;
  queueVisibilityTimeoutSeconds: number;
  mediaQueueVisibilityTimeoutSeconds: number;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`${name} must be a whole number between 0 and 65535 (got "${value}")`);
  }
  return parsed;
}

const link = (value: string | undefined): string | null =>
  value && value.trim() !== '' ? value.trim() : null;

export function readLocalSettings(env: Record<string, string | undefined> = process.env): LocalSettings {
  const allowedEmailDomain = (env.ALLOWED_EMAIL_DOMAIN ?? 'example.com')
    .trim()
    .replace(/^@/, '')
    .toLowerCase();
  const adminEmails = (env.ADMIN_EMAILS ?? `admin@${allowedEmailDomain}`)
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const dataDir = env.DATA_DIR ?? '.data';
  const workerTimeoutSeconds = integer(
    env.WORKER_TIMEOUT_SECONDS,
    WORKER_TIMEOUT_SECONDS,
    'WORKER_TIMEOUT_SECONDS',
  );
  const visibilityOverride = integer(
    env.QUEUE_VISIBILITY_TIMEOUT_SECONDS,
    0,
    'QUEUE_VISIBILITY_TIMEOUT_SECONDS',
  );
  return {
    port: integer(env.PORT, 3000, 'PORT'),
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(process.cwd(), dataDir),
    allowedEmailDomain,
    adminEmails,
    emulatorPorts: {
      dynamodb: integer(env.DYNAMODB_PORT, 0, 'DYNAMODB_PORT'),
      s3: integer(env.S3_PORT, 0, 'S3_PORT'),
      sqs: integer(env.SQS_PORT, 0, 'SQS_PORT'),
      cognito: integer(env.COGNITO_PORT, 0, 'COGNITO_PORT'),
      internal: integer(env.INTERNAL_PORT, 0, 'INTERNAL_PORT'),
      api: integer(env.API_PORT, 0, 'API_PORT'),
    },
    externalLinks: {
      backlinkManager: link(env.BACKLINK_MANAGER_URL),
      googleAdsAdvisor: link(env.GOOGLE_ADS_ADVISOR_URL),
      emailOutreach: link(env.EMAIL_OUTREACH_URL),
      aiOptimization: link(env.AI_OPTIMIZATION_URL),
      newsletterPlatformLogin: link(env.NEWSLETTER_PLATFORM_LOGIN_URL),
      pressDistributionLogin: link(env.PRESS_DISTRIBUTION_LOGIN_URL),
    },
    offlineStreamDelayMs: integer(env.OFFLINE_STREAM_DELAY_MS, 25, 'OFFLINE_STREAM_DELAY_MS'),
    workerTimeoutSeconds,
    mediaWorkerTimeoutSeconds: MEDIA_WORKER_TIMEOUT_SECONDS,
    queueVisibilityTimeoutSeconds: visibilityOverride || queueVisibilitySeconds(workerTimeoutSeconds),
    mediaQueueVisibilityTimeoutSeconds:
      visibilityOverride || queueVisibilitySeconds(MEDIA_WORKER_TIMEOUT_SECONDS),
  };
}
