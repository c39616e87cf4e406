import { type HttpFunction, httpRoutes } from '#contract/routes';
import { TOOL_ROUTE_ENTRIES } from '#shared/tools/catalog';

/**
 * What each Lambda may touch, derived from where its handler lives so that a new function in an existing
 * folder gets the right grants without an extra line. A function holds the grants of all its routes
 * (contract/routes.ts groups a resource's routes in one function). The stack turns this into IAM statements; the
 * environment variables naming the resources go to every function regardless (names are not secrets,
 * and the handlers read them lazily), so a missing grant shows up as AccessDenied, never as a crash.
 *
 * No CDK imports: the unit tests and anyone reviewing permissions can read it cheaply.
 */

export type AccessLevel = 'read' | 'readWrite';

/** A write held to the items of one partition pattern (ItemWrites). */
export type ItemWriteAction = 'dynamodb:PutItem' | 'dynamodb:UpdateItem' | 'dynamodb:DeleteItem';

/**
 * Writes held to one kind of item (dynamodb:LeadingKeys), for a function that writes no others: the
 * items whose partition key is made of `partitionAttribute` alone (functions/data/item-keys.ts,
 * `$lbm#<attribute>_<value>`).
 */
export interface ItemWrites {
  readonly partitionAttribute: string;
  readonly actions: readonly ItemWriteAction[];
}

export interface FunctionAccess {
  readonly table: AccessLevel | null;
  /** The writes `table: 'readWrite'` grants, where the code makes fewer than all three. */
  readonly tableWrites?: readonly ItemWriteAction[];
  /** dynamodb:BatchWriteItem, besides `table: 'readWrite'` (functions/data/batch-operations.ts). */
  readonly tableBatchWrites?: boolean;
  /** Writes to one kind of item only, for a function whose `table` is 'read' or null. */
  readonly itemWrites?: ItemWrites;
  readonly mediaBucket: AccessLevel | null;
  /** s3:PutObjectTagging on the media bucket's objects: marking media a library item keeps as saved. */
  readonly mediaTagging?: boolean;
  /**
   * s3:PutObject and s3:PutObjectTagging on uploads' keys only (shared/media-upload.ts): a presigned POST
   * is allowed what its signer is allowed, and this function signs them without writing any media itself.
   */
  readonly mediaUploads?: boolean;
  /** sqs:SendMessage on the jobs queue. */
  readonly jobsQueue: boolean;
  /**
   * kms:Encrypt (storing a WordPress password) or kms:Decrypt (using one) with the WordPress key, or both
   * (the publishing channels' tokens, which are refreshed and stored again where they are used).
   */
  readonly wordpressKey: false | 'encrypt' | 'decrypt' | 'encryptDecrypt';
  /** execute-api:ManageConnections on the WebSocket stage (live progress, live activity feed). */
  readonly webSocket: boolean;
  /** secretsmanager:GetSecretValue on the provider API keys. */
  readonly providerSecret: boolean;
  /** ses:SendEmail from the app's sender (infra/mail-sender.ts): notification e-mail. */
  readonly mail?: boolean;
  /** secretsmanager:GetSecretValue on the publishing platforms' app credentials. */
  readonly socialAppsSecret?: boolean;
  /**
   * kms:Encrypt and kms:Decrypt with the sealed replies' own key (not the WordPress key): the function
   * serves a create the route table marks `sealed`, whose reply, kept for a repeated Idempotency-Key,
   * holds a secret shown once. Derived from the route table.
   */
  readonly sealedReplies?: boolean;
}

export const NO_ACCESS: FunctionAccess = {
  table: null,
  mediaBucket: null,
  jobsQueue: false,
  wordpressKey: false,
  webSocket: false,
  providerSecret: false,
};

/** Functions in a folder that has no entry here only read and write the table. */
export const DEFAULT_ROUTE_ACCESS: FunctionAccess = { ...NO_ACCESS, table: 'readWrite' };

/** Keyed by the first folder under `functions/`. */
export const FOLDER_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  // Public and unauthenticated: it reports the process is up and touches no data.
  gateway: NO_ACCESS,
  // Answers from the verified token's claims alone.
  me: NO_ACCESS,
  // Client writes encrypt the WordPress password, and updates, deletes and restores are activities
  // pushed live to the admins' feed. Delete snapshots live in the table (functions/trash/trash-bin.ts).
  clients: { ...DEFAULT_ROUTE_ACCESS, wordpressKey: 'encrypt', webSocket: true },
  // Granting and removing access are activities pushed live to the admins' feed.
  access: { ...DEFAULT_ROUTE_ACCESS, webSocket: true },
  // Saves are activities; delete snapshots live in the table like the items themselves.
  content: { ...DEFAULT_ROUTE_ACCESS, webSocket: true, mediaTagging: true },
  activities: { ...NO_ACCESS, table: 'read' },
  // Signing media URLs checks client access and the library item; fetching one presigns an S3 read.
  media: { ...NO_ACCESS, table: 'read', mediaBucket: 'read' },
  // Polling a job presigns the URLs of the media it produced.
  jobs: { ...NO_ACCESS, table: 'read', mediaBucket: 'read' },
  // Generation endpoints create the job item, stage large inputs (uploaded images) and enqueue.
  tools: { ...DEFAULT_ROUTE_ACCESS, mediaBucket: 'readWrite', jobsQueue: true },
  // Publishing decrypts the client's application password and uploads stored images to the site;
  // publishes, updates, deletes and uploads are activities pushed live to the admins' feed.
  // A post made public is a webhook event: its attempt goes on the jobs queue (functions/webhooks/).
  wordpress: {
    ...DEFAULT_ROUTE_ACCESS,
    mediaBucket: 'read',
    wordpressKey: 'decrypt',
    webSocket: true,
    jobsQueue: true,
  },
  // Webhook endpoints: their signing secrets are sealed with the KMS key, and a test event or a
  // redelivery queues an attempt.
  'api-keys': { ...DEFAULT_ROUTE_ACCESS, wordpressKey: 'encrypt', jobsQueue: true },
  // Publishing channels: the connections' tokens are sealed and opened with the KMS key, the platforms'
  // app credentials read, post images read from the media bucket (and presigned for the platforms that
  // fetch them); connects, posts and their failures are activities pushed to the admins' feed; a post
  // published is a webhook event, queued.
  social: {
    ...DEFAULT_ROUTE_ACCESS,
    jobsQueue: true,
    mediaBucket: 'read',
    wordpressKey: 'encryptDecrypt',
    socialAppsSecret: true,
    webSocket: true,
  },
  // Reviews: links, comments and decisions are items; each is pushed live to the client's
  // audience and recorded as an activity; a client's comment or decision is a webhook event, queued.
  reviews: { ...DEFAULT_ROUTE_ACCESS, webSocket: true, jobsQueue: true },
  // The calendar only reads the items and clients a user can see.
  calendar: { ...NO_ACCESS, table: 'read' },
  // The public API's own generation endpoints queue jobs exactly like tools/.
  'public-api': { ...DEFAULT_ROUTE_ACCESS, mediaBucket: 'readWrite', jobsQueue: true },
  // The OpenAPI document is built from code alone.
  openapi: NO_ACCESS,
  // Usage reads the usage items, the days' counters and the clients.
  usage: { ...NO_ACCESS, table: 'read' },
  // Bulk runs store their rows and feed them to the jobs queue.
  batches: { ...DEFAULT_ROUTE_ACCESS, jobsQueue: true },
  // The agency's settings item; a change is an activity pushed live to the admins' feed.
  settings: { ...DEFAULT_ROUTE_ACCESS, webSocket: true },
  // Statements read the client's items and usage and store their links and markup; links and markup
  // changes are activities pushed live to the admins' feed.
  statements: { ...DEFAULT_ROUTE_ACCESS, webSocket: true },
};

export const BACKGROUND_ACCESS = {
  // Looks API keys up by hash (GetItem) and stamps last_used_at on the key's own item; it writes nothing
  // else (functions/auth/api-key-authorizer.ts).
  httpAuthorizer: {
    ...NO_ACCESS,
    table: 'read',
    itemWrites: { partitionAttribute: 'keyHash', actions: ['dynamodb:UpdateItem'] },
  },
  // Verifies the token's signature and claims only.
  webSocketAuthorizer: NO_ACCESS,
  // Stores and removes connection items and answers on the socket.
  webSocketHandler: { ...DEFAULT_ROUTE_ACCESS, webSocket: true },
  // Text jobs: the job, client and library items, live progress and the provider keys; no media, and
  // no WordPress password (nothing it runs publishes). A bulk run's row that finishes feeds the run its
  // next rows, and a job's end is a webhook event, so it sends to the jobs queue. It also makes the
  // webhooks' attempts, whose signing secrets it opens with the KMS key (functions/webhooks/).
  worker: {
    table: 'readWrite',
    mediaBucket: null,
    jobsQueue: true,
    wordpressKey: 'decrypt',
    webSocket: true,
    providerSecret: true,
  },
  // Fails the jobs whose messages reached a dead-letter queue and tells their users; a bulk run's row
  // failed there feeds the run its next rows (whose estimates need the provider keys' presence).
  deadLetters: { ...NO_ACCESS, table: 'readWrite', webSocket: true, jobsQueue: true, providerSecret: true },
  // Feeds the batches that wait for job slots, as a row's settle does (puts and updates of the rows, jobs,
  // slots and budgets), and deletes their waiting marks, nothing else (functions/batches/scheduled-feed.ts,
  // batch-waits.ts).
  batchFeeder: {
    ...NO_ACCESS,
    table: 'readWrite',
    tableWrites: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
    itemWrites: { partitionAttribute: 'batchWaits', actions: ['dynamodb:DeleteItem'] },
    jobsQueue: true,
    // Its rows' estimates need the provider keys' presence, as the admission's do.
    providerSecret: true,
  },
  // Reads the links that expire soon (and their items and clients), claims each reminder once (its own
  // mailOnce item) and e-mails the reviewer (functions/notifications/scheduled-reminders.ts).
  reviewReminders: {
    ...NO_ACCESS,
    table: 'read',
    itemWrites: { partitionAttribute: 'mailOnce', actions: ['dynamodb:PutItem'] },
    mail: true,
  },
  // Sends the channel posts whose time has come, as a publish now does (functions/social/).
  scheduledPublisher: {
    ...NO_ACCESS,
    table: 'readWrite',
    mediaBucket: 'read',
    wordpressKey: 'encryptDecrypt',
    socialAppsSecret: true,
    webSocket: true,
    jobsQueue: true,
  },
  // The domain check needs nothing; post-confirmation gets its Cognito grant separately.
  cognitoTrigger: NO_ACCESS,
} as const satisfies Record<string, FunctionAccess>;

export function functionFolder(fn: Pick<HttpFunction, 'entry'>): string {
  const match = /^functions\/([^/]+)\//.exec(fn.entry);
  if (!match?.[1]) throw new Error(`Function entry ${fn.entry} is not under functions/<folder>/`);
  return match[1];
}

/**
 * Functions that use less than their folder grants, by function id: read from what
 * each function's code reaches (all its routes' handlers) (test/infra/function-grants.test.ts bundles every entry and checks that
 * no function is granted a client its code cannot reach).
 */
const TABLE_ONLY: FunctionAccess = DEFAULT_ROUTE_ACCESS;
const TABLE_READ: FunctionAccess = { ...NO_ACCESS, table: 'read' };
/**
 * Generation routes create the job and enqueue it; nothing of theirs touches the media bucket. They read
 * the provider keys for one thing: whether the job's provider has a key, since a job that runs offline
 * costs nothing and holds nothing of its client's budget (functions/budgets/billable-estimate.ts;
 * docs/decisions.md, "Client budgets that tell the truth"). The bulk runs' feeder asks the same.
 */
const ENQUEUE_ONLY: FunctionAccess = { ...TABLE_ONLY, jobsQueue: true, providerSecret: true };
export const FUNCTION_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  // Creating and updating a client encrypt its WordPress password; updates, deletes, restores and budget
  // changes are activities pushed to the admins' feed. Deleting and restoring a client moves its library
  // and grants in batch writes (functions/clients/client-trash.ts).
  Clients: { ...TABLE_ONLY, tableBatchWrites: true, wordpressKey: 'encrypt', webSocket: true },
  Usage: TABLE_READ,
  // Rows, batches, jobs, slots and budgets are put and updated; nothing of a bulk run is deleted.
  Batches: { ...ENQUEUE_ONLY, tableWrites: ['dynamodb:PutItem', 'dynamodb:UpdateItem'] },
  // Granting and removing access are activities pushed to the admins' feed.
  ClientAccess: { ...TABLE_ONLY, webSocket: true },
  // Reading, deleting and restoring library items, and their due dates: the table alone. A delete and a
  // restore move the item's versions and comments in batch writes (functions/content/content-history.ts).
  Content: { ...TABLE_ONLY, tableBatchWrites: true },
  // Saving a library item is an activity pushed to the admins' feed; the media a save names is tagged
  // to be kept (functions/media/saved-media.ts). A new version kept under review is e-mailed to its
  // reviewers.
  // The review notices' delivery it loads (for the new version's e-mail) also queues the webhook events
  // of a client's comment or decision.
  ContentSaves: { ...TABLE_ONLY, webSocket: true, mediaTagging: true, mail: true, jobsQueue: true },
  // Keys are the table alone; webhook endpoints seal their secrets and queue test events and redeliveries.
  ApiKeys: { ...TABLE_ONLY, wordpressKey: 'encrypt', jobsQueue: true },
  // Review links, comments and decisions (public and in the app) are written and pushed to the client's
  // creator, grantees and the admins; a link goes to its reviewer and a client's decision to the item's
  // owner and followers by e-mail; the caller's notifications and e-mail setting.
  Reviews: { ...TABLE_ONLY, webSocket: true, mail: true, jobsQueue: true },
  GetCalendar: TABLE_READ,
  GetJob: TABLE_READ,
  // Every tool's own generation function, by its route (shared/tools/catalog.ts); a media tool's jobs
  // are queued on the media queue (infra/media-worker.ts grants that).
  ...Object.fromEntries(
    TOOL_ROUTE_ENTRIES.filter(([, route]) => !route.sharedFunction).map(([, route]) => [
      route.id,
      ENQUEUE_ONLY,
    ]),
  ),
  GenerateContent: ENQUEUE_ONLY,
  // A post and an image each (the image on the media queue, infra/media-worker.ts).
  SocialContent: ENQUEUE_ONLY,
  GbpPost: ENQUEUE_ONLY,
  // Answer directly: no job, no queue.
  ResizeImage: { ...TABLE_ONLY, mediaBucket: 'readWrite' },
  // Vision calls the provider with its key; both record an activity that is pushed to the admins' feed.
  // It reads an uploaded image by its key (shared/media-upload.ts).
  AnalyzeImage: { ...TABLE_ONLY, webSocket: true, providerSecret: true, mediaBucket: 'read' },
  FetchContent: { ...TABLE_ONLY, webSocket: true },
  // Both check access and use the media URL secret (granted to the media folder); only following a
  // link presigns an S3 read. Signing also hands out presigned uploads, which write as their signer.
  SignMedia: { ...TABLE_READ, mediaUploads: true },
  GetMedia: { ...TABLE_READ, mediaBucket: 'read' },
  // Every route decrypts the client's application password; publishing, updates, deletes and uploads
  // are activities pushed to the admins' feed.
  WordPress: { ...TABLE_ONLY, wordpressKey: 'decrypt', webSocket: true, jobsQueue: true },
  UploadWordPressMedia: { ...TABLE_ONLY, wordpressKey: 'decrypt', webSocket: true },
  // Stores the connection's own item, and reads nothing (functions/websocket/connect.ts).
  WsConnect: {
    ...NO_ACCESS,
    itemWrites: { partitionAttribute: 'connectionId', actions: ['dynamodb:PutItem'] },
  },
  // Deletes the connection's own item and reads nothing (functions/websocket/disconnect.ts).
  WsDisconnect: {
    ...NO_ACCESS,
    itemWrites: { partitionAttribute: 'connectionId', actions: ['dynamodb:DeleteItem'] },
  },
  WsDefault: { ...NO_ACCESS, webSocket: true },
};

export function functionAccess(fn: Pick<HttpFunction, 'entry'> & { readonly id?: string }): FunctionAccess {
  const own = fn.id === undefined ? undefined : FUNCTION_ACCESS[fn.id];
  const access = own ?? FOLDER_ACCESS[functionFolder(fn)] ?? DEFAULT_ROUTE_ACCESS;
  const seals = httpRoutes.some((route) => route.function.id === fn.id && route.idempotent === 'sealed');
  return seals ? { ...access, sealedReplies: true } : access;
}
