/**
 * The one route table. The CDK stack turns every entry into its own Lambda + HTTP API route, and the
 * local gateway (local/gateway.ts) serves the very same entries, so an endpoint exists in both runtimes
 * or in neither. Adding an endpoint is one line here plus its handler file.
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

export interface HttpRoute {
  /** Stable PascalCase id: the CDK logical id of the function and the local gateway's log label. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax, `{name}` for a path parameter. */
  readonly path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly auth: AuthKind;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  /** Native packages installed next to the bundle instead of bundled (sharp, for Lambda's arm64 Linux). */
  readonly nodeModules?: readonly string[];
}

const route = (
  id: string,
  method: HttpMethod,
  path: string,
  entry: string,
  auth: AuthKind,
  options: Pick<HttpRoute, 'timeoutSeconds' | 'memoryMb' | 'nodeModules'> = {},
): HttpRoute => ({ id, method, path, entry: `functions/${entry}.ts`, auth, ...options });

/**
 * Generation endpoints only enqueue a job, so they stay fast; the worker does the slow part. The
 * timeout leaves room for the public API's `Prefer: wait=25` (API Gateway's own limit is 30 s).
 */
const generation = (id: string, path: string, tool: string): HttpRoute =>
  route(id, 'POST', `/api/${path}`, `tools/${tool}/handler`, 'apiKey', { timeoutSeconds: 29 });

/** WordPress publishing: calls to the client's site may take a while (uploads), within API Gateway's 30 s. */
function wordpressRoutes(): HttpRoute[] {
  const base = '/api/clients/{clientId}/wordpress';
  const wp = (id: string, method: HttpMethod, path: string, file: string) =>
    route(id, method, `${base}${path}`, `wordpress/${file}`, 'user', { timeoutSeconds: 29 });
  return [
    wp('ListWordPressPosts', 'GET', '/posts', 'list-posts'),
    wp('GetWordPressPost', 'GET', '/posts/{postId}', 'get-post'),
    wp('CreateWordPressPost', 'POST', '/posts', 'create-post'),
    wp('UpdateWordPressPost', 'PUT', '/posts/{postId}', 'update-post'),
    wp('DeleteWordPressPost', 'DELETE', '/posts/{postId}', 'delete-post'),
    wp('ListWordPressCategories', 'GET', '/categories', 'list-categories'),
    wp('UploadWordPressMedia', 'POST', '/media', 'upload-media'),
    wp('TestWordPressConnection', 'POST', '/test', 'test-connection'),
  ];
}

export const httpRoutes: readonly HttpRoute[] = [
  route('GetHealth', 'GET', '/api/health', 'health/handler', 'public'),
  route('GetMe', 'GET', '/api/me', 'me/handler', 'user'),

  route('ListClients', 'GET', '/api/clients', 'clients/list-clients', 'apiKey'),
  route('CreateClient', 'POST', '/api/clients', 'clients/create-client', 'apiKey'),
  route('GetClient', 'GET', '/api/clients/{clientId}', 'clients/get-client', 'user'),
  route('UpdateClient', 'PUT', '/api/clients/{clientId}', 'clients/update-client', 'user'),
  route('DeleteClient', 'DELETE', '/api/clients/{clientId}', 'clients/delete-client', 'user'),
  route('RestoreClient', 'POST', '/api/clients/{clientId}/restore', 'clients/restore-client', 'user'),

  route('ListAccess', 'GET', '/api/clients/{clientId}/access', 'access/list-access', 'user'),
  route('GrantAccess', 'POST', '/api/clients/{clientId}/access', 'access/grant-access', 'user'),
  route(
    'RevokeAccess',
    'DELETE',
    '/api/clients/{clientId}/access/{accessId}',
    'access/revoke-access',
    'user',
  ),

  route('ListContent', 'GET', '/api/clients/{clientId}/content', 'content/list-content', 'user'),
  route('CreateContent', 'POST', '/api/clients/{clientId}/content', 'content/create-content', 'user'),
  route('GetContent', 'GET', '/api/clients/{clientId}/content/{contentId}', 'content/get-content', 'user'),
  route(
    'UpdateContent',
    'PUT',
    '/api/clients/{clientId}/content/{contentId}',
    'content/update-content',
    'user',
  ),
  route(
    'DeleteContent',
    'DELETE',
    '/api/clients/{clientId}/content/{contentId}',
    'content/delete-content',
    'user',
  ),
  route(
    'RestoreContent',
    'POST',
    '/api/clients/{clientId}/content/{contentId}/restore',
    'content/restore-content',
    'user',
  ),

  route('ListActivities', 'GET', '/api/activities', 'activities/list-activities', 'admin'),

  ...wordpressRoutes(),

  // API keys (issue 14): login tokens only (kind user), so a key can neither mint nor manage keys.
  route('ListApiKeys', 'GET', '/api/api-keys', 'api-keys/list-api-keys', 'user'),
  route('CreateApiKey', 'POST', '/api/api-keys', 'api-keys/create-api-key', 'user'),
  route('UpdateApiKey', 'PATCH', '/api/api-keys/{keyId}', 'api-keys/update-api-key', 'user'),
  route('DeleteApiKey', 'DELETE', '/api/api-keys/{keyId}', 'api-keys/delete-api-key', 'user'),
  // The public API's own name for client content (001 §7), and the API's OpenAPI document.
  route('GenerateContent', 'POST', '/api/generate-content', 'public-api/generate-content', 'apiKey', {
    timeoutSeconds: 29,
  }),
  route('GetOpenApiDocument', 'GET', '/api/openapi.json', 'openapi/handler', 'public'),

  route('GetJob', 'GET', '/api/jobs/{jobId}', 'jobs/get-job', 'apiKey'),
  generation('GenerateNewsletter', 'generate-newsletter', 'newsletter'),
  generation('GeneratePressRelease', 'generate-press-release', 'press-release'),
  generation('RewriteBlog', 'rewrite-blog', 'blog-rewrite'),
  generation('GenerateFaq', 'generate-faq', 'faq'),
  generation('GenerateClientContent', 'generate-client-content', 'client-content'),
  generation('GenerateSocialContent', 'generate-social-content', 'social-content'),
  generation('GenerateGbpPost', 'generate-gbp-post', 'gbp-post'),
  // One run of the Multi-Platform Creator: the media worker runs its child jobs of the text tools.
  generation('GenerateMultiPlatform', 'generate-multi-platform', 'multi-platform'),
  // Issue 12: the GBP and social images run in the media worker; resizing answers directly (sharp).
  route('GenerateGbpImage', 'POST', '/api/generate-gbp-image', 'tools/gbp-post/image-handler', 'apiKey', {
    timeoutSeconds: 29,
  }),
  route(
    'GenerateSocialImage',
    'POST',
    '/api/generate-social-image',
    'tools/social-content/image-handler',
    'apiKey',
    {
      timeoutSeconds: 29,
    },
  ),
  route('ResizeImage', 'POST', '/api/resize-image', 'tools/resize-image/handler', 'apiKey', {
    timeoutSeconds: 29,
    memoryMb: 1536,
    nodeModules: ['sharp'],
  }),

  // Media tools (issue 11): the two jobs run in the media worker; analysis and import answer directly.
  generation('GenerateImage', 'generate-image', 'image-generation'),
  generation('TextToSpeech', 'text-to-speech', 'text-to-speech'),
  route('AnalyzeImage', 'POST', '/api/analyze-image', 'tools/analyze-image/handler', 'apiKey', {
    timeoutSeconds: 29,
    memoryMb: 1536,
    nodeModules: ['sharp'],
  }),
  route('FetchContent', 'POST', '/api/fetch-content', 'tools/fetch-content/handler', 'apiKey', {
    timeoutSeconds: 29,
  }),
  // Media is fetched with a signed token (browser tags cannot send headers); signing checks access.
  route('SignMedia', 'POST', '/api/media/sign', 'media/sign-media', 'apiKey'),
  route('GetMedia', 'GET', '/api/media/{userId}/{jobId}/{fileName}', 'media/get-media', 'public'),
];

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
  preSignUp: 'functions/auth/pre-sign-up.ts',
  postConfirmation: 'functions/auth/post-confirmation.ts',
  /** Run on deploy: copies the delete snapshots of earlier versions from S3 into the table (issue 15). */
  trashMigration: 'functions/trash/migrate-s3-trash.ts',
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
  wordpressKeyId: 'WORDPRESS_KMS_KEY_ID',
  /** Local only: the AES-256-GCM key file that stands in for KMS. */
  localKeyFile: 'LOCAL_KEY_FILE',
  fetchAllowHosts: 'FETCH_ALLOW_HOSTS',
  /** Requests one API key may make per window (default 60, shared/api-keys.ts). */
  apiKeyRateLimit: 'API_KEY_RATE_LIMIT',
  /** Length of that window in seconds (default 60). */
  apiKeyRateWindow: 'API_KEY_RATE_WINDOW_SECONDS',
} as const;

export { ADMIN_GROUP_NAME } from '#shared/auth-groups';
