import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envNames } from '#contract/routes';
import { entities } from '#functions/data/entities';
import { partitionKey } from '#functions/data/item-keys';
import { monthOf, monthsBetween } from '#shared/usage-dates';
import { seededUsageRecord } from '#test/support/usage-records';
import { BACKFILL_MARKER_KEY, handler, USAGE_RECORDED_SINCE } from './usage-backfill';
import { usageItemOf } from './usage-store';

/**
 * The fill when DynamoDB fails on some jobs (throttling after the SDK's retries, which no emulator
 * produces): every other job is still counted, no marker is written, so the next run walks again, and
 * the run fails (which fails the deploy). The walk itself runs against the emulators, under its role's
 * grants (test/integration/usage-staff-counters.test.ts).
 */

const dynamo = mockClient(DynamoDBDocumentClient);
const user = { userId: 'user-1', email: 'ann@example.com' };

/** A month's usage items as DynamoDB returns them: what the settle step stored. */
function storedItems(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => {
    const record = seededUsageRecord({
      user,
      client: index % 2 === 0 ? { id: 'client-1', name: 'Peak Roofing' } : null,
      started: new Date(Date.UTC(2026, 10, 2, 0, index)),
      tool: 'faq',
      modelId: 'gpt-4o',
      provider: 'openai',
      status: 'succeeded',
      durationMs: 1_000,
      costMicroUsd: 500 + index,
    });
    const item = entities().usage.build(PutItemCommand).item(usageItemOf(record)).params().Item;
    return { ...item, jobId: record.jobId };
  });
}

beforeEach(() => {
  dynamo.reset();
  process.env[envNames.tableName] = 'lbm-test';
});

/**
 * The walk covers every month from the first recorded one to the clock's: the tests run at fixed
 * instants (the first month's first and last second, a month-end, a year-end, a Sunday) and each
 * month's partition answers only its own jobs, as DynamoDB does.
 */
const CLOCKS = [
  '2026-11-02T00:00:00Z',
  '2026-11-30T23:59:59Z',
  '2026-12-01T00:00:00Z',
  '2026-12-31T23:59:59Z',
  '2027-01-31T23:59:30Z',
  '2027-03-07T12:00:00Z', // a Sunday
];

afterEach(() => {
  vi.useRealTimers();
});

/** Answers each month's Query with that month's items alone; counts the months asked. */
function answerByMonth(itemsByMonth: Record<string, Record<string, unknown>[]>): string[] {
  const asked: string[] = [];
  dynamo.on(QueryCommand).callsFake((input: { ExpressionAttributeValues?: Record<string, unknown> }) => {
    const values = Object.values(input.ExpressionAttributeValues ?? {});
    const month = Object.keys(itemsByMonth).find((candidate) =>
      values.includes(partitionKey([['usageMonth', candidate]])),
    );
    asked.push(month ?? 'other');
    return { Items: month ? itemsByMonth[month] : [] };
  });
  return asked;
}

describe.each(CLOCKS)('usage counter fill at %s', (clock) => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(clock) });
  });

  it('counts every other job, writes no marker and fails when some jobs cannot be counted', async () => {
    const items = storedItems(6);
    const unlucky = String(items[3]?.jobId);
    dynamo.on(GetCommand).resolves({});
    const asked = answerByMonth({ [USAGE_RECORDED_SINCE]: items });
    dynamo.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues: Record<string, unknown> }) => {
      if (input.ExpressionAttributeValues[':job'] === unlucky) {
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
          name: 'ProvisionedThroughputExceededException',
        });
      }
      return {};
    });
    await expect(handler()).rejects.toThrow('1 job(s) could not be added to their client day counters');
    // Every month from the first recorded one to the clock's was read once; every job was tried once:
    // its owner's day, then its provider's day and owner day, the unlucky one stopping at the first.
    const months = monthsBetween(`${USAGE_RECORDED_SINCE}-01`, `${monthOf(new Date())}-01`);
    expect(asked).toHaveLength(months.length);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength((items.length - 1) * 3 + 1);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('writes the marker after a walk without a failure, and reads nothing once it is there', async () => {
    dynamo
      .on(GetCommand)
      .resolvesOnce({})
      .resolves({ Item: { ...BACKFILL_MARKER_KEY } });
    answerByMonth({ [USAGE_RECORDED_SINCE]: storedItems(2) });
    dynamo.on(UpdateCommand).resolves({});
    expect((await handler()).failed).toBe(0);
    expect(dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item)).toEqual([
      expect.objectContaining(BACKFILL_MARKER_KEY),
    ]);
    const queries = dynamo.commandCalls(QueryCommand).length;
    expect(await handler()).toEqual({ read: 0, failed: 0, alreadyDone: true });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(queries);
  });
});
