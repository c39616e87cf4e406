import { Entity } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { set } from 'dynamodb-toolbox/schema/set';
import { string } from 'dynamodb-toolbox/schema/string';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import { byInstructionField } from '#shared/client-instructions';
import { instructionPreviewsOf } from '#shared/client-list';

import { storedSummaryOf } from '#shared/content-summary';
import { entityVersion, partitionKey, type SingleTable, singleTable, sortKey } from './item-keys';
import { lazily } from './once';

/**
 * The single DynamoDB table (docs/architecture.md, "Data: one table"), described as dynamodb-toolbox entities. Every request is served
 * by GetItem or Query; ids are ULIDs, so sorting by id is sorting by creation time.
 *
 * Table layout: pk/sk plus three generic GSIs (gsi1..gsi3) and the TTL attribute `expiresAt`, the same
 * in infra/ (CDK) and local/ (table bootstrap). Keys and index attributes keep the format ElectroDB wrote
 * (item-keys.ts), so tables filled before the switch read and update as they always did. An index
 * attribute is computed from its composites on every put (`link`); updates never change a composite.
 */

/** The constant partition of the "every client" index and of the activity feed. */
const ALL = 'all';

const optionalString = () => string().optional();
/** A key or index attribute: written from its composites, never returned. */
const indexKey = () => string().optional().hidden();

const clientAttributes = () =>
  item({
    clientId: string().key(),
    name: string(),
    company_name: optionalString(),
    owner: optionalString(),
    email: optionalString(),
    phone: optionalString(),
    website: optionalString(),
    facebook: optionalString(),
    linkedin: optionalString(),
    gbp: optionalString(),
    address: optionalString(),
    city: optionalString(),
    state: optionalString(),
    postal_code: optionalString(),
    country: optionalString(),
    ...byInstructionField(() => optionalString()),
    wordpress_url: optionalString(),
    wordpress_username: optionalString(),
    /** Envelope-encrypted application password (functions/clients/password-cipher.ts); never returned. */
    wordpress_password_cipher: optionalString(),
    createdBy: string(),
    createdByEmail: optionalString(),
    createdAt: string(),
    updatedAt: string(),
    contentCount: number().optional().default(0),
    accessCount: number().optional().default(0),
    /** 'Require approval before publishing'; absent on older clients: off. */
    requireApproval: boolean().optional(),
    /** `approval_steps` (shared/approvals.ts); absent on older clients: `none`. */
    approvalSteps: optionalString(),
    /** The monthly AI budget in micro-dollars; absent when the client has none. */
    budgetMicroUsd: number().optional(),
    /** The markup its statements bill on the AI cost, in basis points; absent: none. */
    markupBasisPoints: number().optional(),
    /** Constant partition of the "every client" index used by admins. */
    allClients: string().optional().default(ALL),
    edbVersion: entityVersion(),
  });

const clientSchema = () =>
  clientAttributes().and((attributes) => ({
    /**
     * The cards' previews of the instructions (shared/client-list.ts), written with them, so the list
     * reads a few hundred bytes per client instead of the full texts. Every put computes them;
     * updateClient sets them with the instructions. Items written before have none, and the list reads
     * those whole (functions/clients/client-list.ts). Its presence is what tells the two apart, so a
     * client without instructions still stores an empty map.
     */
    instructionPreviews: map(byInstructionField(() => optionalString()))
      .optional()
      .link<typeof attributes>((client) => instructionPreviewsOf(client)),
    /** byCreator: a user's created clients, by id. */
    gsi1pk: indexKey().link<typeof attributes>(({ createdBy }) => partitionKey([['createdBy', createdBy]])),
    gsi1sk: indexKey().link<typeof attributes>(({ clientId }) => sortKey('client', [['clientId', clientId]])),
    /** all: every client, by id (admins). */
    gsi2pk: indexKey().link<typeof attributes>(({ allClients }) =>
      partitionKey([['allClients', allClients ?? ALL]]),
    ),
    gsi2sk: indexKey().link<typeof attributes>(({ clientId }) => sortKey('client', [['clientId', clientId]])),
  }));

const contentAttributes = () =>
  item({
    clientId: string().key(),
    contentId: string().key(),
    title: string(),
    content: string().optional().default(''),
    html_content: string().optional().default(''),
    content_type: string(),
    metadata: any()
      .optional()
      .default(() => ({})),
    createdBy: optionalString(),
    createdAt: string(),
    updatedAt: string(),
    /** Review status (shared/content-status.ts); absent on items written before: read as 'draft'. */
    status: optionalString(),
    /** A calendar date (`2026-11-30`) the item is due by. */
    dueDate: optionalString(),
    /** The version the item's words are (content-versions.ts); absent until the first tracked change. */
    currentVersionId: optionalString(),
    /** The version a reviewer approved. */
    approvedVersionId: optionalString(),
    /**
     * Every approval decision on the item, oldest first (shared/approvals.ts): written
     * with the status by the same conditional update, so a decision and its record never part.
     */
    // Read through approvalsOf (content-record.ts), which keeps only well-formed entries: an `any` rather
    // than a list of maps, whose schema code would load in every function (bench/lambda-budgets.ts).
    approvals: any().optional(),
    /**
     * A publish that carried an approval to the words that went out (the Editor changed them): the
     * decisions of `from` stand for version `to` (shared/approvals.ts `approvalsFromVersionId`).
     */
    approvalsCarried: map({ from: string(), to: string() }).optional(),
    /** When WordPress publishes or published the linked post (ISO, UTC): the calendar's date. */
    publishDate: optionalString(),
    edbVersion: entityVersion(),
  });

/**
 * The calendar's two indexes of content, partitioned by month so a month view reads
 * one or two partitions: posts by their WordPress date (gsi2) and items by their due date (gsi3). Sparse:
 * an item without the date has no key there. Updates that change a date set these keys themselves
 * (content-store.ts), since links run on puts only.
 */
export const calendarIndexKeys = {
  publish: (contentId: string, publishDate: string | undefined) =>
    publishDate
      ? {
          gsi2pk: partitionKey([['publishMonth', publishDate.slice(0, 7)]]),
          gsi2sk: sortKey('content', [
            ['publishDate', publishDate],
            ['contentId', contentId],
          ]),
        }
      : undefined,
  due: (contentId: string, dueDate: string | undefined) =>
    dueDate
      ? {
          gsi3pk: partitionKey([['dueMonth', dueDate.slice(0, 7)]]),
          gsi3sk: sortKey('content', [
            ['dueDate', dueDate],
            ['contentId', contentId],
          ]),
        }
      : undefined,
};

const contentSchema = () =>
  contentAttributes().and((attributes) => ({
    /**
     * What the library's cards show of the item (shared/content-summary.ts: preview, word count, images,
     * WordPress link), so the list reads a few hundred bytes per item instead of its documents.
     * Every put computes it; changes set it with the words (content-store.ts). Items written before have
     * none, and the list reads those whole (functions/content/content-list.ts).
     */
    summary: any()
      .optional()
      .link<typeof attributes>((item) => storedSummaryOf(item)),
    /** byClientType: a client's items of one type, by id. */
    gsi1pk: indexKey().link<typeof attributes>(({ clientId, content_type }) =>
      partitionKey([
        ['clientId', clientId],
        ['content_type', content_type],
      ]),
    ),
    gsi1sk: indexKey().link<typeof attributes>(({ contentId }) =>
      sortKey('content', [['contentId', contentId]]),
    ),
    gsi2pk: indexKey().link<typeof attributes>(
      ({ contentId, publishDate }) => calendarIndexKeys.publish(contentId, publishDate)?.gsi2pk,
    ),
    gsi2sk: indexKey().link<typeof attributes>(
      ({ contentId, publishDate }) => calendarIndexKeys.publish(contentId, publishDate)?.gsi2sk,
    ),
    gsi3pk: indexKey().link<typeof attributes>(
      ({ contentId, dueDate }) => calendarIndexKeys.due(contentId, dueDate)?.gsi3pk,
    ),
    gsi3sk: indexKey().link<typeof attributes>(
      ({ contentId, dueDate }) => calendarIndexKeys.due(contentId, dueDate)?.gsi3sk,
    ),
  }));

/**
 * One version of a library item (docs/architecture.md, "Review, usage and bulk work"): its words as they were after one change,
 * an item of its own in the client's partition, under the item (`$version_1#contentid_…#versionid_…`),
 * so an item's history is one Query. Written before the change it records (content-versions.ts).
 */
const contentVersionSchema = () =>
  item({
    clientId: string().key(),
    contentId: string().key(),
    versionId: string().key(),
    title: string(),
    content: string().optional().default(''),
    html_content: string().optional().default(''),
    wordCount: number(),
    source: string(),
    /** The fields that differ from the version before (title, text, html). */
    changed: any()
      .optional()
      .default(() => []),
    previousVersionId: optionalString(),
    restoredFrom: optionalString(),
    authorUserId: optionalString(),
    authorEmail: optionalString(),
    createdAt: string(),
    edbVersion: entityVersion(),
  });

/**
 * A review link of an item: never its token, only the token's SHA-256. In the client's
 * partition under the item; the month of its expiry indexes it for the calendar (gsi1).
 */
const reviewAttributes = () =>
  item({
    clientId: string().key(),
    contentId: string().key(),
    reviewId: string().key(),
    tokenHash: string(),
    reviewerName: optionalString(),
    reviewerEmail: optionalString(),
    message: optionalString(),
    /** The version the reviewer sees; moved on when the editor updates the open review. */
    versionId: string(),
    /**
     * The 'Send for review' it came from, whose reviewers share `rule`; absent on
     * links made before: each its own request, 'all'.
     */
    requestId: optionalString(),
    rule: optionalString(),
    /** The reviewers see only the reviewers' comments, not the colleagues' in the app. */
    threadApart: boolean().optional(),
    createdBy: string(),
    createdByEmail: string(),
    createdAt: string(),
    /** ISO; not the table's TTL attribute: an expired link stays in the item's history. */
    validUntil: string(),
    revokedAt: optionalString(),
    revokedBy: optionalString(),
    decision: optionalString(),
    decidedAt: optionalString(),
    edbVersion: entityVersion(),
  });

const reviewSchema = () =>
  reviewAttributes().and((attributes) => ({
    /** byExpiryMonth: the calendar's review expiries. */
    gsi1pk: indexKey().link<typeof attributes>(({ validUntil }) =>
      partitionKey([['reviewMonth', validUntil.slice(0, 7)]]),
    ),
    gsi1sk: indexKey().link<typeof attributes>(({ validUntil, reviewId }) =>
      sortKey('review', [
        ['validUntil', validUntil],
        ['reviewId', reviewId],
      ]),
    ),
  }));

/**
 * A review token's hash → its review: the only way the public review routes find anything (a consistent
 * GetItem on the hash). Its own partition, keeping the case of nothing (the hash is lower-case hex).
 */
const reviewTokenSchema = () =>
  item({
    tokenHash: string().key(),
    clientId: string(),
    contentId: string(),
    reviewId: string(),
    edbVersion: entityVersion(),
  });

/** A comment or decision on an item, in the client's partition under the item. */
const reviewCommentSchema = () =>
  item({
    clientId: string().key(),
    contentId: string().key(),
    commentId: string().key(),
    reviewId: optionalString(),
    versionId: optionalString(),
    kind: string(),
    decision: optionalString(),
    text: string(),
    quote: optionalString(),
    // Where the quote is in the version's text: a map checked by shared/text-anchor.ts
    // on the way in and out (`any`, not a typed map, which every function that reads the table carries).
    anchor: any().optional(),
    authorKind: string(),
    authorName: string(),
    authorUserId: optionalString(),
    createdAt: string(),
    edbVersion: entityVersion(),
  });

/**
 * A link to a client's statement of one month: a capability URL like a review link,
 * never its token, only the token's SHA-256. In the client's partition, so a client's links are one
 * Query and a client delete takes them along.
 */
const statementLinkSchema = () =>
  item({
    clientId: string().key(),
    linkId: string().key(),
    month: string(),
    tokenHash: string(),
    createdBy: string(),
    createdByEmail: string(),
    createdAt: string(),
    /** ISO; not the TTL attribute: an expired link stays listed as expired. */
    validUntil: string(),
    revokedAt: optionalString(),
    revokedBy: optionalString(),
    edbVersion: entityVersion(),
  });

/** A statement token's hash → its link: the only way the public statement route finds anything. */
const statementTokenSchema = () =>
  item({
    tokenHash: string().key(),
    clientId: string(),
    linkId: string(),
    edbVersion: entityVersion(),
  });

/** Requests to the public review routes in one fixed window, per token or per address (one ADD each). */
const reviewRateWindowSchema = () =>
  item({
    bucket: string().key(),
    windowStart: string().key(),
    requests: number().optional(),
    /** TTL: useless a window after it ends. */
    expiresAt: number().optional(),
    edbVersion: entityVersion(),
  });

const accessAttributes = () =>
  item({
    clientId: string().key(),
    /** Lower-cased; the sort key, so one e-mail can hold one grant per client. */
    userEmail: string().key(),
    accessId: string(),
    grantedBy: string(),
    grantedByEmail: optionalString(),
    createdAt: string(),
    edbVersion: entityVersion(),
  });

const accessSchema = () =>
  accessAttributes().and((attributes) => ({
    /** byEmail: the grants to one e-mail, by client. */
    gsi1pk: indexKey().link<typeof attributes>(({ userEmail }) => partitionKey([['userEmail', userEmail]])),
    gsi1sk: indexKey().link<typeof attributes>(({ clientId }) => sortKey('access', [['clientId', clientId]])),
  }));

const activityAttributes = () =>
  item({
    /** One partition for the feed: an agency writes a few thousand activities a day at most. */
    feed: string().key().default(ALL),
    activityId: string().key(),
    user_id: string(),
    user_email: string(),
    action: string(),
    resource_type: string(),
    resource_id: optionalString(),
    details: any()
      .optional()
      .default(() => ({})),
    user_agent: optionalString(),
    created_at: string(),
    edbVersion: entityVersion(),
  });

/**
 * byAction (gsi1): an action's activities by id, so the tracker's filter reads one partition per action
 * asked for, newest first, however many other activities a bulk run recorded. Items written
 * before the index have no keys there until the deploy's fill gives them theirs
 * (functions/activities/activity-index-fill.ts).
 */
const activitySchema = () =>
  activityAttributes().and((attributes) => ({
    gsi1pk: indexKey().link<typeof attributes>(({ action }) => activityActionPartition(action)),
    gsi1sk: indexKey().link<typeof attributes>(({ activityId }) => activitySortKey(activityId)),
  }));

/** The byAction index's partition of an action (gsi1pk). */
export const activityActionPartition = (action: string) => partitionKey([['activityAction', action]]);

/** The feed's one partition, where every activity is (pk). */
export const ACTIVITY_FEED_PARTITION = partitionKey([['feed', ALL]]);

/** An activity's sort key, the same in the feed's partition and in its action's (sk, gsi1sk). */
export const activitySortKey = (activityId: string) => sortKey('activity', [['activityId', activityId]]);

const jobAttributes = () =>
  item({
    jobId: string().key(),
    tool: string(),
    userId: string(),
    userEmail: string(),
    isAdmin: boolean().optional().default(false),
    userAgent: optionalString(),
    /** Set on a multi-platform run's child jobs: the run records their activities, one per item. */
    parentJobId: optionalString(),
    status: string().enum('queued', 'running', 'succeeded', 'failed'),
    progress: number().optional().default(0),
    request: any(),
    result: any().optional(),
    /** While running: the pushed text so far, {attempt, seq, text}, for a browser that missed pushes. */
    partial: any().optional(),
    error: optionalString(),
    attempts: number().optional().default(0),
    servedBy: optionalString(),
    savedContentId: optionalString(),
    /** Failed because its message never reached the queue: a replay of its Idempotency-Key sends it. */
    neverQueued: boolean().optional(),
    /**
     * Usage accounting (functions/usage/): who and what the job is billed to, what each attempt
     * consumed (by attempt number, so saving an attempt twice counts it once), and, once finished, its
     * cost, computed once and kept with the job.
     */
    clientId: optionalString(),
    apiKeyId: optionalString(),
    /** Set on a bulk run's row jobs: the batch and the row (functions/batches/). */
    batchId: optionalString(),
    batchRow: number().optional(),
    /** The estimate counted against the client's budget at admission; present on every accounted job. */
    estimateMicroUsd: number().optional(),
    /** The month (UTC, `YYYY-MM`) whose client budget holds the job's estimate until it is settled. */
    budgetMonth: optionalString(),
    attemptUsage: any().optional(),
    costMicroUsd: number().optional(),
    startedAt: optionalString(),
    finishedAt: optionalString(),
    /** When the finished job's usage, budget and batch row were recorded; absent until then. */
    settledAt: optionalString(),
    createdAt: string(),
    updatedAt: string(),
    /** TTL: finished jobs disappear after a week; reads also check it (dynalite has no TTL expiry). */
    expiresAt: number().optional(),
    edbVersion: entityVersion(),
  });

/**
 * No index keys: no query reads jobs by user, and an item in an index is written to it
 * again on every update, so each progress save cost two writes. Jobs stored before keep their keys until
 * they expire (a week); nothing reads them.
 */
const jobSchema = jobAttributes;

/** The ids of one user's unfinished jobs: the per-user cap is a conditional write on this one item. */
const jobSlotsSchema = () =>
  item({
    userId: string().key(),
    jobIds: set(string()).optional(),
    edbVersion: entityVersion(),
  });

/** (user, Idempotency-Key) → job id; the key keeps its case (ElectroDB's `casing: 'none'`). */
const idempotencyKeySchema = () =>
  item({
    userId: string().key(),
    key: string().key(),
    jobId: string(),
    tool: string(),
    /** SHA-256 of the validated request: a repeat with another body is refused (absent on older records). */
    bodyHash: string().optional(),
    /** A creating route's first reply, which a repeat answers (absent for a job's key, and while it runs). */
    replyStatus: number().optional(),
    replyBody: string().optional(),
    createdAt: string(),
    /** TTL: a day; reads also check it (dynalite has no TTL expiry). */
    expiresAt: number(),
    edbVersion: entityVersion(),
  });

const connectionAttributes = () =>
  item({
    connectionId: string().key(),
    userId: string(),
    email: string(),
    /** 'admin' or 'user': admins also receive the live activity feed. */
    role: string(),
    connectedAt: string(),
    expiresAt: number().optional(),
    edbVersion: entityVersion(),
  });

const connectionSchema = () =>
  connectionAttributes().and((attributes) => ({
    /** byUser: a user's connections. */
    gsi1pk: indexKey().link<typeof attributes>(({ userId }) => partitionKey([['userId', userId]])),
    gsi1sk: indexKey().link<typeof attributes>(({ connectionId }) =>
      sortKey('connection', [['connectionId', connectionId]]),
    ),
    /** byRole: the admins' connections. */
    gsi2pk: indexKey().link<typeof attributes>(({ role }) => partitionKey([['role', role]])),
    gsi2sk: indexKey().link<typeof attributes>(({ connectionId }) =>
      sortKey('connection', [['connectionId', connectionId]]),
    ),
    /** byEmail: a user's connections by address, how a client's grantees are reached (grants name e-mails). */
    gsi3pk: indexKey().link<typeof attributes>(({ email }) => partitionKey([['email', email.toLowerCase()]])),
    gsi3sk: indexKey().link<typeof attributes>(({ connectionId }) =>
      sortKey('connection', [['connectionId', connectionId]]),
    ),
  }));

/**
 * A client's connection to a publishing channel (docs/architecture.md, "Publishing channels"), in the
 * client's partition: the account posts go out as and its tokens, encrypted (password-cipher.ts with the
 * channel-token purpose); the tokens are never returned by a route.
 */
const channelConnectionSchema = () =>
  item({
    clientId: string().key(),
    connectionId: string().key(),
    platform: string(),
    name: string(),
    accountId: string(),
    status: string(),
    accessTokenCipher: string(),
    refreshTokenCipher: optionalString(),
    /** When the access token expires (ISO); absent when it does not. */
    tokenExpiresAt: optionalString(),
    connectedAt: string(),
    connectedBy: string(),
    updatedAt: string(),
    edbVersion: entityVersion(),
  });

/**
 * An OAuth authorization under way: made by Connect, found by the callback through its `state`, and
 * holding the accounts the platform offered until the user picks one. Gone after CHANNEL_AUTHORIZATION
 * lifetime (TTL, checked on read).
 */
const channelAuthorizationSchema = () =>
  item({
    authorizationId: string().key(),
    clientId: string(),
    platform: string(),
    userId: string(),
    codeVerifierCipher: string(),
    /** The redirect URI given to the authorize endpoint, which the token request must repeat. */
    redirectUri: string(),
    /** The accounts offered, with their tokens encrypted: a JSON array (channel-authorizations.ts). */
    accountsCipher: optionalString(),
    error: optionalString(),
    createdAt: string(),
    expiresAt: number(),
    edbVersion: entityVersion(),
  });

/** The constant partition of the publications waiting for their time (or for a stalled attempt's check). */
export const PUBLICATION_DUE_PARTITION = partitionKey([['publicationDue', ALL]]);

/**
 * One post of a library item to one channel, in the client's partition under the item. Sparse index
 * gsi1 holds it while something must happen at `dueAt` (its time, a retry, a stalled attempt's check):
 * the scheduled publisher reads that partition. gsi2 places it on the calendar by month.
 */
const publicationSchema = () =>
  item({
    clientId: string().key(),
    contentId: string().key(),
    publicationId: string().key(),
    connectionId: string(),
    platform: string(),
    channelName: string(),
    status: string(),
    text: string(),
    imageUrl: optionalString(),
    gbp: any().optional(),
    scheduledAt: optionalString(),
    /** When the scheduled publisher must look at it next; absent once nothing is pending. */
    dueAt: optionalString(),
    /** The attempt under way: recorded before anything is sent (docs/architecture.md, "Publishing channels"). */
    attemptId: optionalString(),
    attemptStartedAt: optionalString(),
    attempts: number().optional().default(0),
    publishedAt: optionalString(),
    postId: optionalString(),
    postUrl: optionalString(),
    error: optionalString(),
    approvalOverridden: boolean().optional(),
    overriddenSteps: any().optional(),
    createdAt: string(),
    createdBy: string(),
    createdByEmail: optionalString(),
    updatedAt: string(),
    edbVersion: entityVersion(),
  }).and((attributes) => ({
    gsi1pk: indexKey().link<typeof attributes>(({ dueAt }) =>
      dueAt ? PUBLICATION_DUE_PARTITION : undefined,
    ),
    gsi1sk: indexKey().link<typeof attributes>(({ dueAt, publicationId }) =>
      dueAt
        ? sortKey('publication', [
            ['dueAt', dueAt],
            ['publicationId', publicationId],
          ])
        : undefined,
    ),
    gsi2pk: indexKey().link<typeof attributes>(({ publishedAt, scheduledAt }) => {
      const date = publishedAt ?? scheduledAt;
      return date ? partitionKey([['publicationMonth', date.slice(0, 7)]]) : undefined;
    }),
    gsi2sk: indexKey().link<typeof attributes>(({ publishedAt, scheduledAt, publicationId }) => {
      const date = publishedAt ?? scheduledAt;
      return date
        ? sortKey('publication', [
            ['date', date],
            ['publicationId', publicationId],
          ])
        : undefined;
    }),
  }));

/**
 * One finished job's usage and cost, kept for the usage page's rows and CSV export. Dated by
 * the job's start (its ULID), like the client budget that counted it: the month partition holds a
 * month's jobs in start order, and the indexes read one client's, one user's, or a month's dearest.
 */
const usageAttributes = () =>
  item({
    /** `YYYY-MM` (UTC) of the job's start. */
    month: string().key(),
    jobId: string().key(),
    day: string(),
    userId: string(),
    userEmail: string(),
    clientId: optionalString(),
    clientName: optionalString(),
    apiKeyId: optionalString(),
    batchId: optionalString(),
    parentJobId: optionalString(),
    tool: string(),
    modelId: string(),
    provider: string(),
    status: string(),
    inputTokens: number(),
    outputTokens: number(),
    reasoningTokens: number(),
    images: number(),
    /** e.g. `2 × 1024x1024 high`, for the CSV. */
    imageDetail: optionalString(),
    speechCharacters: number(),
    speechSeconds: number(),
    durationMs: number(),
    costMicroUsd: number(),
    priceAsOf: optionalString(),
    ownKey: boolean().optional(),
    /** An attempt cut off by a crash: its usage is an estimate from what was sent and streamed. */
    estimated: boolean().optional(),
    contentId: optionalString(),
    title: optionalString(),
    startedAt: string(),
    finishedAt: string(),
    edbVersion: entityVersion(),
  });

/** Cost sort keys: zero-padded micro-dollars, so the dearest job of a month is the last key. */
export const costSortKey = (costMicroUsd: number, jobId: string) =>
  `${String(Math.max(0, Math.round(costMicroUsd))).padStart(15, '0')}#${jobId}`;

const usageSchema = () =>
  usageAttributes().and((attributes) => ({
    /** byClient: one client's jobs in start order. */
    gsi1pk: indexKey().link<typeof attributes>(({ clientId }) =>
      clientId ? partitionKey([['usageClient', clientId]]) : undefined,
    ),
    gsi1sk: indexKey().link<typeof attributes>(({ jobId }) => sortKey('usage', [['jobId', jobId]])),
    /** byUser: one user's jobs in start order (an API key sees its owner's usage). */
    gsi2pk: indexKey().link<typeof attributes>(({ userId }) => partitionKey([['usageUser', userId]])),
    gsi2sk: indexKey().link<typeof attributes>(({ jobId }) => sortKey('usage', [['jobId', jobId]])),
    /** byCost: a month's jobs by cost, for the page's dearest jobs. */
    gsi3pk: indexKey().link<typeof attributes>(({ month }) => partitionKey([['usageCost', month]])),
    gsi3sk: indexKey().link<typeof attributes>(({ costMicroUsd, jobId }) => costSortKey(costMicroUsd, jobId)),
  }));

/**
 * One client's AI spend in one month: the budget check and count are conditional updates of
 * this one item (functions/budgets/client-spend.ts). `pending` holds `<jobId>:<estimate>` for each
 * admitted, unsettled job whose estimate is in `committedMicroUsd`; settling swaps the estimate for the
 * real cost once.
 */
const clientSpendSchema = () =>
  item({
    clientId: string().key(),
    month: string().key(),
    limitMicroUsd: number().optional(),
    committedMicroUsd: number().optional(),
    spentMicroUsd: number().optional(),
    jobs: number().optional(),
    extraJobs: number().optional(),
    pending: set(string()).optional(),
    updatedAt: optionalString(),
    edbVersion: entityVersion(),
  });

/**
 * The agency's settings: one item for the whole agency (`scope` is always `agency`), read
 * through a short cache (functions/settings/agency-settings.ts).
 */
const agencySettingsSchema = () =>
  item({
    scope: string().key(),
    timeZone: optionalString(),
    updatedAt: optionalString(),
    updatedBy: optionalString(),
    // The review page's branding.
    agencyName: optionalString(),
    logoUrl: optionalString(),
    edbVersion: entityVersion(),
  });

/**
 * A staff user's notification: in the user's partition, by id (a ULID, so newest last),
 * kept NOTIFICATION_KEEP_DAYS (the TTL `expiresAt`). Written by functions/notifications/.
 */
const notificationSchema = () =>
  item({
    userId: string().key(),
    notificationId: string().key(),
    kind: string(),
    title: string(),
    clientId: optionalString(),
    contentId: optionalString(),
    createdAt: string(),
    read: boolean(),
    expiresAt: number().optional(),
    edbVersion: entityVersion(),
  });

/**
 * A staff user's notification settings, in the same partition: whether e-mail is on, and the address and
 * role the user last signed in with (recorded by the notifications routes, so a client's decision can be
 * e-mailed to an item's owner and followers, and only to those who still see the client).
 */
const notificationSettingsSchema = () =>
  item({
    userId: string().key(),
    email: string(),
    isAdmin: boolean().optional(),
    emailNotifications: boolean(),
    updatedAt: string(),
    edbVersion: entityVersion(),
  });

/**
 * An e-mail sent once only (a review link's expiry reminder): its key names the mail, and a conditional
 * put of it is the claim, so two runs of the schedule send it once. TTL: kept a while past the link.
 */
const mailOnceSchema = () =>
  item({
    mailKey: string().key(),
    sentAt: string(),
    expiresAt: number().optional(),
    edbVersion: entityVersion(),
  });

/** A bulk run: its rows are items of their own under it. */
const batchSchema = () =>
  item({
    batchId: string().key(),
    userId: string(),
    userEmail: string(),
    isAdmin: boolean().optional().default(false),
    apiKeyId: optionalString(),
    userAgent: optionalString(),
    rowCount: number(),
    saveToClient: boolean(),
    estimateMicroUsd: number(),
    /** Rows before this one have all been handed to the queue once (the feeder's starting point). */
    feedCursor: number().optional().default(0),
    /** Bumped when a retry moves the cursor back, so a feeder's stale cursor cannot skip retried rows. */
    feedEpoch: number().optional().default(0),
    cancelledAt: optionalString(),
    /** The feed epoch whose end a `batch.finished` webhook event announced (batch-finished.ts). */
    finishedEventEpoch: number().optional(),
    createdAt: string(),
    updatedAt: string(),
    edbVersion: entityVersion(),
  });

const batchRowSchema = () =>
  item({
    batchId: string().key(),
    row: number().key(),
    status: string().enum('waiting', 'queued', 'succeeded', 'failed', 'cancelled'),
    /** The job kind that runs the row (functions/tools/<tool>). */
    tool: string(),
    /** The tool as the row named it (`howto` runs an `faq` job); absent on rows stored before. */
    rowTool: optionalString(),
    request: any(),
    clientId: optionalString(),
    clientName: optionalString(),
    modelId: string(),
    estimateMicroUsd: number(),
    /** How many times the row was retried: part of its job id, so a retry is a new job. */
    tries: number().optional().default(0),
    jobId: optionalString(),
    contentId: optionalString(),
    title: optionalString(),
    error: optionalString(),
    costMicroUsd: number().optional(),
    updatedAt: string(),
    edbVersion: entityVersion(),
  });

const batchListSchema = () =>
  batchSchema().and((attributes) => ({
    /** byUser: a user's batches, newest first. */
    gsi1pk: indexKey().link<typeof attributes>(({ userId }) => partitionKey([['batchUser', userId]])),
    gsi1sk: indexKey().link<typeof attributes>(({ batchId }) => sortKey('batch', [['batchId', batchId]])),
  }));

/**
 * Each entity, and its schema, is built when a handler first reads it: a handler builds the few it
 * touches, not all of them (the schemas' builders above run only here).
 */
function buildEntities(table: SingleTable) {
  const common = { table, timestamps: false } as const;
  return lazily({
    table: () => table,
    client: () =>
      new Entity({
        ...common,
        name: 'client',
        schema: clientSchema(),
        computeKey: ({ clientId }: { clientId: string }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('client'),
        }),
      }),
    content: () =>
      new Entity({
        ...common,
        name: 'content',
        schema: contentSchema(),
        computeKey: ({ clientId, contentId }: { clientId: string; contentId: string }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('content', [['contentId', contentId]]),
        }),
      }),
    access: () =>
      new Entity({
        ...common,
        name: 'access',
        schema: accessSchema(),
        computeKey: ({ clientId, userEmail }: { clientId: string; userEmail: string }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('access', [['userEmail', userEmail]]),
        }),
      }),
    activity: () =>
      new Entity({
        ...common,
        name: 'activity',
        schema: activitySchema(),
        computeKey: ({ feed, activityId }: { feed: string; activityId: string }) => ({
          pk: partitionKey([['feed', feed]]),
          sk: activitySortKey(activityId),
        }),
      }),
    job: () =>
      new Entity({
        ...common,
        name: 'job',
        schema: jobSchema(),
        computeKey: ({ jobId }: { jobId: string }) => ({
          pk: partitionKey([['jobId', jobId]]),
          sk: sortKey('job'),
        }),
      }),
    jobSlots: () =>
      new Entity({
        ...common,
        name: 'jobSlots',
        schema: jobSlotsSchema(),
        computeKey: ({ userId }: { userId: string }) => ({
          pk: partitionKey([['userId', userId]]),
          sk: sortKey('jobSlots'),
        }),
      }),
    idempotencyKey: () =>
      new Entity({
        ...common,
        name: 'idempotencyKey',
        schema: idempotencyKeySchema(),
        computeKey: ({ userId, key }: { userId: string; key: string }) => ({
          pk: partitionKey(
            [
              ['userId', userId],
              ['key', key],
            ],
            true,
          ),
          sk: sortKey('idempotencyKey'),
        }),
      }),
    contentVersion: () =>
      new Entity({
        ...common,
        name: 'contentVersion',
        schema: contentVersionSchema(),
        computeKey: ({
          clientId,
          contentId,
          versionId,
        }: {
          clientId: string;
          contentId: string;
          versionId: string;
        }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('version', [
            ['contentId', contentId],
            ['versionId', versionId],
          ]),
        }),
      }),
    review: () =>
      new Entity({
        ...common,
        name: 'review',
        schema: reviewSchema(),
        computeKey: ({
          clientId,
          contentId,
          reviewId,
        }: {
          clientId: string;
          contentId: string;
          reviewId: string;
        }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('review', [
            ['contentId', contentId],
            ['reviewId', reviewId],
          ]),
        }),
      }),
    reviewToken: () =>
      new Entity({
        ...common,
        name: 'reviewToken',
        schema: reviewTokenSchema(),
        computeKey: ({ tokenHash }: { tokenHash: string }) => ({
          pk: partitionKey([['tokenHash', tokenHash]]),
          sk: sortKey('reviewToken'),
        }),
      }),
    reviewComment: () =>
      new Entity({
        ...common,
        name: 'reviewComment',
        schema: reviewCommentSchema(),
        computeKey: ({
          clientId,
          contentId,
          commentId,
        }: {
          clientId: string;
          contentId: string;
          commentId: string;
        }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('reviewComment', [
            ['contentId', contentId],
            ['commentId', commentId],
          ]),
        }),
      }),
    statementLink: () =>
      new Entity({
        ...common,
        name: 'statementLink',
        schema: statementLinkSchema(),
        computeKey: ({ clientId, linkId }: { clientId: string; linkId: string }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('statementLink', [['linkId', linkId]]),
        }),
      }),
    statementToken: () =>
      new Entity({
        ...common,
        name: 'statementToken',
        schema: statementTokenSchema(),
        computeKey: ({ tokenHash }: { tokenHash: string }) => ({
          pk: partitionKey([['tokenHash', tokenHash]]),
          sk: sortKey('statementToken'),
        }),
      }),
    reviewRateWindow: () =>
      new Entity({
        ...common,
        name: 'reviewRateWindow',
        schema: reviewRateWindowSchema(),
        computeKey: ({ bucket, windowStart }: { bucket: string; windowStart: string }) => ({
          pk: partitionKey([['bucket', bucket]], true),
          sk: sortKey('reviewRateWindow', [['windowStart', windowStart]]),
        }),
      }),
    usage: () =>
      new Entity({
        ...common,
        name: 'usage',
        schema: usageSchema(),
        computeKey: ({ month, jobId }: { month: string; jobId: string }) => ({
          pk: partitionKey([['usageMonth', month]]),
          sk: sortKey('usage', [['jobId', jobId]]),
        }),
      }),
    clientSpend: () =>
      new Entity({
        ...common,
        name: 'clientSpend',
        schema: clientSpendSchema(),
        computeKey: ({ clientId, month }: { clientId: string; month: string }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('clientSpend', [['month', month]]),
        }),
      }),
    agencySettings: () =>
      new Entity({
        ...common,
        name: 'agencySettings',
        schema: agencySettingsSchema(),
        computeKey: ({ scope }: { scope: string }) => ({
          pk: partitionKey([['settings', scope]]),
          sk: sortKey('agencySettings'),
        }),
      }),
    notification: () =>
      new Entity({
        ...common,
        name: 'notification',
        schema: notificationSchema(),
        computeKey: ({ userId, notificationId }: { userId: string; notificationId: string }) => ({
          pk: partitionKey([['notificationUser', userId]], true),
          sk: sortKey('notification', [['notificationId', notificationId]]),
        }),
      }),
    notificationSettings: () =>
      new Entity({
        ...common,
        name: 'notificationSettings',
        schema: notificationSettingsSchema(),
        computeKey: ({ userId }: { userId: string }) => ({
          pk: partitionKey([['notificationUser', userId]], true),
          sk: sortKey('notificationSettings'),
        }),
      }),
    mailOnce: () =>
      new Entity({
        ...common,
        name: 'mailOnce',
        schema: mailOnceSchema(),
        computeKey: ({ mailKey }: { mailKey: string }) => ({
          pk: partitionKey([['mailOnce', mailKey]]),
          sk: sortKey('mailOnce'),
        }),
      }),
    batch: () =>
      new Entity({
        ...common,
        name: 'batch',
        schema: batchListSchema(),
        computeKey: ({ batchId }: { batchId: string }) => ({
          pk: partitionKey([['batchId', batchId]]),
          sk: sortKey('batch'),
        }),
      }),
    batchRow: () =>
      new Entity({
        ...common,
        name: 'batchRow',
        schema: batchRowSchema(),
        computeKey: ({ batchId, row }: { batchId: string; row: number }) => ({
          pk: partitionKey([['batchId', batchId]]),
          sk: batchRowSortKey(row),
        }),
      }),
    connection: () =>
      new Entity({
        ...common,
        name: 'connection',
        schema: connectionSchema(),
        computeKey: ({ connectionId }: { connectionId: string }) => ({
          pk: partitionKey([['connectionId', connectionId]]),
          sk: sortKey('connection'),
        }),
      }),
    channelConnection: () =>
      new Entity({
        ...common,
        name: 'channelConnection',
        schema: channelConnectionSchema(),
        computeKey: ({ clientId, connectionId }: { clientId: string; connectionId: string }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('channelConnection', [['connectionId', connectionId]]),
        }),
      }),
    channelAuthorization: () =>
      new Entity({
        ...common,
        name: 'channelAuthorization',
        schema: channelAuthorizationSchema(),
        computeKey: ({ authorizationId }: { authorizationId: string }) => ({
          pk: partitionKey([['channelAuthorization', authorizationId]], true),
          sk: sortKey('channelAuthorization'),
        }),
      }),
    publication: () =>
      new Entity({
        ...common,
        name: 'publication',
        schema: publicationSchema(),
        computeKey: ({
          clientId,
          contentId,
          publicationId,
        }: {
          clientId: string;
          contentId: string;
          publicationId: string;
        }) => ({
          pk: partitionKey([['clientId', clientId]]),
          sk: sortKey('publication', [
            ['contentId', contentId],
            ['publicationId', publicationId],
          ]),
        }),
      }),
  });
}

export type Entities = ReturnType<typeof buildEntities>;

let cached:
  | { table: string; client: ReturnType<typeof dynamoDocumentClient>; entities: Entities }
  | undefined;

/** Entities bound to the table named by TABLE_NAME (read at first use, so tests can set it late). */
export function entities(): Entities {
  const table = requireEnv('tableName');
  const client = dynamoDocumentClient();
  if (cached?.table !== table || cached.client !== client) {
    cached = { table, client, entities: buildEntities(singleTable(table, client)) };
  }
  return cached.entities;
}

/** A batch row's sort key: the row number zero-padded, so rows read in order. */
export function batchRowSortKey(row: number): string {
  return sortKey('batchRow', [['row', String(row).padStart(4, '0')]]);
}

/** Seconds since the epoch, the unit DynamoDB TTL expects. */
export function ttlInSeconds(fromNow: number, now = Date.now()): number {
  return Math.floor(now / 1000) + fromNow;
}

/** dynalite never expires items, and AWS may lag by hours: a reader treats an expired item as gone. */
export function isExpired(expiresAt: number | undefined, now = Date.now()): boolean {
  return expiresAt !== undefined && expiresAt * 1000 <= now;
}
