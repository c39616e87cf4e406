import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envNames } from '#contract/routes';
import { budgetExceededMessage } from '#shared/budget';
import { BudgetExceededError, currentMonth, reserveBudget } from './client-spend';

/**
 * The budget month is the agency zone's month at admission
 * (docs/decisions.md, "Months and days in the agency's zone"), at fixed instants a month's edge apart from
 * UTC's: the month key of the spend item the admission updates, and the month its refusal names.
 */

const zone = vi.hoisted(() => ({ name: 'UTC' }));
vi.mock('#functions/settings/agency-time-zone', () => ({ readAgencyTimeZone: async () => zone.name }));

const dynamo = mockClient(DynamoDBDocumentClient);
const client = { id: 'client-1', name: 'Peak Roofing', budgetMicroUsd: 10_000_000 };

beforeEach(() => {
  dynamo.reset();
  process.env[envNames.tableName] = 'lbm-test';
});

afterEach(() => {
  zone.name = 'UTC';
});

const monthKeys = () =>
  dynamo
    .commandCalls(UpdateCommand)
    .map((call) => String(call.args[0].input.Key?.sk ?? call.args[0].input.Key?.SK));

describe("the budget month in the agency's zone", () => {
  it('is the month of the zone at the instant, west and east of UTC, DST included', async () => {
    // 23:30 EDT on 31 October in New York; 00:30 NZDT on 1 December in Auckland.
    const newYorkLate = new Date('2026-11-01T03:30:00Z');
    const aucklandEarly = new Date('2026-11-30T11:30:00Z');
    expect(await currentMonth(newYorkLate)).toBe('2026-11');
    zone.name = 'America/New_York';
    expect(await currentMonth(newYorkLate)).toBe('2026-10');
    zone.name = 'Pacific/Auckland';
    expect(await currentMonth(aucklandEarly)).toBe('2026-12');
    expect(await currentMonth(new Date('2026-11-30T10:59:59Z'))).toBe('2026-11');
  });

  it("counts an admitted job in the zone month's spend item", async () => {
    zone.name = 'America/New_York';
    dynamo.on(GetCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    expect(await reserveBudget(client, 'job-1', 1_000, { now: new Date('2026-11-01T03:30:00Z') })).toBe(
      '2026-10',
    );
    expect(monthKeys()).toHaveLength(1);
    expect(monthKeys()[0]).toContain('2026-10');
  });

  it("names the zone's month when the month has spent the budget", async () => {
    zone.name = 'Pacific/Auckland';
    dynamo.on(GetCommand).resolves({
      Item: { clientId: client.id, month: '2026-12', spentMicroUsd: 10_000_000, limitMicroUsd: 10_000_000 },
    });
    dynamo
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('refused'), { name: 'ConditionalCheckFailedException' }));
    const refused = reserveBudget(client, 'job-2', 1_000, { now: new Date('2026-11-30T11:30:00Z') });
    await expect(refused).rejects.toBeInstanceOf(BudgetExceededError);
    await expect(refused).rejects.toThrow(budgetExceededMessage('Peak Roofing', 10, '2026-12'));
  });
});
