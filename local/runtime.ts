import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { REVIEW_REMINDER_INTERVAL_MINUTES } from '#contract/review-reminder-interval';
import { ADMIN_GROUP_NAME, envNames } from '#contract/routes';
import { repairBatch } from '#functions/batches/batch-feeder';
import { batchesForRecovery } from '#functions/batches/batch-store';
import { localKey } from '#functions/clients/password-cipher';
import { requeueJob } from '#functions/media/requeue-job';
import { settleJob } from '#functions/usage/settle-job';
import type { RuntimeConfig } from '#shared/runtime-config';
import {
  type AdminAccount,
  ensureAdmin,
  ensureBucket,
  ensureQueues,
  ensureTable,
  ensureUserPool,
  LOCAL_NAMES,
  localClients,
  type RuntimeCredentials,
  runtimeCredentials,
} from './bootstrap';
import { runDeploySteps } from './deploy-steps';
import { startCognito } from './emulators/cognito';
import type { RunningEmulator } from './emulators/dynamodb';
import { startDynamoDb } from './emulators/dynamodb';
import { startS3 } from './emulators/s3';
import { startSqs } from './emulators/sqs';
import { buildFunctionBundles, claimBundleDir } from './functions/function-bundles';
import { functionEntries } from './functions/function-catalog';
import {
  FunctionHost,
  type FunctionOutput,
  type FunctionSettings,
  printFunctionOutput,
} from './functions/function-host';
import { handleApiRequest } from './http-gateway';
import { enforcementEnabled, IamEnforcement } from './iam/enforcement';
import { startEnforcingProxy } from './iam/enforcing-proxy';
import {
  functionEnvironment,
  PROVIDER_API_KEY_NAMES,
  SOCIAL_APP_CREDENTIAL_NAMES,
} from './iam/function-environment';
import { LocalIdentities } from './iam/identities';
import { keyArn, LocalTemplate, secretArn } from './iam/local-resources';
import { type LocalSecret, secretServices } from './iam/secret-services';
import { type CfnTemplate, stackTemplate } from './iam/stack-template';
import { startInternalServer, TRIGGER_FUNCTION_NAMES } from './internal-server';
import { LOCAL_PORTS, type LocalPortName, type LocalSettings, readLocalSettings } from './local-config';
import { loggedPath } from './logged-path';
import { Mailbox } from './mailbox';
import { MALFORMED_TARGET_MESSAGE, requestTarget } from './path-decoding';
import { assertPortFree, freePort, PortInUseError } from './ports';
import { startSchedule } from './schedule';
import { applyServerTimeouts } from './server-timeouts';
import { startSqsPoller } from './sqs-poller';
import { serveStatic } from './static-files';
import { unfinishedJobsForRecovery, unsettledJobsForRecovery } from './unfinished-jobs';
import { WebSocketGateway } from './websocket-gateway';

/**
 * The whole app on one machine: emulators for DynamoDB, S3, SQS and Cognito, the HTTP/WebSocket
 * gateway in front of the same Lambda handlers that AWS runs, the queue poller, and the built frontend.
 * Everything listens on 127.0.0.1. `npm start` (local/start.ts) and the integration/e2e tests use it.
 */

export interface LocalRuntimeOptions {
  /** App port; 0 takes a free one. Defaults to PORT or 3000. */
  port?: number;
  dataDir?: string;
  /** Extra settings, as environment variables (ALLOWED_EMAIL_DOMAIN, ADMIN_EMAILS, ...). */
  env?: Record<string, string>;
  quiet?: boolean;
  log?: (line: string) => void;
  /** Where the functions' console output goes (their JSON log lines); the terminal by default. */
  functionOutput?: FunctionOutput;
  /** How long stop() waits for the work under way; DRAIN_LIMIT_MS by default. */
  drainLimitMs?: number;
  /**
   * Changes the synthesized template before it is enforced: the test that proves the enforcement can
   * fail removes one permission from a role with it. Nothing else uses it.
   */
  adjustTemplate?: (template: CfnTemplate) => CfnTemplate;
  /**
   * Queue consumers whose event source is disabled (an event source mapping with `Enabled: false`):
   * their queue's messages stay in it, for a test that reads the queue itself.
   */
  disabledEventSources?: ReadonlyArray<'Worker' | 'MediaWorker' | 'DeadLetters'>;
  /**
   * A folder where buildFunctionBundles has already built the functions (the test runs share one);
   * without it the runtime builds its own, and removes it when it stops.
   */
  functionBundles?: string;
}

export interface LocalRuntime {
  url: string;
  config: RuntimeConfig;
  admin: AdminAccount;
  mailbox: Mailbox;
  settings: LocalSettings;
  /** `api` is the HTTP API reached straight (as execute-api in AWS): it refuses requests without the
   * origin header that the app port, playing CloudFront, adds to every /api request. */
  endpoints: { dynamodb: string; s3: string; sqs: string; cognito: string; internal: string; api: string };
  /** This run's own AWS credential (the account's administrator): not evaluated by the IAM enforcement. */
  credentials: RuntimeCredentials;
  /** Every function, each in its own thread with its own credentials (local/functions/function-host.ts). */
  functions: FunctionHost;
  /** The IAM enforcement in front of the emulators (local/iam/). */
  enforcement: IamEnforcement;
  queues: {
    queueUrl: string;
    queueArn: string;
    deadLetterQueueUrl: string;
    mediaDeadLetterQueueUrl: string;
  };
  /** dynalite's worker thread in /proc/self/task (Linux), else null: the API bench splits CPU by thread. */
  dynamoDbThreadId: number | null;
  stop(): Promise<void>;
}

const WS_PATH = '/ws';

/**
 * How long stopping waits for the work under way (requests, WebSocket handlers, queue jobs) before it
 * closes the emulators anyway: Ctrl+C should not hang on a long job, and a job cut short is redelivered.
 */
const DRAIN_LIMIT_MS = 10_000;

/** An HTTP server's two steps of stopping: `drain` refuses new connections and lets requests under way
 * finish (idle keep-alive connections close at once); `stop` cuts what is left. */
function serverStops(server: Server): { drain: () => Promise<void>; stop: () => Promise<void> } {
  let closed: Promise<void> | undefined;
  const drain = () => {
    closed ??= new Promise<void>((resolve) => server.close(() => resolve()));
    return closed;
  };
  return {
    drain,
    stop: () => {
      server.closeAllConnections();
      return drain();
    },
  };
}

function securityHeaders(cognitoEndpoint: string, mediaEndpoint: string): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https: http:",
      // Media plays from a presigned URL of the local S3 (after the /api/media redirect).
      "media-src 'self' data: blob: http://127.0.0.1:*",
      // The presigned media URLs' origin, as infra/content-security-policy.ts allows the media bucket's.
      `connect-src 'self' ws: wss: ${cognitoEndpoint} ${new URL(mediaEndpoint).origin}`,
      "frame-src 'self' blob: data:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

/** The given build folder, or one built now and removed when the runtime stops. */
async function functionBundlesFor(
  given: string | undefined,
  stops: Array<() => Promise<void>>,
): Promise<string> {
  if (given) return given;
  const dir = claimBundleDir();
  stops.push(async () => rmSync(dir, { recursive: true, force: true }));
  await buildFunctionBundles(dir);
  return dir;
}

export async function startLocalRuntime(options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  const settings = readLocalSettings({
    ...process.env,
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...options.env,
  });
  if (options.port !== undefined) settings.port = options.port;
  const log = options.log ?? ((line: string) => (options.quiet ? undefined : console.log(line)));
  const dirs = {
    dynamodb: join(settings.dataDir, 'dynamodb'),
    s3: join(settings.dataDir, 's3'),
    cognito: join(settings.dataDir, 'cognito'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });

  // Stopping drains first: no new requests, connections or queue messages, and the handlers under way
  // finish (within DRAIN_LIMIT_MS), since their writes go to the emulators; then everything closes in
  // reverse order of start, the emulators last but the internal server they call.
  const drains: Array<() => Promise<void>> = [];
  const stops: Array<() => Promise<void>> = [];
  const drainLimitMs = options.drainLimitMs ?? DRAIN_LIMIT_MS;
  const stopAll = async () => {
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      Promise.allSettled(drains.splice(0).map((drain) => drain())).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), drainLimitMs);
      }),
    ]);
    clearTimeout(timer);
    if (!drained) log(`Work still under way after ${drainLimitMs / 1000} s is cut short.`);
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    stops.length = 0;
  };

  try {
    await assertPortFree(settings.port, 'app');
    const ports = settings.emulatorPorts;
    for (const [name, port] of Object.entries(ports) as [LocalPortName, number][])
      await assertPortFree(port, LOCAL_PORTS[name].what);
    // CloudFront's origin header value
    // (docs/decisions.md, "WebSocket keep-alive and the CloudFront-only API"): new at each start, like the
    // media URL secret.
    const originSecret = randomBytes(32).toString('base64url');

    const mailbox = new Mailbox(join(settings.dataDir, 'mailbox.json'));
    const webSockets = new WebSocketGateway(WS_PATH, log);
    drains.push(() => webSockets.close());
    const internal = await startInternalServer({ port: ports.internal, webSockets, mailbox, log });
    stops.push(internal.stop);
    const credentials = runtimeCredentials();
    const identities = new LocalIdentities(credentials);
    // The stack's template (roles, policies, environments): from the cache, or synthesized meanwhile.
    const template = stackTemplate(log);
    template.catch(() => undefined);
    // The functions' bundles (local/functions/function-bundles.ts), built meanwhile unless given.
    const bundles = functionBundlesFor(options.functionBundles, stops);
    bundles.catch(() => undefined);

    const started = await Promise.all([
      startDynamoDb({ dataDir: dirs.dynamodb, port: ports.dynamodb, log }),
      startS3({ dataDir: dirs.s3, port: ports.s3, credentials }),
      startSqs({ port: ports.sqs }),
      startCognitoOnPort(ports.cognito, {
        dataDir: dirs.cognito,
        lambdaEndpoint: internal.endpoint,
        triggers: TRIGGER_FUNCTION_NAMES,
        mailbox,
        isKnownAccessKey: identities.isKnown,
        log,
      }),
    ]);
    const [dynamodb, s3, sqs, cognito] = started;
    for (const emulator of started as RunningEmulator[]) stops.push(emulator.stop);
    identities.onIssue(s3.allowKey);

    const emulatorEndpoints = {
      dynamodb: dynamodb.endpoint,
      s3: s3.endpoint,
      sqs: sqs.endpoint,
      cognito: cognito.endpoint,
    };
    const clients = localClients(emulatorEndpoints, credentials);
    const [pool, queues, table, bucket] = await Promise.all([
      ensureUserPool(clients.cognito, settings.dataDir),
      ensureQueues(clients.sqs, settings.queueVisibilityTimeoutSeconds),
      ensureTable(clients.dynamodb, LOCAL_NAMES.table),
      ensureBucket(clients.s3, LOCAL_NAMES.bucket),
    ]);
    const mediaQueues = await ensureQueues(clients.sqs, settings.mediaQueueVisibilityTimeoutSeconds, {
      queue: LOCAL_NAMES.mediaQueue,
      deadLetterQueue: LOCAL_NAMES.mediaDeadLetterQueue,
    });

    const adjust = options.adjustTemplate ?? ((unchanged: CfnTemplate) => unchanged);
    const local = new LocalTemplate(adjust(await template), {
      table: LOCAL_NAMES.table,
      bucket: LOCAL_NAMES.bucket,
      jobsQueue: { url: queues.queueUrl, name: LOCAL_NAMES.queue },
      jobsDeadLetterQueue: { url: queues.deadLetterQueueUrl, name: LOCAL_NAMES.deadLetterQueue },
      mediaQueue: { url: mediaQueues.queueUrl, name: LOCAL_NAMES.mediaQueue },
      mediaDeadLetterQueue: { url: mediaQueues.deadLetterQueueUrl, name: LOCAL_NAMES.mediaDeadLetterQueue },
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      webSocketApiId: 'local',
    });
    const enforcement = new IamEnforcement(
      local,
      identities,
      enforcementEnabled({ ...process.env, ...options.env }),
      log,
    );
    if (!enforcement.enabled) log('IAM enforcement is OFF (IAM_ENFORCEMENT=off): denials are only logged.');
    // Every AWS call goes through an IAM proxy in front of its emulator (local/iam/enforcing-proxy.ts).
    const proxies = await Promise.all(
      (['dynamodb', 's3', 'sqs', 'cognito-idp'] as const).map((service) => {
        const emulator = service === 'cognito-idp' ? 'cognito' : service;
        return startEnforcingProxy({
          service,
          target: emulatorEndpoints[emulator],
          port: ports[`${emulator}Proxy`],
          enforcement,
          log,
        });
      }),
    );
    for (const proxy of proxies) stops.push(proxy.stop);
    const [dynamodbProxy, s3Proxy, sqsProxy, cognitoProxy] = proxies;
    const endpoints = {
      dynamodb: dynamodbProxy?.endpoint ?? '',
      s3: s3Proxy?.endpoint ?? '',
      sqs: sqsProxy?.endpoint ?? '',
      cognito: cognitoProxy?.endpoint ?? '',
      internal: internal.endpoint,
    };
    const fakeChannels = settings.fakeSocialPlatforms
      ? await (await import('./fake-channel-settings')).startFakeChannelSettings(log)
      : null;
    if (fakeChannels) stops.push(fakeChannels.stop);
    const wordpressKeyId = local.logicalIdOf(envNames.wordpressKeyId) ?? 'wordpress-key';
    const sealedRepliesKeyId = local.logicalIdOf(envNames.sealedRepliesKeyId) ?? 'sealed-replies-key';
    const localKeyFile = join(settings.dataDir, 'local-secret.key');

    // The runtime's own configuration, which its gateway, recovery and the tests' set-up read; each
    // function gets its own environment from the stack (functionSettings below).
    const environmentBefore = { ...process.env };
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
      AWS_ENDPOINT_URL_S3: endpoints.s3,
      AWS_ENDPOINT_URL_SQS: endpoints.sqs,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
      AWS_ENDPOINT_URL_KMS: endpoints.internal,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoints.internal,
      [envNames.wordpressKeyId]: wordpressKeyId,
      [envNames.sealedRepliesKeyId]: sealedRepliesKeyId,
      [envNames.tableName]: LOCAL_NAMES.table,
      [envNames.mediaBucket]: LOCAL_NAMES.bucket,
      [envNames.jobsQueueUrl]: queues.queueUrl,
      [envNames.mediaJobsQueueUrl]: mediaQueues.queueUrl,
      // Media URL tokens live an hour; a new secret per start only ends the links of a previous run.
      [envNames.mediaUrlSecret]: randomBytes(32).toString('base64url'),
      [envNames.webSocketCallbackUrl]: endpoints.internal,
      [envNames.userPoolId]: pool.userPoolId,
      [envNames.userPoolClientId]: pool.userPoolClientId,
      [envNames.tokenIssuer]: cognito.issuer(pool.userPoolId),
      [envNames.jwksUri]: cognito.jwksUri(pool.userPoolId),
      [envNames.allowedEmailDomain]: settings.allowedEmailDomain,
      [envNames.adminEmails]: settings.adminEmails.join(','),
      [envNames.adminGroup]: ADMIN_GROUP_NAME,
      [envNames.localKeyFile]: localKeyFile,
      [envNames.originSecret]: originSecret,
      OFFLINE_STREAM_DELAY_MS: String(settings.offlineStreamDelayMs),
      ...fakeChannels?.settings,
      ...options.env,
    });
    const environmentSet = { ...process.env };
    // Last of all on stop: the next runtime this process starts (the next test file of a worker) begins
    // from the environment this one found.
    stops.unshift(async () => restoreEnvironment(environmentBefore, environmentSet));

    const secretValue = (name: string) => () => process.env[name] ?? '';
    const secretOf = (environmentName: string, value: () => string): LocalSecret[] => {
      const logicalId = local.logicalIdOf(environmentName);
      return logicalId ? [{ arn: secretArn(logicalId), name: logicalId, value }] : [];
    };
    const providerKeys = () =>
      JSON.stringify(
        Object.fromEntries(
          PROVIDER_API_KEY_NAMES.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
        ),
      );
    const socialApps = () =>
      JSON.stringify(
        Object.fromEntries(
          SOCIAL_APP_CREDENTIAL_NAMES.flatMap((name) =>
            process.env[name] ? [[name, process.env[name]]] : [],
          ),
        ),
      );
    const keyMaterial = () => localKey(localKeyFile);
    const wordpressKeyArn = keyArn(wordpressKeyId);
    // Passwords an earlier version encrypted with the key file directly (not through the local KMS) are
    // decrypted with the file, by the functions whose role may decrypt with the key.
    const decrypting = new Set<string>();
    await Promise.all(
      [...functionEntries.keys()].map(async (functionId) => {
        const decrypt = {
          action: 'kms:Decrypt',
          resource: wordpressKeyArn,
          resourcePolicy: local.resolve(local.template.Resources[wordpressKeyId]?.Properties?.KeyPolicy),
        };
        if (await enforcement.allowsQuietly(functionId, decrypt)) decrypting.add(functionId);
      }),
    );
    const settingsByFunction = new Map<string, FunctionSettings>();
    const functionSettings = (functionId: string): FunctionSettings => {
      let known = settingsByFunction.get(functionId);
      if (!known) {
        const fn = enforcement.stackFunction(functionId);
        known = {
          environment: functionEnvironment({
            fn,
            runtimeEnvironment: process.env,
            endpoints,
            credentials: identities.credentialsOf(functionId),
            localKeyFile: decrypting.has(functionId) ? localKeyFile : undefined,
          }),
          timeoutSeconds: fn.timeoutSeconds,
          memoryMb: fn.memoryMb,
        };
        settingsByFunction.set(functionId, known);
      }
      return known;
    };
    const functions = new FunctionHost(
      await bundles,
      functionSettings,
      log,
      options.functionOutput ?? printFunctionOutput,
    );
    stops.push(() => functions.stop());
    internal.attach({
      functions,
      enforcement,
      secrets: secretServices({
        secrets: [
          ...secretOf(envNames.providerSecretArn, providerKeys),
          ...secretOf(envNames.socialAppsSecretArn, socialApps),
          ...secretOf(envNames.mediaUrlSecretArn, secretValue(envNames.mediaUrlSecret)),
          ...secretOf(envNames.originSecretArn, secretValue(envNames.originSecret)),
        ],
        keys: [
          {
            id: wordpressKeyId,
            arn: wordpressKeyArn,
            material: keyMaterial,
            policy: local.resolve(local.template.Resources[wordpressKeyId]?.Properties?.KeyPolicy),
          },
          {
            id: sealedRepliesKeyId,
            arn: keyArn(sealedRepliesKeyId),
            material: keyMaterial,
            policy: local.resolve(local.template.Resources[sealedRepliesKeyId]?.Properties?.KeyPolicy),
          },
        ],
      }),
      webSocketApi: { id: 'local', stage: webSocketStage(local) },
    });

    webSockets.attachFunctions(functions);

    // What a deploy runs once the stack is in place, for what an earlier version left in this data folder.
    await runDeploySteps(functions, log, { table, bucket });

    // fauxqs keeps messages in memory only: put back the jobs a previous run left unfinished, before
    // the app listens, so /api/health cannot answer until they are queued again.
    const unfinished = await unfinishedJobsForRecovery();
    for (const jobId of unfinished) await requeueJob(jobId);
    if (unfinished.length > 0) log(`Re-queued ${unfinished.length} unfinished generation job(s).`);
    // Finished jobs whose accounting (usage, budget, bulk row) a crash cut off, then the bulk runs: the
    // feeds that would have followed were lost with the process (functions/batches/batch-feeder.ts).
    const unsettled = await unsettledJobsForRecovery();
    for (const jobId of unsettled) await settleJob(jobId);
    if (unsettled.length > 0) log(`Settled the accounting of ${unsettled.length} finished job(s).`);
    for (const batchId of await batchesForRecovery()) await repairBatch(batchId);

    const headers = securityHeaders(endpoints.cognito, endpoints.s3);
    const configFor = (request: IncomingMessage): RuntimeConfig => {
      const host = request.headers.host ?? `127.0.0.1:${settings.port}`;
      return {
        region: 'us-east-1',
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        userPoolEndpoint: endpoints.cognito,
        authFlowType: 'USER_PASSWORD_AUTH',
        apiUrl: '',
        wsUrl: `ws://${host}${WS_PATH}`,
        allowedEmailDomain: settings.allowedEmailDomain,
        externalLinks: settings.externalLinks,
        local: true,
      };
    };

    const onRequest = async (request: IncomingMessage, response: ServerResponse) => {
      const url = requestTarget(request.url);
      if (!url) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: MALFORMED_TARGET_MESSAGE }));
        return;
      }
      try {
        if (url.pathname.startsWith('/api/')) {
          await handleApiRequest(request, response, url, log, { functions, viaCloudFront: { originSecret } });
          return;
        }
        if (url.pathname === '/config.json') {
          response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          response.end(JSON.stringify(configFor(request)));
          return;
        }
        if (url.pathname === '/dev/mailbox.json') {
          response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          response.end(JSON.stringify({ messages: mailbox.list() }));
          return;
        }
        serveStatic(request, response, url, headers);
      } catch (error) {
        log(
          `✗ ${request.method} ${url.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
        );
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Internal Server Error' }));
      }
    };

    const app: Server = applyServerTimeouts(
      createServer((request, response) => void onRequest(request, response)),
    );
    app.on('upgrade', (request, socket, head) => {
      const url = requestTarget(request.url);
      if (!url || !webSockets.handles(url)) {
        socket.destroy();
        return;
      }
      void webSockets.upgrade(request, socket, head, url).catch(() => socket.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      app.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new PortInUseError(settings.port, 'app') : error),
      );
      app.listen(settings.port, '127.0.0.1', () => resolve());
    });
    const appStops = serverStops(app);
    drains.push(appStops.drain);
    stops.push(appStops.stop);
    const address = app.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    settings.port = port;
    const directApi = await startDirectApi(ports.api, log, functions);
    drains.push(directApi.drain);
    stops.push(directApi.stop);

    // The stack's event source mappings: each queue's consumer polls with its own credentials, as an
    // event source mapping uses the role of the function it feeds; a consumer on each dead-letter queue
    // fails the jobs left unfinished.
    const eventSources = [
      {
        functionId: 'Worker',
        queueUrl: queues.queueUrl,
        queueArn: queues.queueArn,
        workerTimeoutSeconds: settings.workerTimeoutSeconds,
      },
      {
        functionId: 'MediaWorker',
        queueUrl: mediaQueues.queueUrl,
        queueArn: mediaQueues.queueArn,
        workerTimeoutSeconds: settings.mediaWorkerTimeoutSeconds,
      },
      ...[queues, mediaQueues].map((deadLetters) => ({
        functionId: 'DeadLetters',
        queueUrl: deadLetters.deadLetterQueueUrl,
        queueArn: deadLetters.deadLetterQueueArn,
        concurrency: 1,
      })),
    ] as const;
    const disabledEventSources = new Set<string>(options.disabledEventSources ?? []);
    const pollerClients = new Map<string, SQSClient>();
    for (const source of eventSources) {
      if (disabledEventSources.has(source.functionId)) continue;
      let sqs = pollerClients.get(source.functionId);
      if (!sqs) {
        const client = new SQSClient({
          endpoint: endpoints.sqs,
          region: 'us-east-1',
          credentials: identities.credentialsOf(source.functionId),
        });
        stops.push(async () => client.destroy());
        pollerClients.set(source.functionId, client);
        sqs = client;
      }
      drains.push(startSqsPoller({ ...source, sqs, log, functions }).stop);
    }

    // The stack's schedule rule (infra/rate-schedule.ts): the batches that wait for job slots are
    // fed again as in AWS. The start's own recovery above feeds every batch once; this keeps them moving.
    drains.push(
      startSchedule({
        functionId: 'BatchFeeder',
        intervalMs: settings.batchFeedIntervalSeconds * 1000,
        functions,
        log,
      }).stop,
    );

    // The stack's scheduled publisher (infra/rate-schedule.ts): channel posts go out at their time.
    drains.push(
      startSchedule({
        functionId: 'ScheduledPublisher',
        intervalMs: settings.scheduledPublishIntervalSeconds * 1000,
        functions,
        log,
      }).stop,
    );

    // The stack's review reminders (infra/rate-schedule.ts), as in AWS.
    drains.push(
      startSchedule({
        functionId: 'ReviewReminders',
        intervalMs: REVIEW_REMINDER_INTERVAL_MINUTES * 60_000,
        functions,
        log,
      }).stop,
    );

    const admin = await ensureAdmin({
      client: clients.cognito,
      clientId: pool.userPoolClientId,
      dataDir: settings.dataDir,
      email: settings.adminEmails[0] ?? `admin@${settings.allowedEmailDomain}`,
      mailbox,
    });

    const url = `http://127.0.0.1:${port}`;
    return {
      url,
      config: configFor({ headers: { host: `127.0.0.1:${port}` } } as IncomingMessage),
      admin,
      mailbox,
      settings,
      endpoints: { ...endpoints, api: directApi.endpoint },
      credentials,
      functions,
      enforcement,
      queues: {
        queueUrl: queues.queueUrl,
        queueArn: queues.queueArn,
        deadLetterQueueUrl: queues.deadLetterQueueUrl,
        mediaDeadLetterQueueUrl: mediaQueues.deadLetterQueueUrl,
      },
      dynamoDbThreadId: dynamodb.osThreadId,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * Undoes what a start wrote into process.env. A variable changed since, by a runtime started later in the
 * same process, is left to that runtime.
 */
function restoreEnvironment(before: NodeJS.ProcessEnv, set: NodeJS.ProcessEnv): void {
  for (const name of new Set([...Object.keys(before), ...Object.keys(set)])) {
    if (set[name] === before[name] || process.env[name] !== set[name]) continue;
    const earlier = before[name];
    if (earlier === undefined) delete process.env[name];
    else process.env[name] = earlier;
  }
}

/**
 * Starts the local Cognito on the configured port, or on a free one. A port found free can be taken by
 * another process before the emulator binds it (parallel test runs each start a runtime), so an
 * auto-chosen port that turns out taken is chosen again, a few times, instead of failing the start.
 */
async function startCognitoOnPort(
  configuredPort: number,
  options: Omit<Parameters<typeof startCognito>[0], 'port'>,
): ReturnType<typeof startCognito> {
  if (configuredPort) return startCognito({ ...options, port: configuredPort });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startCognito({ ...options, port: await freePort() });
    } catch (error) {
      const taken = error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!taken || attempt >= 5) throw error;
    }
  }
}

/**
 * The HTTP API as execute-api serves it in AWS, next to the app port that plays CloudFront: the same
 * route table, authorizer and handlers, but nothing adds the origin header, so only a caller who knows
 * the secret gets past the authorizer. No static files, no compression (both are CloudFront's).
 */
async function startDirectApi(
  configuredPort: number,
  log: (line: string) => void,
  functions: FunctionHost,
): Promise<{ endpoint: string; drain: () => Promise<void>; stop: () => Promise<void> }> {
  const server = applyServerTimeouts(
    createServer((request, response) => {
      const url = requestTarget(request.url);
      if (!url) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: MALFORMED_TARGET_MESSAGE }));
        return;
      }
      handleApiRequest(request, response, url, log, { functions }).catch((error: unknown) => {
        log(
          `✗ ${request.method} ${loggedPath(url.pathname)}: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Internal Server Error' }));
      });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(configuredPort, 'api') : error),
    );
    server.listen(configuredPort, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : configuredPort;
  return { endpoint: `http://127.0.0.1:${port}`, ...serverStops(server) };
}

/** The WebSocket stage's name, the last part of the stack's callback URL (`https://…/prod`). */
function webSocketStage(local: LocalTemplate): string {
  const callbackUrl = local.resolve(
    Object.values(local.template.Resources).find((resource) => resource.Type === 'AWS::Lambda::Function')
      ?.Properties?.Environment,
  ) as { Variables?: Record<string, string> } | undefined;
  return callbackUrl?.Variables?.[envNames.webSocketCallbackUrl]?.split('/').pop() ?? 'prod';
}
