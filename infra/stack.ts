import { join } from 'node:path';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { BATCH_FEED_INTERVAL_MINUTES, BATCH_FEEDER_TIMEOUT_SECONDS } from '#contract/batch-feed-interval';
import { WORKER_TIMEOUT_SECONDS } from '#contract/queue-timing';
import {
  REVIEW_REMINDER_INTERVAL_MINUTES,
  REVIEW_REMINDERS_TIMEOUT_SECONDS,
} from '#contract/review-reminder-interval';
import {
  ADMIN_GROUP_NAME,
  backgroundFunctions,
  envNames,
  functionsOf,
  type HttpRoute,
  MCP_PATH,
  httpRoutes as routeTable,
  webSocketRoutes,
} from '#contract/routes';
import {
  SCHEDULED_PUBLISH_INTERVAL_MINUTES,
  SCHEDULED_PUBLISH_TIMEOUT_SECONDS,
} from '#contract/scheduled-publish-interval';
import { WORKER_BATCH_SIZE, WORKER_MAX_CONCURRENCY } from '#contract/worker-concurrency';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';
import type { RuntimeConfig } from '#shared/runtime-config';
import { ACTIVITY_INDEX_FILL_TIMEOUT, ActivityIndexFill } from './activity-index-fill';
import { Alarms, JOB_WAIT_ALARM_SECONDS } from './alarms';
import { AppFunction, type FunctionBuildSettings } from './app-function';
import { AppSecrets } from './app-secrets';
import { Auth } from './auth';
import type { AppConfig } from './config';
import { contentSecurityPolicy } from './content-security-policy';
import { DataTable } from './data-table';
import { Frontend } from './frontend';
import {
  BACKGROUND_ACCESS,
  FUNCTION_ACCESS,
  type FunctionAccess,
  functionAccess,
  functionFolder,
  NO_ACCESS,
} from './function-access';
import { type GrantTargets, grantAccess, grantRateLimitCount } from './grants';
import { AppHttpApi } from './http-api';
import { JobsQueue } from './jobs-queue';
import { mailIdentityArns, mailSenderOf } from './mail-sender';
import { functionBundling } from './media-bundling';
import { MediaStorage } from './media-storage';
import {
  isMediaJobFunction,
  MEDIA_WORKER_ACCESS,
  MEDIA_WORKER_MEMORY_MB,
  MEDIA_WORKER_TIMEOUT,
  MediaJobs,
} from './media-worker';
import { OperationsDashboard } from './operations-dashboard';
import { OriginVerifySecret } from './origin-verify';
import { providerSecretTemplate } from './provider-secret';
import { RateSchedule } from './rate-schedule';
import { TRASH_MIGRATION_TIMEOUT, TrashMigration } from './trash-migration';
import { USAGE_BACKFILL_TIMEOUT, UsageBackfill } from './usage-backfill';
import { AppWebSocketApi } from './websocket-api';

/** API Gateway ends an HTTP integration at 30 s; a route function must answer before that. */
export const HTTP_INTEGRATION_LIMIT_SECONDS = 29;
/**
 * The worker runs one generation per message. Five minutes leaves room for the slow cases (a
 * 1500-word article from a reasoning model, several images in one request) while a stuck provider
 * call still ends within minutes; the queue's visibility timeout is six times this (30 min).
 */
export const WORKER_TIMEOUT = Duration.seconds(WORKER_TIMEOUT_SECONDS);
export const WORKER_MEMORY_MB = 1536;
/** The event source's concurrency and batch size, shared with the local poller. */
export { WORKER_BATCH_SIZE, WORKER_MAX_CONCURRENCY } from '#contract/worker-concurrency';
export const LOG_RETENTION = RetentionDays.ONE_MONTH;

export interface LbmStudioStackProps extends StackProps {
  readonly config: AppConfig;
  /** Repository root: handler entries are relative to it, and it holds package-lock.json. */
  readonly projectRoot: string;
  /** Built frontend; defaults to `<projectRoot>/frontend/dist`. */
  readonly frontendAssetPath?: string;
  /** The route table; defaults to contract/routes.ts (tests pass variations). */
  readonly httpRoutes?: readonly HttpRoute[];
  /** The CloudFront web ACL (infra/edge-stack.ts, us-east-1); the app always gives one. */
  readonly webAclArn?: string;
}

/** A route function's description: its route, or the ids of its routes (Lambda allows 256 characters). */
function describeRoutes(functionId: string, routes: readonly HttpRoute[]): string {
  const served = routes.filter((route) => route.function.id === functionId);
  const [only] = served;
  if (served.length === 1 && only) return `${only.method} ${only.path}`;
  const text = `HTTP API, ${served.length} routes: ${served.map((route) => route.id).join(', ')}`;
  return text.length <= 256 ? text : `${text.slice(0, 255)}…`;
}

/** Every AWS resource of LBM Studio (docs/architecture.md, "Two runtimes", "Security", "Data: one table") in one stack. */
export class LbmStudioStack extends Stack {
  constructor(scope: Construct, id: string, props: LbmStudioStackProps) {
    super(scope, id, props);
    const { config } = props;
    const httpRoutes = props.httpRoutes ?? routeTable;
    const settings: FunctionBuildSettings = { projectRoot: props.projectRoot, logRetention: LOG_RETENTION };

    const data = new DataTable(this, 'Data');
    const storage = new MediaStorage(this, 'Storage');
    const jobs = new JobsQueue(this, 'Jobs', { workerTimeout: WORKER_TIMEOUT });
    const secrets = new AppSecrets(this, 'Secrets');
    const media = new MediaJobs(this, 'Media');
    const webSocket = new AppWebSocketApi(this, 'WebSocket', { logRetention: LOG_RETENTION });
    const auth = new Auth(this, 'Auth', { config, settings });
    const originVerify = new OriginVerifySecret(this, 'OriginVerify');

    const mailSender = mailSenderOf(config);
    // Resource names for every function: handlers read them lazily, and a name grants nothing by itself.
    const environment: Record<string, string> = {
      [envNames.tableName]: data.table.tableName,
      [envNames.mediaBucket]: storage.media.bucketName,
      [envNames.jobsQueueUrl]: jobs.queue.queueUrl,
      [envNames.mediaJobsQueueUrl]: media.queues.queue.queueUrl,
      [envNames.mediaUrlSecretArn]: media.urlSecret.secretArn,
      [envNames.webSocketCallbackUrl]: webSocket.callbackUrl,
      [envNames.userPoolId]: auth.userPool.userPoolId,
      [envNames.userPoolClientId]: auth.client.userPoolClientId,
      [envNames.allowedEmailDomain]: config.allowedEmailDomain,
      [envNames.adminEmails]: config.adminEmails.join(','),
      [envNames.adminGroup]: ADMIN_GROUP_NAME,
      [envNames.providerSecretArn]: secrets.providerSecret.secretArn,
      [envNames.wordpressKeyId]: secrets.wordpressKey.keyId,
      [envNames.sealedRepliesKeyId]: secrets.sealedRepliesKey.keyId,
      [envNames.socialAppsSecretArn]: secrets.socialAppsSecret.secretArn,
      [envNames.mailFrom]: mailSender.from,
      [envNames.mailRegion]: mailSender.region ?? this.region,
      // The per-key budget of the public API (cdk -c apiKeyRateLimitPerMinute=N); unset: 60 a minute.
      ...(config.apiKeyRateLimitPerMinute === undefined
        ? {}
        : { [envNames.apiKeyRateLimit]: String(config.apiKeyRateLimitPerMinute) }),
    };
    const targets: GrantTargets = {
      tableArn: data.table.tableArn,
      tableIndexArns: data.indexArns,
      mediaBucket: storage.media,
      jobsQueue: jobs.queue,
      wordpressKey: secrets.wordpressKey,
      sealedRepliesKey: secrets.sealedRepliesKey,
      webSocketConnectionsArn: webSocket.connectionsArn,
      providerSecret: secrets.providerSecret,
      socialAppsSecret: secrets.socialAppsSecret,
      mailIdentityArns: mailIdentityArns(this, mailSender),
    };
    // One scope for all functions: their ids come from the route table and must not meet other ids.
    const functions = new Construct(this, 'Functions');
    const appFunction = (
      id: string,
      entry: string,
      description: string,
      access: FunctionAccess,
      {
        nodeModules,
        ...sizing
      }: { timeoutSeconds?: number; memoryMb?: number; nodeModules?: readonly string[] } = {},
    ): AppFunction => {
      const created = new AppFunction(functions, id, {
        settings,
        entry,
        description,
        environment,
        logicalId: `${id}Function`,
        // What it carries beside its bundle: sharp for a route that names it, the media worker's packages and font.
        bundling: functionBundling(props.projectRoot, { entry, nodeModules }),
        ...sizing,
      });
      grantAccess(created.role, access, targets);
      return created;
    };

    // One Lambda per function of the route table, which may serve several routes (contract/routes.ts).
    const routeHandlers = new Map(
      functionsOf(httpRoutes).map((spec) => {
        if ((spec.timeoutSeconds ?? 0) > HTTP_INTEGRATION_LIMIT_SECONDS) {
          throw new Error(
            `Function ${spec.id} asks for ${spec.timeoutSeconds} s but API Gateway ends HTTP integrations at 30 s; move the work to a job.`,
          );
        }
        const fn = appFunction(
          spec.id,
          spec.entry,
          describeRoutes(spec.id, httpRoutes),
          functionAccess(spec),
          {
            timeoutSeconds: spec.timeoutSeconds,
            memoryMb: spec.memoryMb,
            nodeModules: spec.nodeModules,
          },
        );
        if (isMediaJobFunction(spec)) media.allowEnqueue(fn.function);
        // Every API-key request counts against the key's budget (functions/commons/http-handler.ts).
        const servesApiKeys = httpRoutes.some(
          (route) => route.function.id === spec.id && route.auth === 'apiKey',
        );
        if (servesApiKeys && functionAccess(spec).table !== 'readWrite') {
          grantRateLimitCount(fn.role, targets.tableArn);
        }
        if (functionFolder(spec) === 'media') media.allowSigning(fn.function);
        // The MCP server calls the API back as CloudFront does, with its origin header (functions/mcp/mcp-origin.ts).
        if (httpRoutes.some((route) => route.function.id === spec.id && route.path === MCP_PATH)) {
          fn.function.addEnvironment(envNames.originSecretArn, originVerify.secret.secretArn);
          originVerify.allowRead(fn.role);
        }
        return [spec.id, fn.function] as const;
      }),
    );
    const httpAuthorizer = appFunction(
      'HttpAuthorizer',
      backgroundFunctions.httpAuthorizer,
      'HTTP API authorizer: Cognito ID token or lbm_ API key',
      BACKGROUND_ACCESS.httpAuthorizer,
    );
    // Only the HTTP authorizer checks CloudFront's origin header, so only it learns where the value is.
    httpAuthorizer.function.addEnvironment(envNames.originSecretArn, originVerify.secret.secretArn);
    originVerify.allowRead(httpAuthorizer.role);
    const http = new AppHttpApi(this, 'Http', {
      routes: httpRoutes,
      handlers: routeHandlers,
      authorizerHandler: httpAuthorizer.function,
      corsAllowedOrigins: config.corsAllowedOrigins,
      logRetention: LOG_RETENTION,
    });

    const webSocketHandlers = new Map(
      webSocketRoutes.map((route) => {
        const fn = appFunction(
          route.id,
          route.entry,
          `WebSocket ${route.routeKey}`,
          FUNCTION_ACCESS[route.id] ?? BACKGROUND_ACCESS.webSocketHandler,
        );
        // $connect asks the user pool whether the caller is an admin now.
        if (route.routeKey === '$connect') {
          fn.role.addToPrincipalPolicy(
            new PolicyStatement({
              actions: ['cognito-idp:AdminListGroupsForUser'],
              resources: [auth.userPool.userPoolArn],
            }),
          );
        }
        return [route.id, fn.function] as const;
      }),
    );
    const webSocketAuthorizer = appFunction(
      'WsAuthorizer',
      backgroundFunctions.webSocketAuthorizer,
      'WebSocket $connect authorizer: Cognito ID token in the query string',
      BACKGROUND_ACCESS.webSocketAuthorizer,
    );
    webSocket.addRoutes(webSocketRoutes, webSocketHandlers, webSocketAuthorizer.function);

    const worker = appFunction(
      'Worker',
      backgroundFunctions.worker,
      'Generation worker: runs queued jobs and streams progress',
      BACKGROUND_ACCESS.worker,
      { timeoutSeconds: WORKER_TIMEOUT.toSeconds(), memoryMb: WORKER_MEMORY_MB },
    );
    worker.function.addEventSource(
      new SqsEventSource(jobs.queue, {
        batchSize: WORKER_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: WORKER_MAX_CONCURRENCY,
      }),
    );

    const mediaWorker = appFunction(
      'MediaWorker',
      backgroundFunctions.mediaWorker,
      'Media worker: image and speech jobs (sharp, espeak-ng, lamejs)',
      MEDIA_WORKER_ACCESS,
      {
        timeoutSeconds: MEDIA_WORKER_TIMEOUT.toSeconds(),
        memoryMb: MEDIA_WORKER_MEMORY_MB,
      },
    );
    media.connectWorker(mediaWorker.function);

    // A job whose message reaches a DLQ after its last delivery may still be queued or running (the
    // worker timed out or crashed): this consumer fails it and tells its user.
    const deadLetters = appFunction(
      'DeadLetters',
      backgroundFunctions.deadLetters,
      'Dead-letter consumer: fails jobs left unfinished and tells their users',
      BACKGROUND_ACCESS.deadLetters,
    );
    for (const queue of [jobs.deadLetterQueue, media.queues.deadLetterQueue]) {
      deadLetters.function.addEventSource(
        new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }),
      );
    }

    // Bulk runs whose feed stopped at full job slots are fed again every minute.
    const batchFeeder = appFunction(
      'BatchFeeder',
      backgroundFunctions.batchFeeder,
      'Feeds the bulk runs that wait for job slots (every minute)',
      BACKGROUND_ACCESS.batchFeeder,
      { timeoutSeconds: BATCH_FEEDER_TIMEOUT_SECONDS },
    );
    new RateSchedule(this, 'BatchFeed', {
      handler: batchFeeder.function,
      intervalMinutes: BATCH_FEED_INTERVAL_MINUTES,
      description: 'Feeds the bulk runs that wait for job slots (functions/batches/scheduled-feed.ts)',
    });

    // Review links that expire soon remind their reviewers by e-mail, once each.
    const reviewReminders = appFunction(
      'ReviewReminders',
      backgroundFunctions.reviewReminders,
      `E-mails reviewers whose review link expires soon (every ${REVIEW_REMINDER_INTERVAL_MINUTES} minutes)`,
      BACKGROUND_ACCESS.reviewReminders,
      { timeoutSeconds: REVIEW_REMINDERS_TIMEOUT_SECONDS },
    );
    new RateSchedule(this, 'ReviewReminders', {
      handler: reviewReminders.function,
      intervalMinutes: REVIEW_REMINDER_INTERVAL_MINUTES,
      description:
        'E-mails reviewers whose review link expires soon (functions/notifications/scheduled-reminders.ts)',
    });

    // Channel posts are sent at their time (and retried, and stalled attempts looked at) every minute.
    const scheduledPublisher = appFunction(
      'ScheduledPublisher',
      backgroundFunctions.scheduledPublisher,
      'Sends the channel posts whose time has come (every minute)',
      BACKGROUND_ACCESS.scheduledPublisher,
      { timeoutSeconds: SCHEDULED_PUBLISH_TIMEOUT_SECONDS },
    );
    new RateSchedule(this, 'ScheduledPublish', {
      handler: scheduledPublisher.function,
      intervalMinutes: SCHEDULED_PUBLISH_INTERVAL_MINUTES,
      description: 'Sends the channel posts whose time has come (functions/social/scheduled-publisher.ts)',
    });

    // Delete snapshots of earlier versions, copied from the bucket once the handlers that wrote and read
    // them are replaced (infra/trash-migration.ts); its grants are its own, narrower than any access level.
    new TrashMigration(this, 'TrashMigration', {
      handler: appFunction(
        'TrashMigration',
        backgroundFunctions.trashMigration,
        'Copies the S3 delete snapshots of earlier versions into the table (runs on deploy)',
        NO_ACCESS,
        { timeoutSeconds: TRASH_MIGRATION_TIMEOUT.toSeconds() },
      ),
      tableArn: data.table.tableArn,
      bucket: storage.media,
      executeAfter: [data, storage, ...['Clients', 'Content'].flatMap((id) => routeHandlers.get(id) ?? [])],
    });

    // Staff's usage counters for the jobs settled before the settle step wrote them, filled once every
    // function that settles jobs counts them itself (infra/usage-backfill.ts); its grants are its own.
    new UsageBackfill(this, 'UsageBackfill', {
      handler: appFunction(
        'UsageBackfill',
        backgroundFunctions.usageBackfill,
        'Fills the per-client usage day counters of earlier jobs (runs on deploy)',
        NO_ACCESS,
        { timeoutSeconds: USAGE_BACKFILL_TIMEOUT.toSeconds() },
      ),
      tableArn: data.table.tableArn,
      executeAfter: [
        data,
        worker.function,
        mediaWorker.function,
        deadLetters.function,
        ...['Batches'].flatMap((id) => routeHandlers.get(id) ?? []),
      ],
    });

    // The byAction index keys of the activities recorded before it, filled once every function
    // that records activities (the routes' and the workers') writes them itself
    // (infra/activity-index-fill.ts); its grants are its own.
    new ActivityIndexFill(this, 'ActivityIndexFill', {
      handler: appFunction(
        'ActivityIndexFill',
        backgroundFunctions.activityIndexFill,
        'Indexes the activities recorded before the by-action index (runs on deploy)',
        NO_ACCESS,
        { timeoutSeconds: ACTIVITY_INDEX_FILL_TIMEOUT.toSeconds() },
      ),
      tableArn: data.table.tableArn,
      executeAfter: [data, worker.function, mediaWorker.function, ...routeHandlers.values()],
    });

    const jobQueues = {
      Jobs: { queue: jobs.queue, maxWaitSeconds: JOB_WAIT_ALARM_SECONDS.text },
      MediaJobs: { queue: media.queues.queue, maxWaitSeconds: JOB_WAIT_ALARM_SECONDS.media },
    };
    const jobRunners = {
      Worker: worker.function,
      MediaWorker: mediaWorker.function,
      DeadLetters: deadLetters.function,
    };
    const alarms = new Alarms(this, 'Alarms', {
      ...(config.alarmEmail ? { email: config.alarmEmail } : {}),
      deadLetterQueues: {
        JobsDeadLetters: jobs.deadLetterQueue,
        MediaDeadLetters: media.queues.deadLetterQueue,
      },
      jobQueues,
      workers: jobRunners,
      authorizers: { HttpAuthorizer: httpAuthorizer.function, WsAuthorizer: webSocketAuthorizer.function },
      httpApi: http.api,
      providerLogGroups: [worker.logGroup, mediaWorker.logGroup],
      jobLogGroups: [worker.logGroup, mediaWorker.logGroup, deadLetters.logGroup],
    });
    const operations = new OperationsDashboard(this, 'Operations', {
      jobQueues,
      workers: jobRunners,
      httpApi: http.api,
      logMetrics: alarms.metrics,
    });

    const runtimeConfig: RuntimeConfig = {
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      authFlowType: 'USER_PASSWORD_AUTH',
      // Same origin: CloudFront proxies /api/* to the HTTP API.
      apiUrl: '',
      wsUrl: webSocket.url,
      allowedEmailDomain: config.allowedEmailDomain,
      externalLinks: config.externalLinks,
      local: false,
    };
    const frontend = new Frontend(this, 'Frontend', {
      assetPath: props.frontendAssetPath ?? join(props.projectRoot, 'frontend', 'dist'),
      apiEndpoint: http.api.apiEndpoint,
      apiOriginHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify.headerValue },
      runtimeConfig,
      contentSecurityPolicy: contentSecurityPolicy({
        cognito: `https://cognito-idp.${this.region}.${this.urlSuffix}`,
        webSocket: `wss://${webSocket.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
        media: `https://${storage.media.bucketRegionalDomainName}`,
      }),
      logBucket: storage.accessLogs,
      customDomain: config.customDomain,
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
      logRetention: LOG_RETENTION,
    });

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output(
      'SiteUrl',
      `https://${config.customDomain?.domainName ?? frontend.distribution.distributionDomainName}`,
      'The app',
    );
    output('DistributionId', frontend.distribution.distributionId, 'CloudFront distribution');
    output(
      'OperationsDashboard',
      operations.dashboard.dashboardName,
      'CloudWatch dashboard: jobs, queues, workers, the HTTP API and the AI providers',
    );
    output(
      'HttpApiUrl',
      http.api.apiEndpoint,
      'HTTP API: answers only requests that came through CloudFront; call it as /api on the site',
    );
    output('WebSocketUrl', webSocket.url, 'WebSocket API for live progress');
    output('UserPoolId', auth.userPool.userPoolId, 'Cognito user pool');
    output('UserPoolClientId', auth.client.userPoolClientId, 'Cognito app client (USER_PASSWORD_AUTH)');
    output('TableName', data.table.tableName, 'DynamoDB table');
    output('MediaBucketName', storage.media.bucketName, 'Media bucket');
    output('SiteBucketName', frontend.bucket.bucketName, 'Frontend bucket');
    output('JobsQueueUrl', jobs.queue.queueUrl, 'Generation jobs queue');
    output('JobsDeadLetterQueueUrl', jobs.deadLetterQueue.queueUrl, 'Jobs that failed three times');
    output('MediaJobsQueueUrl', media.queues.queue.queueUrl, 'Image and speech jobs queue');
    output(
      'MediaJobsDeadLetterQueueUrl',
      media.queues.deadLetterQueue.queueUrl,
      'Media jobs that failed three times',
    );
    output(
      'ProviderSecretArn',
      secrets.providerSecret.secretArn,
      `AI provider API keys (README): aws secretsmanager put-secret-value --secret-id <this> --secret-string '${JSON.stringify(providerSecretTemplate())}' with the keys you have`,
    );
    output(
      'SocialAppsSecretArn',
      secrets.socialAppsSecret.secretArn,
      'The publishing platforms’ app credentials (README, "Publishing platforms’ apps")',
    );
    output('WordPressKeyId', secrets.wordpressKey.keyId, 'KMS key for WordPress application passwords');
    output(
      'OriginSecretArn',
      originVerify.secret.secretArn,
      'The value CloudFront sends to the HTTP API in x-origin-verify (README: changing it)',
    );
  }
}
