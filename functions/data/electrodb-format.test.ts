import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $delete } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyEntities } from '#functions/api-keys/api-key-entities';
import { entities } from './entities';
import { readItem } from './item-commands';

/**
 * The items dynamodb-toolbox writes are the items ElectroDB 3.9 wrote: each expected map below is what
 * ElectroDB's own `.params()` produced for the same input before the switch (keys lower-cased, the
 * `idempotencyKey` partition keeping its case, `__edb_e__`/`__edb_v__` on every item). Reading and
 * updating items stored in that format against the emulator is covered by
 * test/integration/electrodb-items.test.ts.
 */

const previousTable = process.env.TABLE_NAME;
beforeAll(() => {
  process.env.TABLE_NAME = 'lbm-format-test';
});
afterAll(() => {
  if (previousTable === undefined) delete process.env.TABLE_NAME;
  else process.env.TABLE_NAME = previousTable;
});

describe('puts write the stored format ElectroDB wrote', () => {
  it('client', () => {
    const { Item } = entities()
      .client.build(PutItemCommand)
      .item({
        clientId: '01ABC',
        name: 'N',
        phone: 'x',
        createdBy: 'User-1',
        createdAt: 'a',
        updatedAt: 'b',
        contentCount: 0,
        accessCount: 0,
      })
      .params();
    expect(Item).toStrictEqual({
      clientId: '01ABC',
      name: 'N',
      phone: 'x',
      createdBy: 'User-1',
      createdAt: 'a',
      updatedAt: 'b',
      contentCount: 0,
      accessCount: 0,
      allClients: 'all',
      pk: '$lbm#clientid_01abc',
      sk: '$client_1',
      gsi1pk: '$lbm#createdby_user-1',
      gsi1sk: '$client_1#clientid_01abc',
      gsi2pk: '$lbm#allclients_all',
      gsi2sk: '$client_1#clientid_01abc',
      __edb_e__: 'client',
      __edb_v__: '1',
      // Added since, computed on every put: the list's previews, here of no instructions.
      instructionPreviews: {},
    });
  });

  it('content, with its defaults', () => {
    const { Item } = entities()
      .content.build(PutItemCommand)
      .item({
        clientId: '01ABC',
        contentId: '01CON',
        title: 'T',
        content_type: 'Blog_Post',
        createdAt: 'a',
        updatedAt: 'b',
      })
      .params();
    expect(Item).toStrictEqual({
      clientId: '01ABC',
      contentId: '01CON',
      title: 'T',
      content: '',
      html_content: '',
      content_type: 'Blog_Post',
      metadata: {},
      createdAt: 'a',
      updatedAt: 'b',
      pk: '$lbm#clientid_01abc',
      sk: '$content_1#contentid_01con',
      gsi1pk: '$lbm#clientid_01abc#content_type_blog_post',
      gsi1sk: '$content_1#contentid_01con',
      __edb_e__: 'content',
      __edb_v__: '1',
      // Added since (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids"), computed on
      // every put: the library list's summary of the item.
      summary: { preview: '', thumbnails: [], wordCount: 0, wordpress: null },
    });
  });

  it('access grant', () => {
    const { Item } = entities()
      .access.build(PutItemCommand)
      .item({ clientId: '01ABC', userEmail: 'a@b.com', accessId: '01ACC', grantedBy: 'u', createdAt: 'a' })
      .params();
    expect(Item).toStrictEqual({
      clientId: '01ABC',
      userEmail: 'a@b.com',
      accessId: '01ACC',
      grantedBy: 'u',
      createdAt: 'a',
      pk: '$lbm#clientid_01abc',
      sk: '$access_1#useremail_a@b.com',
      gsi1pk: '$lbm#useremail_a@b.com',
      gsi1sk: '$access_1#clientid_01abc',
      __edb_e__: 'access',
      __edb_v__: '1',
    });
  });

  it('activity', () => {
    const { Item } = entities()
      .activity.build(PutItemCommand)
      .item({
        activityId: '01ACT',
        user_id: 'u',
        user_email: 'e',
        action: 'a',
        resource_type: 'r',
        created_at: 'c',
      })
      .params();
    expect(Item).toStrictEqual({
      feed: 'all',
      activityId: '01ACT',
      user_id: 'u',
      user_email: 'e',
      action: 'a',
      resource_type: 'r',
      details: {},
      created_at: 'c',
      pk: '$lbm#feed_all',
      sk: '$activity_1#activityid_01act',
      // The byAction index, added after the switch, in ElectroDB's key format.
      gsi1pk: '$lbm#activityaction_a',
      gsi1sk: '$activity_1#activityid_01act',
      __edb_e__: 'activity',
      __edb_v__: '1',
    });
  });

  it('job, with its defaults and no index keys (no query reads jobs by user)', () => {
    const { Item } = entities()
      .job.build(PutItemCommand)
      .item({
        jobId: '01JOB',
        tool: 't',
        userId: 'User-1',
        userEmail: 'e',
        status: 'queued',
        request: { a: 1 },
        createdAt: 'a',
        updatedAt: 'b',
        expiresAt: 5,
      })
      .params();
    expect(Item).toStrictEqual({
      jobId: '01JOB',
      tool: 't',
      userId: 'User-1',
      userEmail: 'e',
      isAdmin: false,
      status: 'queued',
      progress: 0,
      request: { a: 1 },
      attempts: 0,
      createdAt: 'a',
      updatedAt: 'b',
      expiresAt: 5,
      pk: '$lbm#jobid_01job',
      sk: '$job_1',
      __edb_e__: 'job',
      __edb_v__: '1',
    });
  });

  it('idempotency key: the partition keeps its case', () => {
    const { Item } = entities()
      .idempotencyKey.build(PutItemCommand)
      .item({ userId: 'User-1', key: 'My-Key', jobId: '01JOB', tool: 't', createdAt: 'c', expiresAt: 9 })
      .params();
    expect(Item).toStrictEqual({
      userId: 'User-1',
      key: 'My-Key',
      jobId: '01JOB',
      tool: 't',
      createdAt: 'c',
      expiresAt: 9,
      pk: '$lbm#userId_User-1#key_My-Key',
      sk: '$idempotencykey_1',
      __edb_e__: 'idempotencyKey',
      __edb_v__: '1',
    });
  });

  it('WebSocket connection', () => {
    const { Item } = entities()
      .connection.build(PutItemCommand)
      .item({
        connectionId: 'Conn=1',
        userId: 'User-1',
        email: 'e',
        role: 'admin',
        connectedAt: 'c',
        expiresAt: 9,
      })
      .params();
    expect(Item).toStrictEqual({
      connectionId: 'Conn=1',
      userId: 'User-1',
      email: 'e',
      role: 'admin',
      connectedAt: 'c',
      expiresAt: 9,
      pk: '$lbm#connectionid_conn=1',
      sk: '$connection_1',
      gsi1pk: '$lbm#userid_user-1',
      gsi1sk: '$connection_1#connectionid_conn=1',
      gsi2pk: '$lbm#role_admin',
      gsi2sk: '$connection_1#connectionid_conn=1',
      // Grantees are reached by address; in ElectroDB's format like the other two indexes.
      gsi3pk: '$lbm#email_e',
      gsi3sk: '$connection_1#connectionid_conn=1',
      __edb_e__: 'connection',
      __edb_v__: '1',
    });
  });

  it('API key', () => {
    const { Item } = apiKeyEntities()
      .apiKey.build(PutItemCommand)
      .item({
        keyHash: 'ABCdef',
        keyId: '01KEY',
        name: 'n',
        key_prefix: 'lbm_x',
        user_id: 'User-1',
        user_email: 'e',
        owner_is_admin: false,
        is_active: true,
        created_at: 'c',
      })
      .params();
    expect(Item).toStrictEqual({
      keyHash: 'ABCdef',
      keyId: '01KEY',
      name: 'n',
      key_prefix: 'lbm_x',
      user_id: 'User-1',
      user_email: 'e',
      owner_is_admin: false,
      is_active: true,
      created_at: 'c',
      allKeys: 'all',
      pk: '$lbm#keyhash_abcdef',
      sk: '$apikey_1',
      gsi1pk: '$lbm#user_id_user-1',
      gsi1sk: '$apikey_1#keyid_01key',
      gsi2pk: '$lbm#keyid_01key',
      gsi2sk: '$apikey_1',
      gsi3pk: '$lbm#allkeys_all',
      gsi3sk: '$apikey_1#keyid_01key',
      __edb_e__: 'apiKey',
      __edb_v__: '1',
    });
  });
});

/** The attributes an UpdateItem writes: SET values by attribute name, and the ADD/DELETE operands. */
function writtenBy(params: {
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}): Record<string, unknown> {
  const names = params.ExpressionAttributeNames ?? {};
  const values = params.ExpressionAttributeValues ?? {};
  const written: Record<string, unknown> = {};
  const pattern = /(#\w+)\s*=\s*(?:if_not_exists\(#\w+,\s*)?(:\w+)|(#\w+)\s+(:\w+)/g;
  for (const match of (params.UpdateExpression ?? '').matchAll(pattern)) {
    const name = match[1] ?? match[3] ?? '';
    const value = match[2] ?? match[4] ?? '';
    written[names[name] ?? name] = values[value];
  }
  return written;
}

describe('updates write what ElectroDB wrote, at the same key', () => {
  it('an upsert of a job slot sets the composite and the entity attributes', () => {
    const params = entities()
      .jobSlots.build(UpdateItemCommand)
      .item({ userId: 'User-1', jobIds: $add(new Set(['01JOB'])) })
      .params();
    expect(params.Key).toStrictEqual({ pk: '$lbm#userid_user-1', sk: '$jobslots_1' });
    expect(writtenBy(params)).toStrictEqual({
      userId: 'User-1',
      jobIds: new Set(['01JOB']),
      __edb_e__: 'jobSlots',
      __edb_v__: '1',
    });
    const release = entities()
      .jobSlots.build(UpdateItemCommand)
      .item({ userId: 'User-1', jobIds: $delete(new Set(['01JOB'])) })
      .params();
    expect(release.UpdateExpression).toContain('DELETE');
  });

  it("a rate window's count", () => {
    const params = apiKeyEntities()
      .rateWindow.build(UpdateItemCommand)
      .item({ keyId: '01KEY', windowStart: '120', requests: $add(1), expiresAt: 240 })
      .params();
    expect(params.Key).toStrictEqual({ pk: '$lbm#keyid_01key#windowstart_120', sk: '$apikeyratewindow_1' });
    expect(writtenBy(params)).toStrictEqual({
      keyId: '01KEY',
      windowStart: '120',
      requests: 1,
      expiresAt: 240,
      __edb_e__: 'apiKeyRateWindow',
      __edb_v__: '1',
    });
  });
});

describe('reads', () => {
  const stored = {
    clientId: '01ABC',
    name: 'N',
    phone: 'x',
    createdBy: 'User-1',
    createdAt: 'a',
    updatedAt: 'b',
    contentCount: 2,
    accessCount: 0,
    allClients: 'all',
    pk: '$lbm#clientid_01abc',
    sk: '$client_1',
    gsi1pk: '$lbm#createdby_user-1',
    gsi1sk: '$client_1#clientid_01abc',
    gsi2pk: '$lbm#allclients_all',
    gsi2sk: '$client_1#clientid_01abc',
    __edb_e__: 'client',
    __edb_v__: '1',
    written_by_a_later_version: true,
  };

  it("give the entity's attributes only, as ElectroDB returned them", () => {
    expect(readItem(entities().client, stored)).toStrictEqual({
      clientId: '01ABC',
      name: 'N',
      phone: 'x',
      createdBy: 'User-1',
      createdAt: 'a',
      updatedAt: 'b',
      contentCount: 2,
      accessCount: 0,
      allClients: 'all',
    });
  });

  it("match dynamodb-toolbox's own formatter on a valid item", () => {
    const { jobSlots, job } = entities();
    expect(readItem(entities().client, stored)).toStrictEqual(
      entities().client.build(EntityFormatter).format(stored),
    );
    const slots = { userId: 'User-1', jobIds: new Set(['01JOB']), pk: 'p', sk: 's', __edb_e__: 'jobSlots' };
    expect(readItem(jobSlots, slots)).toStrictEqual(jobSlots.build(EntityFormatter).format(slots));
    const { Item = {} } = job
      .build(PutItemCommand)
      .item({
        jobId: '01JOB',
        tool: 't',
        userId: 'u',
        userEmail: 'e',
        status: 'running',
        request: { a: [1] },
        partial: { attempt: 1, seq: 2, text: 'x' },
        createdAt: 'a',
        updatedAt: 'b',
      })
      .params();
    expect(readItem(job, Item)).toStrictEqual(job.build(EntityFormatter).format(Item));
  });
});
