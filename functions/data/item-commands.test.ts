import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from './entities';
import { indexQueryParams } from './item-commands';

/**
 * indexQueryParams asks DynamoDB for one entity's items on an index (the toolbox's QueryCommand builds
 * it): read with every placeholder replaced by what it stands for.
 */

const previousTable = process.env.TABLE_NAME;
beforeAll(() => {
  process.env.TABLE_NAME = 'lbm-query-test';
});
afterAll(() => {
  if (previousTable === undefined) delete process.env.TABLE_NAME;
  else process.env.TABLE_NAME = previousTable;
});

interface Params {
  readonly KeyConditionExpression?: string;
  readonly FilterExpression?: string;
  readonly ProjectionExpression?: string;
  readonly ExpressionAttributeNames?: Record<string, string>;
  readonly ExpressionAttributeValues?: Record<string, unknown>;
}

/** An expression with its placeholders replaced, brackets and blanks dropped (the toolbox adds some). */
function resolved(expression: string | undefined, params: Params): string | undefined {
  return expression
    ?.replace(/[#:]\w+/g, (placeholder) => {
      const value = placeholder.startsWith('#')
        ? params.ExpressionAttributeNames?.[placeholder]
        : params.ExpressionAttributeValues?.[placeholder];
      return JSON.stringify(value);
    })
    .replace(/[()\s]/g, '');
}

function meaning(params: Params & Record<string, unknown>) {
  const { KeyConditionExpression, FilterExpression, ProjectionExpression, ...rest } = params;
  const { ExpressionAttributeNames: _names, ExpressionAttributeValues: _values, ...plain } = rest;
  return {
    ...plain,
    key: resolved(KeyConditionExpression, params),
    filter: resolved(FilterExpression, params),
    projection: resolved(ProjectionExpression, params)?.split(',').sort(),
  };
}

describe('indexQueryParams', () => {
  it('asks for the entity on the index: a key range, the entity filter, a projection, newest first', () => {
    const { client } = entities();
    const start = { pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd' };
    const params = indexQueryParams(client, {
      index: 'gsi1',
      partition: '$lbm#createdby_user-1',
      range: { beginsWith: '$client_1#clientid_' },
      reverse: true,
      limit: 51,
      exclusiveStartKey: start,
      attributes: ['clientId', 'name'],
    });
    expect(meaning(params)).toEqual({
      TableName: 'lbm-query-test',
      IndexName: 'gsi1',
      Limit: 51,
      ScanIndexForward: false,
      ExclusiveStartKey: start,
      key: '"gsi1pk"="$lbm#createdby_user-1"ANDbegins_with"gsi1sk","$client_1#clientid_"',
      filter: '"__edb_e__"="client"',
      // The entity name too, which the toolbox reads to tell the entities apart; readItem drops it.
      projection: ['"__edb_e__"', '"clientId"', '"name"'],
    });
  });

  it('reads the sort keys below a cursor, every attribute and in key order unless told otherwise', () => {
    const { access } = entities();
    const params = indexQueryParams(access, { index: 'gsi2', partition: 'p', range: { lt: 's' } });
    expect(meaning(params)).toEqual({
      TableName: 'lbm-query-test',
      IndexName: 'gsi2',
      key: '"gsi2pk"="p"AND"gsi2sk"<"s"',
      filter: '"__edb_e__"="access"',
      projection: undefined,
    });
  });
});
