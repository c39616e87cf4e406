import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envNames } from '#contract/routes';
import { NotFoundError } from '#functions/commons/errors';
import { saveContentOnce } from './content-saves';

/**
 * A save that loses a race to another writer of the same item, which the emulator cannot time: the
 * conditional put fails with the SDK's ConditionalCheckFailedException after the other writer's put
 * landed (a redelivered job saving twice), or the item is gone again by the read that follows (a
 * concurrent delete won). The unraced paths run against dynalite in the content integration tests.
 */

const dynamo = mockClient(DynamoDBDocumentClient);
const clientId = ulid();
const contentId = ulid();

const input = {
  contentId,
  clientId,
  createdBy: 'user-1',
  title: 'Spring newsletter',
  content: 'Hello',
  html_content: '<p>Hello</p>',
  content_type: 'newsletter',
  metadata: {},
} as const;

/** The put fails its condition; the item the other writer stored is what it tried to store, renamed. */
function loseThePut(): void {
  dynamo.on(PutCommand).callsFake((put: { Item?: Record<string, unknown> }) => {
    dynamo.on(GetCommand).resolves({ Item: { ...put.Item, title: 'Saved by the other writer' } });
    throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
  });
}

beforeEach(() => {
  dynamo.reset();
  vi.stubEnv(envNames.tableName, 'lbm-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('saving a library item once, against another writer', () => {
  it("returns the other writer's item and does not count it again", async () => {
    loseThePut();
    const saved = await saveContentOnce({ ...input });
    expect(saved.created).toBe(false);
    expect(saved.content).toMatchObject({
      id: contentId,
      client_id: clientId,
      title: 'Saved by the other writer',
    });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
    // The client's contentCount moves only for the writer that created the item.
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers not found when a concurrent delete removed the item before it could be read', async () => {
    dynamo
      .on(PutCommand)
      .rejects(
        new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
      );
    dynamo.on(GetCommand).resolves({});
    await expect(saveContentOnce({ ...input })).rejects.toBeInstanceOf(NotFoundError);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('counts the item when its put wins', async () => {
    dynamo.on(PutCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    expect((await saveContentOnce({ ...input })).created).toBe(true);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(1);
  });
});
