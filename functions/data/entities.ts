import { Entity } from 'electrodb';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';

/**
 * The single DynamoDB table (DESIGN.md §5), described as ElectroDB entities. Every request is served by
 * GetItem or Query; ids are ULIDs, so sorting by id is sorting by creation time.
 *
 * Table layout: pk/sk plus three generic GSIs (gsi1..gsi3) and the TTL attribute `expiresAt`, the same
 * in infra/ (CDK) and local/ (table bootstrap).
 */

const SERVICE = 'lbm';

const str = { type: 'string' } as const;
const requiredStr = { type: 'string', required: true } as const;
const num = { type: 'number' } as const;

function buildEntities(table: string, client: ReturnType<typeof dynamoDocumentClient>) {
  const options = { table, client };

  const clientEntity = new Entity(
    {
      model: { entity: 'client', version: '1', service: SERVICE },
      attributes: {
        clientId: requiredStr,
        name: requiredStr,
        company_name: str,
        owner: str,
        email: str,
        phone: str,
        website: str,
        facebook: str,
        linkedin: str,
        gbp: str,
        address: str,
        city: str,
        state: str,
        postal_code: str,
        country: str,
        newsletter_instructions: str,
        press_release_instructions: str,
        content_instructions: str,
        wordpress_url: str,
        wordpress_username: str,
        /** Envelope-encrypted application password (functions/clients/password-cipher.ts); never returned. */
        wordpress_password_cipher: str,
        createdBy: requiredStr,
        createdByEmail: str,
        createdAt: requiredStr,
        updatedAt: requiredStr,
        contentCount: { type: 'number', default: 0 },
        accessCount: { type: 'number', default: 0 },
        /** Constant partition of the "every client" index used by admins. */
        allClients: { type: 'string', default: 'all', readOnly: true },
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['clientId'] }, sk: { field: 'sk', composite: [] } },
        byCreator: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['createdBy'] },
          sk: { field: 'gsi1sk', composite: ['clientId'] },
        },
        all: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['allClients'] },
          sk: { field: 'gsi2sk', composite: ['clientId'] },
        },
      },
    },
    options,
  );

  const contentEntity = new Entity(
    {
      model: { entity: 'content', version: '1', service: SERVICE },
      attributes: {
        clientId: requiredStr,
        contentId: requiredStr,
        title: requiredStr,
        content: { type: 'string', default: '' },
        html_content: { type: 'string', default: '' },
        content_type: requiredStr,
        metadata: { type: 'any', default: () => ({}) },
        createdBy: str,
        createdAt: requiredStr,
        updatedAt: requiredStr,
      },
      indexes: {
        byClient: {
          pk: { field: 'pk', composite: ['clientId'] },
          sk: { field: 'sk', composite: ['contentId'] },
        },
        byClientType: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['clientId', 'content_type'] },
          sk: { field: 'gsi1sk', composite: ['contentId'] },
        },
      },
    },
    options,
  );

  const accessEntity = new Entity(
    {
      model: { entity: 'access', version: '1', service: SERVICE },
      attributes: {
        clientId: requiredStr,
        /** Lower-cased; the sort key, so one e-mail can hold one grant per client. */
        userEmail: requiredStr,
        accessId: requiredStr,
        grantedBy: requiredStr,
        grantedByEmail: str,
        createdAt: requiredStr,
      },
      indexes: {
        byClient: {
          pk: { field: 'pk', composite: ['clientId'] },
          sk: { field: 'sk', composite: ['userEmail'] },
        },
        byEmail: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['userEmail'] },
          sk: { field: 'gsi1sk', composite: ['clientId'] },
        },
      },
    },
    options,
  );

  const activityEntity = new Entity(
    {
      model: { entity: 'activity', version: '1', service: SERVICE },
      attributes: {
        /** One partition for the feed: an agency writes a few thousand activities a day at most. */
        feed: { type: 'string', default: 'all', readOnly: true },
        activityId: requiredStr,
        user_id: requiredStr,
        user_email: requiredStr,
        action: requiredStr,
        resource_type: requiredStr,
        resource_id: str,
        details: { type: 'any', default: () => ({}) },
        user_agent: str,
        created_at: requiredStr,
      },
      indexes: {
        byFeed: {
          pk: { field: 'pk', composite: ['feed'] },
          sk: { field: 'sk', composite: ['activityId'] },
        },
      },
    },
    options,
  );

  const jobEntity = new Entity(
    {
      model: { entity: 'job', version: '1', service: SERVICE },
      attributes: {
        jobId: requiredStr,
        tool: requiredStr,
        userId: requiredStr,
        userEmail: requiredStr,
        isAdmin: { type: 'boolean', default: false },
        userAgent: str,
        /** Set on a multi-platform run's child jobs: the run records their activities, one per item. */
        parentJobId: str,
        status: { type: ['queued', 'running', 'succeeded', 'failed'] as const, required: true },
        progress: { type: 'number', default: 0 },
        request: { type: 'any', required: true },
        result: { type: 'any' },
        /** While running: the pushed text so far, {attempt, seq, text}, for a browser that missed pushes. */
        partial: { type: 'any' },
        error: str,
        attempts: { type: 'number', default: 0 },
        servedBy: str,
        savedContentId: str,
        createdAt: requiredStr,
        updatedAt: requiredStr,
        /** TTL: finished jobs disappear after a week; reads also check it (dynalite has no TTL expiry). */
        expiresAt: num,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['jobId'] }, sk: { field: 'sk', composite: [] } },
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['userId'] },
          sk: { field: 'gsi1sk', composite: ['jobId'] },
        },
      },
    },
    options,
  );

  /** The ids of one user's unfinished jobs: the per-user cap is a conditional write on this one item. */
  const jobSlotsEntity = new Entity(
    {
      model: { entity: 'jobSlots', version: '1', service: SERVICE },
      attributes: {
        userId: requiredStr,
        jobIds: { type: 'set', items: 'string' },
      },
      indexes: {
        byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    options,
  );

  /** (user, Idempotency-Key) → job id; the key keeps its case, so `casing: 'none'`. */
  const idempotencyKeyEntity = new Entity(
    {
      model: { entity: 'idempotencyKey', version: '1', service: SERVICE },
      attributes: {
        userId: requiredStr,
        key: requiredStr,
        jobId: requiredStr,
        tool: requiredStr,
        createdAt: requiredStr,
        /** TTL: a day; reads also check it (dynalite has no TTL expiry). */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        byKey: {
          pk: { field: 'pk', composite: ['userId', 'key'], casing: 'none' },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    options,
  );

  const connectionEntity = new Entity(
    {
      model: { entity: 'connection', version: '1', service: SERVICE },
      attributes: {
        connectionId: requiredStr,
        userId: requiredStr,
        email: requiredStr,
        /** 'admin' or 'user': admins also receive the live activity feed. */
        role: requiredStr,
        connectedAt: requiredStr,
        expiresAt: num,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['connectionId'] }, sk: { field: 'sk', composite: [] } },
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['userId'] },
          sk: { field: 'gsi1sk', composite: ['connectionId'] },
        },
        byRole: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['role'] },
          sk: { field: 'gsi2sk', composite: ['connectionId'] },
        },
      },
    },
    options,
  );

  return {
    client: clientEntity,
    content: contentEntity,
    access: accessEntity,
    activity: activityEntity,
    job: jobEntity,
    jobSlots: jobSlotsEntity,
    idempotencyKey: idempotencyKeyEntity,
    connection: connectionEntity,
  };
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
    cached = { table, client, entities: buildEntities(table, client) };
  }
  return cached.entities;
}

/** Seconds since the epoch, the unit DynamoDB TTL expects. */
export function ttlInSeconds(fromNow: number, now = Date.now()): number {
  return Math.floor(now / 1000) + fromNow;
}

/** dynalite never expires items, and AWS may lag by hours: a reader treats an expired item as gone. */
export function isExpired(expiresAt: number | undefined, now = Date.now()): boolean {
  return expiresAt !== undefined && expiresAt * 1000 <= now;
}
