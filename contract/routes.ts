import type { ApiKeyScope } from '#shared/api-keys';
import { type SharedToolFunction, TOOL_ROUTE_ENTRIES, toolEndpoint } from '#shared/tools/catalog';

/**
 * The one route table. The CDK stack turns every function of it into a Lambda and every route into an
 * HTTP API route of that function, and the local gateway (local/http-gateway.ts) serves the very same
 * entries through the same functions, so an endpoint exists in both runtimes or in neither.
 *
 * A function serves the routes of one resource (its list, get, create, update, delete…) or one tool
 * (docs/decisions.md, "Routes grouped into functions"): a route added to an existing function is one line
 * here, its handler, and one line in the function's routes module (functions/commons/route-dispatch.ts),
 * and costs the stack one resource (the API route); a new function costs five more.
 *
 * Browser-safe on purpose: no CDK or Node imports, so tests and the local runtime can read it cheaply.
 */

/**
 * - `public`: no credentials.
 * - `user`: a Cognito ID token (signed-in staff).
 * - `admin`: a Cognito ID token whose `cognito:groups` claim holds the admins group.
 * - `apiKey`: a Cognito ID token or an `lbm_` API key (the public API of spec 001 §7).
 */
export type AuthKind = 'public' | 'user' | 'admin' | 'apiKey';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A function's timeout when the table gives none, in AWS (infra/app-function.ts) and locally (the
 * gateway's Lambda context counts down from it), so a handler that watches its remaining time sees the
 * same deadline in both.
 */
export const DEFAULT_FUNCTION_TIMEOUT_SECONDS = 15;

/** One Lambda of the HTTP API: its code, its size and (through infra/function-access.ts) its grants. */
export interface HttpFunction {
  /** Stable PascalCase id: the CDK logical id is `${id}Function`; the local runtime names it so too. */
  readonly id: string;
  /**
   * Handler module, relative to the repository root; it exports `handler`. A function of several routes
   * points at its routes module, which hands each request to the handler of its route.
   */
  readonly entry: string;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  /** Native packages installed next to the bundle instead of bundled (sharp, for Lambda's arm64 Linux). */
  readonly nodeModules?: readonly string[];
}

export interface HttpRoute {
  /** Stable PascalCase id of the operation (logs, tests, the routes module's keys). */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax, `{name}` for a path parameter. */
  readonly path: string;
  readonly auth: AuthKind;
  /** The Lambda that serves it; several routes may share one. */
  readonly function: HttpFunction;
  /**
   * What an API key must be allowed to call it (shared/api-keys.ts, API_KEY_SCOPES); `apiKey` routes
   * only. A read is `read`, a write `admin`, unless its line says otherwise.
   */
  readonly scope?: ApiKeyScope;
  /**
   * A POST that creates something and takes `Idempotency-Key`: a repeat answers the first reply
   * (functions/idempotency/idempotent-handler.ts). The job routes take it through their own admission.
   * `sealed`: the reply holds a secret shown once (a signing secret, a link's token), so the reply kept
   * for a repeat is sealed with a KMS key of its own, which the route's function may seal and open with
   * (infra/function-access.ts, `sealedReplies`).
   */
  readonly idempotent?: IdempotentReplay;
}

/** How a creating route keeps its first reply for a repeated Idempotency-Key. */
export type IdempotentReplay = 'stored' | 'sealed';

type FunctionOptions = Pick<HttpFunction, 'timeoutSeconds' | 'memoryMb' | 'nodeModules'>;
type RouteOptions = FunctionOptions & {
  readonly scope?: ApiKeyScope;
  readonly idempotent?: IdempotentReplay;
};
const GENERATE = { scope: 'generate' } as const;
const PUBLISH = { scope: 'publish' } as const;
const READ = { scope: 'read' } as const;
/** A creating POST that replays its first reply to a repeated Idempotency-Key. */
const CREATES = { idempotent: 'stored' } as const;
/** A creating POST whose reply holds a secret shown once: its kept reply is sealed. */
const CREATES_SECRET = { idempotent: 'sealed' } as const;

/** A function that serves several routes; `entry` is its routes module under functions/. */
const httpFunction = (id: string, entry: string, options: FunctionOptions = {}): HttpFunction => ({
  id,
  entry: `functions/${entry}.ts`,
  ...options,
});

/**
 * One route. Given a handler module (a path under functions/), the route gets a function of its own,
 * named like the route; given a function, it joins that function's routes.
 */
function route(
  id: string,
  method: HttpMethod,
  path: string,
  handler: string | HttpFunction,
  auth: AuthKind,
  options: RouteOptions = {},
): HttpRoute {
  const { scope, idempotent, ...functionOptions } = options;
  const fn = typeof handler === 'string' ? httpFunction(id, handler, functionOptions) : handler;
  const replays = idempotent ? { idempotent } : {};
  if (auth !== 'apiKey') return { id, method, path, auth, function: fn, ...replays };
  return {
    id,
    method,
    path,
    auth,
    function: fn,
    scope: scope ?? (method === 'GET' ? 'read' : 'admin'),
    ...replays,
  };
}

/** Where the MCP server answers (Streamable HTTP: one POST endpoint). */
export const MCP_PATH = '/api/mcp';

/** Calls to a client's WordPress site may take a while (uploads), within API Gateway's 30 s. */
const WORDPRESS_TIMEOUT = { timeoutSeconds: 29 } as const;
const wordpress = httpFunction('WordPress', 'wordpress/routes', WORDPRESS_TIMEOUT);
const clients = httpFunction('Clients', 'clients/routes');
const clientAccess = httpFunction('ClientAccess', 'access/routes');
const content = httpFunction('Content', 'content/routes');
/** The library routes that save a new version: they carry the sanitizer and media tagging. */
const contentSaves = httpFunction('ContentSaves', 'content/save-routes');
/** API keys, and the webhook endpoints the same page manages. */
const apiKeys = httpFunction('ApiKeys', 'api-keys/routes');
/** Signed media links and presigned uploads: what reaches the media bucket without AWS credentials. */
const mediaSigning = httpFunction('SignMedia', 'media/signing-routes');
/**
 * Review links, comments and decisions: the app's routes and the public link's; and
 * the notifications they raise.
 */
const reviews = httpFunction('Reviews', 'reviews/routes');
/**
 * The health check, the `$default` route's answer to requests no route matches (UNMATCHED_ROUTE_KEY),
 * and the MCP server, which calls the API back and may wait for a job within API Gateway's 30 s.
 */
export const gatewayFunction = httpFunction('Gateway', 'gateway/routes', { timeoutSeconds: 29 });
/** What the AI work cost, and bulk runs from a spreadsheet. */
const usage = httpFunction('Usage', 'usage/routes');
const batches = httpFunction('Batches', 'batches/routes', { timeoutSeconds: 29 });
/** The agency's settings (its time zone). */
const settings = httpFunction('Settings', 'settings/routes');
/** A client's monthly statements, their links, its markup, and the public link's statement. */
const statements = httpFunction('Statements', 'statements/routes');
/**
 * Generation endpoints only enqueue a job, so they stay fast; the worker does the slow part. The
 * timeout leaves room for the public API's `Prefer: wait=25` (API Gateway's own limit is 30 s).
 */
const GENERATION_TIMEOUT = { timeoutSeconds: 29 } as const;
/** The GBP and social tools each make a post (text worker) and an image (media worker). */
const gbpPost = httpFunction('GbpPost', 'tools/gbp-post/routes', GENERATION_TIMEOUT);
const socialContent = httpFunction('SocialContent', 'tools/social-content/routes', GENERATION_TIMEOUT);

const toolFunctions: Readonly<Record<SharedToolFunction, HttpFunction>> = {
  GbpPost: gbpPost,
  SocialContent: socialContent,
};

/**
 * Each tool's generation route, in the catalog's order (shared/tools/catalog.ts): served by its own
 * handler `functions/tools/<tool>/handler.ts`, or by the function it shares with its sibling tool.
 */
const toolRoutes = (): HttpRoute[] =>
  TOOL_ROUTE_ENTRIES.map(([tool, { id, sharedFunction }]) => {
    const handler = sharedFunction ? toolFunctions[sharedFunction] : `tools/${tool}/handler`;
    return route(id, 'POST', toolEndpoint(tool), handler, 'apiKey', { ...GENERATION_TIMEOUT, ...GENERATE });
  });

function wordpressRoutes(): HttpRoute[] {
  const base = '/api/clients/{clientId}/wordpress';
  const wp = (id: string, method: HttpMethod, path: string) =>
    route(id, method, `${base}${path}`, wordpress, 'user');
  return [
    wp('ListWordPressPosts', 'GET', '/posts'),
    wp('GetWordPressPost', 'GET', '/posts/{postId}'),
    wp('CreateWordPressPost', 'POST', '/posts'),
    wp('UpdateWordPressPost', 'PUT', '/posts/{postId}'),
    wp('DeleteWordPressPost', 'DELETE', '/posts/{postId}'),
    // The calendar's drag of a scheduled post to another day.
    wp('RescheduleWordPressPost', 'POST', '/posts/{postId}/reschedule'),
    wp('ListWordPressCategories', 'GET', '/categories'),
    // Its own function: sniffing an uploaded image's type (file-type) would take the shared one over
    // its bundle budget, and only uploads need it.
    route(
      'UploadWordPressMedia',
      'POST',
      `${base}/media`,
      'wordpress/upload-media',
      'user',
      WORDPRESS_TIMEOUT,
    ),
    wp('TestWordPressConnection', 'POST', '/test'),
  ];
}

/**
 * A client's connections to the publishing channels (GBP, Facebook, Instagram, LinkedIn, X), Connect's
 * OAuth callback, and an item's publications (docs/architecture.md, "Publishing channels"). A publish now
 * is sent within the request, so the timeout leaves room for a platform's retries.
 */
const channels = httpFunction('Channels', 'social/routes', { timeoutSeconds: 29 });

function channelRoutes(): HttpRoute[] {
  const connections = '/api/clients/{clientId}/connections';
  // Not under …/connections/, whose {connectionId} would also match the word.
  const authorizations = '/api/clients/{clientId}/connection-authorizations';
  const publications = `${CONTENT_ITEM}/publications`;
  return [
    route('ListConnections', 'GET', connections, channels, 'apiKey'),
    route('StartConnection', 'POST', authorizations, channels, 'user'),
    route('GetConnectionAuthorization', 'GET', `${authorizations}/{authorizationId}`, channels, 'user'),
    route('CreateConnection', 'POST', connections, channels, 'user'),
    route('DeleteConnection', 'DELETE', `${connections}/{connectionId}`, channels, 'apiKey'),
    route('ChannelOAuthCallback', 'GET', '/api/channels/oauth/callback', channels, 'public'),
    route('ListPublications', 'GET', publications, channels, 'apiKey'),
    route('CreatePublication', 'POST', publications, channels, 'apiKey', { ...PUBLISH, ...CREATES }),
    route('GetPublication', 'GET', `${publications}/{publicationId}`, channels, 'apiKey'),
    route('DeletePublication', 'DELETE', `${publications}/{publicationId}`, channels, 'apiKey', PUBLISH),
    route('RetryPublication', 'POST', `${publications}/{publicationId}/retry`, channels, 'apiKey', PUBLISH),
    route(
      'ReschedulePublication',
      'POST',
      `${publications}/{publicationId}/reschedule`,
      channels,
      'apiKey',
      PUBLISH,
    ),
  ];
}

/** A client's statement of one month (`YYYY-MM`); its links hang under it. */
const STATEMENT = '/api/clients/{clientId}/statements/{month}';

/** A library item's path; its versions, reviews and due date hang under it. */
const CONTENT_ITEM = '/api/clients/{clientId}/content/{contentId}';

export const httpRoutes: readonly HttpRoute[] = [
  route('GetHealth', 'GET', '/api/health', gatewayFunction, 'public'),
  // The MCP server: agents call the public API through it, with the same key (functions/mcp/). It
  // holds no data access of its own, so it sits with the health check rather than costing a function.
  route('Mcp', 'POST', MCP_PATH, gatewayFunction, 'apiKey', READ),
  route('GetMe', 'GET', '/api/me', 'me/handler', 'user'),

  route('ListClients', 'GET', '/api/clients', clients, 'apiKey'),
  route('CreateClient', 'POST', '/api/clients', clients, 'apiKey', CREATES),
  route('GetClient', 'GET', '/api/clients/{clientId}', clients, 'apiKey'),
  route('UpdateClient', 'PUT', '/api/clients/{clientId}', clients, 'user'),
  route('PatchClient', 'PATCH', '/api/clients/{clientId}', clients, 'apiKey'),
  route('DeleteClient', 'DELETE', '/api/clients/{clientId}', clients, 'user'),
  route('RestoreClient', 'POST', '/api/clients/{clientId}/restore', clients, 'user'),
  // A client's monthly AI budget (owner or admin), and one more job past it (admins).
  route('SetClientBudget', 'PUT', '/api/clients/{clientId}/budget', clients, 'apiKey'),
  route('AllowExtraJob', 'POST', '/api/clients/{clientId}/budget/allow-one-more', clients, 'user'),

  route('ListAccess', 'GET', '/api/clients/{clientId}/access', clientAccess, 'user'),
  route('GrantAccess', 'POST', '/api/clients/{clientId}/access', clientAccess, 'user'),
  route('RevokeAccess', 'DELETE', '/api/clients/{clientId}/access/{accessId}', clientAccess, 'user'),

  // A client's library, readable with a key too (integrations and agents use what was made).
  route('ListContent', 'GET', '/api/clients/{clientId}/content', content, 'apiKey'),
  route('CreateContent', 'POST', '/api/clients/{clientId}/content', contentSaves, 'user'),
  route('GetContent', 'GET', '/api/clients/{clientId}/content/{contentId}', content, 'apiKey'),
  route('UpdateContent', 'PUT', '/api/clients/{clientId}/content/{contentId}', contentSaves, 'user'),
  route('DeleteContent', 'DELETE', '/api/clients/{clientId}/content/{contentId}', content, 'user'),
  route('RestoreContent', 'POST', '/api/clients/{clientId}/content/{contentId}/restore', content, 'user'),
  // An item's version history and its due date.
  route('ListContentVersions', 'GET', `${CONTENT_ITEM}/versions`, content, 'user'),
  route('GetContentVersion', 'GET', `${CONTENT_ITEM}/versions/{versionId}`, content, 'user'),
  route(
    'RestoreContentVersion',
    'POST',
    `${CONTENT_ITEM}/versions/{versionId}/restore`,
    contentSaves,
    'user',
  ),
  route('SetContentDueDate', 'PUT', `${CONTENT_ITEM}/due-date`, content, 'user'),

  // Review by colleagues (in the app) and by the client (a link that needs no account).
  route('CreateReview', 'POST', `${CONTENT_ITEM}/reviews`, reviews, 'apiKey', {
    ...PUBLISH,
    ...CREATES_SECRET,
  }),
  route('ListReviews', 'GET', `${CONTENT_ITEM}/reviews`, reviews, 'user'),
  route('RevokeReview', 'DELETE', `${CONTENT_ITEM}/reviews/{reviewId}`, reviews, 'user'),
  route('CreateContentComment', 'POST', `${CONTENT_ITEM}/comments`, reviews, 'user'),
  route('DecideContent', 'POST', `${CONTENT_ITEM}/decision`, reviews, 'user'),
  // An administrator completes an approval step in its place (the handler checks), answered with the
  // item's approval state; in the public API too (docs/decisions.md 'Approval steps').
  route('OverrideContentApproval', 'POST', `${CONTENT_ITEM}/approvals/override`, reviews, 'apiKey'),
  route('GetPublicReview', 'GET', '/api/reviews/{token}', reviews, 'public'),
  route('CreatePublicReviewComment', 'POST', '/api/reviews/{token}/comments', reviews, 'public'),
  route('DecidePublicReview', 'POST', '/api/reviews/{token}/decision', reviews, 'public'),
  // The content calendar across the clients a user can see.
  route('GetCalendar', 'GET', '/api/calendar', 'calendar/get-calendar', 'user'),

  // The caller's own notifications (a key reads its owner's) and their e-mail setting,
  // served by the Reviews function, whose events they tell of (a function of their own would cost the
  // stack five resources more: resource-budget.test.ts).
  route('ListNotifications', 'GET', '/api/notifications', reviews, 'apiKey'),
  route('MarkNotificationsRead', 'POST', '/api/notifications/read', reviews, 'apiKey', READ),
  route('GetNotificationSettings', 'GET', '/api/notifications/settings', reviews, 'user'),
  route('UpdateNotificationSettings', 'PUT', '/api/notifications/settings', reviews, 'user'),

  route('ListActivities', 'GET', '/api/activities', 'activities/list-activities', 'admin'),

  // Usage and cost (every signed-in user sees what they may; a key its owner's own jobs).
  route('GetUsage', 'GET', '/api/usage', usage, 'apiKey'),
  route('ListUsageJobs', 'GET', '/api/usage/jobs', usage, 'apiKey'),
  // Bulk generation: a batch of jobs fed to the queue within the user's job slots.
  route('ListBatches', 'GET', '/api/batches', batches, 'apiKey'),
  route('CreateBatch', 'POST', '/api/batches', batches, 'apiKey', { ...GENERATE, ...CREATES }),
  route('GetBatch', 'GET', '/api/batches/{batchId}', batches, 'apiKey'),
  route('CancelBatch', 'POST', '/api/batches/{batchId}/cancel', batches, 'apiKey', GENERATE),
  route('RetryFailedBatch', 'POST', '/api/batches/{batchId}/retry-failed', batches, 'apiKey', GENERATE),

  // The agency's time zone; anyone signed in reads it, admins change it (the handler checks).
  route('GetSettings', 'GET', '/api/settings', settings, 'apiKey'),
  route('UpdateSettings', 'PUT', '/api/settings', settings, 'apiKey'),

  // A client's statement of one month of the agency's zone (whoever sees the client),
  // its capability links (the public route answers them without an account), and its markup (admins).
  route('GetClientStatement', 'GET', STATEMENT, statements, 'apiKey'),
  route('CreateStatementLink', 'POST', `${STATEMENT}/links`, statements, 'apiKey', CREATES_SECRET),
  route('ListStatementLinks', 'GET', `${STATEMENT}/links`, statements, 'user'),
  route('RevokeStatementLink', 'DELETE', `${STATEMENT}/links/{linkId}`, statements, 'user'),
  route('SetClientBilling', 'PUT', '/api/clients/{clientId}/billing', statements, 'apiKey'),
  route('GetPublicStatement', 'GET', '/api/statement-links/{token}', statements, 'public'),

  ...wordpressRoutes(),
  ...channelRoutes(),

  // API keys: login tokens only (kind user), so a key can neither mint nor manage keys.
  route('ListApiKeys', 'GET', '/api/api-keys', apiKeys, 'user'),
  route('CreateApiKey', 'POST', '/api/api-keys', apiKeys, 'user'),
  route('UpdateApiKey', 'PATCH', '/api/api-keys/{keyId}', apiKeys, 'user'),
  route('DeleteApiKey', 'DELETE', '/api/api-keys/{keyId}', apiKeys, 'user'),
  // Webhooks (docs/architecture.md, "Webhooks"): registered in the app or with a key, on the same page.
  route('ListWebhooks', 'GET', '/api/webhooks', apiKeys, 'apiKey'),
  route('CreateWebhook', 'POST', '/api/webhooks', apiKeys, 'apiKey', CREATES_SECRET),
  route('DeleteWebhook', 'DELETE', '/api/webhooks/{webhookId}', apiKeys, 'apiKey'),
  route('ListWebhookDeliveries', 'GET', '/api/webhooks/{webhookId}/deliveries', apiKeys, 'apiKey'),
  route('SendTestWebhook', 'POST', '/api/webhooks/{webhookId}/test', apiKeys, 'apiKey', CREATES),
  route(
    'RedeliverWebhook',
    'POST',
    '/api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    apiKeys,
    'apiKey',
    CREATES,
  ),
  // The public API's own name for client content (001 §7), and the API's OpenAPI document.
  route('GenerateContent', 'POST', '/api/generate-content', 'public-api/generate-content', 'apiKey', {
    ...GENERATE,
    timeoutSeconds: 29,
  }),
  route('GetOpenApiDocument', 'GET', '/api/openapi.json', 'openapi/handler', 'public'),

  route('GetJob', 'GET', '/api/jobs/{jobId}', 'jobs/get-job', 'apiKey'),
  // The tools' generation routes (the GBP and social images run in the media worker); resizing
  // answers directly (sharp).
  ...toolRoutes(),
  route('ResizeImage', 'POST', '/api/resize-image', 'tools/resize-image/handler', 'apiKey', {
    ...GENERATE,
    timeoutSeconds: 29,
    memoryMb: 1536,
    nodeModules: ['sharp'],
  }),

  // Media tools: analysis and import answer directly.
  route('AnalyzeImage', 'POST', '/api/analyze-image', 'tools/analyze-image/handler', 'apiKey', {
    ...GENERATE,
    timeoutSeconds: 29,
    memoryMb: 1536,
    nodeModules: ['sharp'],
  }),
  route('FetchContent', 'POST', '/api/fetch-content', 'tools/fetch-content/handler', 'apiKey', {
    ...GENERATE,
    timeoutSeconds: 29,
  }),
  // Media is fetched with the caller's own key or token, or with a signed token (browser tags cannot send
  // headers; the route takes the credentials when it has them: functions/media/get-media.ts). Two
  // functions: only following a link presigns an S3 read, and signing need not carry the S3 client
  // (docs/decisions.md, "Bundles within budget").
  route('SignMedia', 'POST', '/api/media/sign', mediaSigning, 'apiKey', READ),
  // An image too large for a JSON body is uploaded straight to the bucket (shared/media-upload.ts).
  route('CreateMediaUpload', 'POST', '/api/media/uploads', mediaSigning, 'apiKey', GENERATE),
  route('GetMedia', 'GET', '/api/media/{userId}/{jobId}/{fileName}', 'media/get-media', 'apiKey'),
];

/**
 * The HTTP API's `$default` route: every request no route of the table matches. It answers in the API's
 * error shape, 404 for an unknown path and 405 with `Allow` for a known path asked with another method
 * (functions/gateway/unmatched-route.ts), which API Gateway's own answer ({"message":"Not Found"}) is
 * not. It is served by the Gateway function with the health check, and is public like it.
 */
export const UNMATCHED_ROUTE_KEY = '$default';

/**
 * The functions of the HTTP API, each once, in the order of their first route. Two different functions
 * under one id would fight over one logical id, so that is refused.
 */
export function functionsOf(routes: readonly HttpRoute[]): HttpFunction[] {
  const byId = new Map<string, HttpFunction>();
  for (const { function: fn } of routes) {
    const known = byId.get(fn.id);
    if (known && JSON.stringify(known) !== JSON.stringify(fn)) {
      throw new Error(`Two different functions are named ${fn.id} in the route table`);
    }
    byId.set(fn.id, fn);
  }
  return [...byId.values()];
}

export const httpFunctions: readonly HttpFunction[] = functionsOf(httpRoutes);

/** The routes one function serves. */
export const routesOf = (functionId: string, routes: readonly HttpRoute[] = httpRoutes): HttpRoute[] =>
  routes.filter((candidate) => candidate.function.id === functionId);

export interface WebSocketRoute {
  readonly id: string;
  readonly routeKey: '$connect' | '$disconnect' | '$default';
  readonly entry: string;
}

export const webSocketRoutes: readonly WebSocketRoute[] = [
  { id: 'WsConnect', routeKey: '$connect', entry: 'functions/websocket/connect.ts' },
  { id: 'WsDisconnect', routeKey: '$disconnect', entry: 'functions/websocket/disconnect.ts' },
  { id: 'WsDefault', routeKey: '$default', entry: 'functions/websocket/default.ts' },
];

/** Functions that no route calls directly: authorizers, the queue worker and Cognito triggers. */
export const backgroundFunctions = {
  httpAuthorizer: 'functions/auth/http-authorizer.ts',
  webSocketAuthorizer: 'functions/auth/websocket-authorizer.ts',
  worker: 'functions/worker/handler.ts',
  /** Image and speech jobs: sharp, espeak-ng and lamejs load only here (own queue, own memory). */
  mediaWorker: 'functions/media/worker.ts',
  /** Both dead-letter queues: fails the jobs a worker left unfinished and tells their users. */
  deadLetters: 'functions/dlq/handler.ts',
  /** Every minute: feeds the bulk runs that wait for job slots (infra/rate-schedule.ts). */
  batchFeeder: 'functions/batches/scheduled-feed.ts',
  /** Every 15 minutes: e-mails reviewers whose link expires soon, once per link (infra/rate-schedule.ts). */
  reviewReminders: 'functions/notifications/scheduled-reminders.ts',
  /** Every minute: sends the channel posts whose time has come (functions/social/scheduled-publisher.ts). */
  scheduledPublisher: 'functions/social/scheduled-publisher.ts',
  preSignUp: 'functions/auth/pre-sign-up.ts',
  postConfirmation: 'functions/auth/post-confirmation.ts',
  /** Run on deploy: puts the listed admins who already have an account in the admins group. */
  adminPromotion: 'functions/auth/admin-promotion.ts',
  /** Run on deploy: copies the delete snapshots of earlier versions from S3 into the table. */
  trashMigration: 'functions/trash/migrate-s3-trash.ts',
  /** Run on deploy: fills staff's per-client usage counters for the jobs settled before they existed. */
  usageBackfill: 'functions/usage/usage-backfill.ts',
  /** Run on deploy: gives the activities recorded before the byAction index their keys there. */
  activityIndexFill: 'functions/activities/activity-index-fill.ts',
} as const;

/** Environment variable names shared by the CDK stack, the local runtime and the handlers. */
export const envNames = {
  tableName: 'TABLE_NAME',
  mediaBucket: 'MEDIA_BUCKET',
  jobsQueueUrl: 'JOBS_QUEUE_URL',
  mediaJobsQueueUrl: 'MEDIA_JOBS_QUEUE_URL',
  /** The HMAC secret of media URL tokens: the value locally, a Secrets Manager ARN in AWS. */
  mediaUrlSecret: 'MEDIA_URL_SECRET',
  mediaUrlSecretArn: 'MEDIA_URL_SECRET_ARN',
  /** The value CloudFront sends in x-origin-verify: the value locally, a Secrets Manager ARN in AWS. */
  originSecret: 'ORIGIN_SECRET',
  originSecretArn: 'ORIGIN_SECRET_ARN',
  webSocketCallbackUrl: 'WS_CALLBACK_URL',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Local only: cognito-local's issuer and JWKS differ from AWS's derived URLs. */
  tokenIssuer: 'TOKEN_ISSUER',
  jwksUri: 'JWKS_URI',
  allowedEmailDomain: 'ALLOWED_EMAIL_DOMAIN',
  adminEmails: 'ADMIN_EMAILS',
  adminGroup: 'ADMIN_GROUP',
  providerSecretArn: 'PROVIDER_SECRET_ARN',
  /** The publishing platforms' app credentials in AWS (shared/channels.ts `channelAppEnvNames` names its keys). */
  socialAppsSecretArn: 'SOCIAL_APPS_SECRET_ARN',
  wordpressKeyId: 'WORDPRESS_KMS_KEY_ID',
  /** The KMS key that seals the replies kept for a repeated Idempotency-Key that hold a secret. */
  sealedRepliesKeyId: 'SEALED_REPLIES_KMS_KEY_ID',
  /** Local only: the AES-256-GCM key file that stands in for KMS. */
  localKeyFile: 'LOCAL_KEY_FILE',
  fetchAllowHosts: 'FETCH_ALLOW_HOSTS',
  /** Requests one API key may make per window (default 60, shared/api-keys.ts). */
  apiKeyRateLimit: 'API_KEY_RATE_LIMIT',
  /** Length of that window in seconds (default 60). */
  apiKeyRateWindow: 'API_KEY_RATE_WINDOW_SECONDS',
  /** The SES identity notification e-mail is sent from, and its region (infra/mail-sender.ts). */
  mailFrom: 'MAIL_FROM',
  mailRegion: 'MAIL_REGION',
} as const;

export { ADMIN_GROUP_NAME } from '#shared/auth-groups';
