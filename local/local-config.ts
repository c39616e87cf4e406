import { isAbsolute, resolve } from 'node:path';
import { BATCH_FEED_INTERVAL_MINUTES } from '#contract/batch-feed-interval';
import {
  MEDIA_WORKER_TIMEOUT_SECONDS,
  queueVisibilitySeconds,
  WORKER_TIMEOUT_SECONDS,
} from '#contract/queue-timing';
import { SCHEDULED_PUBLISH_INTERVAL_MINUTES } from '#contract/scheduled-publish-interval';
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
  /** The ports of LOCAL_PORTS; 0 asks the OS for a free one. */
  emulatorPorts: Record<LocalPortName, number>;
  externalLinks: ExternalLinks;
  /** Pause between offline provider chunks, so people can watch a generation stream locally. */
  offlineStreamDelayMs: number;
  /**
   * The workers' Lambda timeouts and their queues' visibility timeouts: the stack's (contract/queue-timing.ts),
   * so retries and deadlines behave as in AWS. WORKER_TIMEOUT_SECONDS shortens the text worker's for a
   * test of the deadline; QUEUE_VISIBILITY_TIMEOUT_SECONDS overrides both queues' for a test of redelivery.
   */
  workerTimeoutSeconds: number;
  mediaWorkerTimeoutSeconds: number;
  /**
   * How often the scheduled feeder runs: the stack's schedule (infra/rate-schedule.ts), unless
   * BATCH_FEED_INTERVAL_SECONDS shortens it for a test.
   */
  batchFeedIntervalSeconds: number;
  /**
   * How often the scheduled publisher runs: the stack's schedule, unless SCHEDULED_PUBLISH_INTERVAL_SECONDS
   * shortens it for a test.
   */
  scheduledPublishIntervalSeconds: number;
  /** `SOCIAL_FAKE_PLATFORMS=on`: serve the fake publishing platforms and point the adapters at them. */
  fakeSocialPlatforms: boolean;
  queueVisibilityTimeoutSeconds: number;
  mediaQueueVisibilityTimeoutSeconds: number;
}

/**
 * Every port `npm start` opens besides the app's `PORT`: the variable that sets it (unset or 0: a free
 * port) and what listens there. The README's configuration table names each variable
 * (local/local-config.test.ts), and test/integration/runtime-ports.test.ts checks that the runtime
 * listens on these and no others.
 */
export const LOCAL_PORTS = {
  dynamodb: { variable: 'DYNAMODB_PORT', what: 'DynamoDB emulator' },
  s3: { variable: 'S3_PORT', what: 'S3 emulator' },
  sqs: { variable: 'SQS_PORT', what: 'SQS emulator' },
  cognito: { variable: 'COGNITO_PORT', what: 'Cognito emulator' },
  // The IAM proxies in front of the emulators (local/iam/enforcing-proxy.ts): the endpoints the
  // functions are given.
  dynamodbProxy: { variable: 'DYNAMODB_PROXY_PORT', what: 'DynamoDB IAM proxy' },
  s3Proxy: { variable: 'S3_PROXY_PORT', what: 'S3 IAM proxy' },
  sqsProxy: { variable: 'SQS_PROXY_PORT', what: 'SQS IAM proxy' },
  cognitoProxy: { variable: 'COGNITO_PROXY_PORT', what: 'Cognito IAM proxy' },
  // KMS, Secrets Manager, the WebSocket management API and the Cognito triggers (local/internal-server.ts).
  internal: { variable: 'INTERNAL_PORT', what: 'internal server' },
  // The HTTP API reached directly, as execute-api is in AWS (without CloudFront's origin header).
  api: { variable: 'API_PORT', what: 'direct HTTP API' },
} as const;

export type LocalPortName = keyof typeof LOCAL_PORTS;

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`${name} must be a whole number between 0 and 65535 (got "${value}")`);
  }
  return parsed;
}

function localPorts(env: Record<string, string | undefined>): Record<LocalPortName, number> {
  const ports = {} as Record<LocalPortName, number>;
  for (const [name, { variable }] of Object.entries(LOCAL_PORTS) as [LocalPortName, { variable: string }][])
    ports[name] = integer(env[variable], 0, variable);
  return ports;
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
    emulatorPorts: localPorts(env),
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
    batchFeedIntervalSeconds:
      integer(env.BATCH_FEED_INTERVAL_SECONDS, 0, 'BATCH_FEED_INTERVAL_SECONDS') ||
      60 * BATCH_FEED_INTERVAL_MINUTES,
    scheduledPublishIntervalSeconds:
      integer(env.SCHEDULED_PUBLISH_INTERVAL_SECONDS, 0, 'SCHEDULED_PUBLISH_INTERVAL_SECONDS') ||
      60 * SCHEDULED_PUBLISH_INTERVAL_MINUTES,
    fakeSocialPlatforms: env.SOCIAL_FAKE_PLATFORMS === 'on',
    queueVisibilityTimeoutSeconds: visibilityOverride || queueVisibilitySeconds(workerTimeoutSeconds),
    mediaQueueVisibilityTimeoutSeconds:
      visibilityOverride || queueVisibilitySeconds(MEDIA_WORKER_TIMEOUT_SECONDS),
  };
}
