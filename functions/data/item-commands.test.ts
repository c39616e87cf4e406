import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from './entities';
import { indexQueryParams } from './item-commands';

/**
 * indexQueryParams writes out the Query that the toolbox's QueryCommand builds for an entity on an index
 * (issue 15): with every placeholder replaced by what it stands for, both ask for the same thing.
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
  it.each([
    ['the first page, a projection', { beginsWith: '$client_1#clientid_' }, ['clientId', 'name']],
    ['after a cursor', { lt: '$client_1#clientid_01abc' }, undefined],
  ] as const)('asks what the toolbox asks: %s', (_label, range, attributes) => {
    const { table, client } = entities();
    const start = { pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd' };
    const toolbox = table
      .build(QueryCommand)
      .entities(client)
      .query({ index: 'gsi1', partition: '$lbm#createdby_user-1', range })
      .options({
        reverse: true,
        limit: 51,
        exclusiveStartKey: start,
        ...(attributes ? { attributes: [...attributes] } : {}),
      })
      .params();
    const ours = indexQueryParams(client, {
      index: 'gsi1',
      partition: '$lbm#createdby_user-1',
      range,
      reverse: true,
      limit: 51,
      exclusiveStartKey: start,
      attributes,
    });
    // The toolbox also projects the entity name, which it reads to format items; readItem does not.
    const expected = meaning(toolbox);
    expect(meaning(ours)).toEqual({
      ...expected,
      projection: expected.projection?.filter((name) => name !== '"__edb_e__"'),
    });
    expect(meaning(ours).key).toContain('"gsi1pk"="$lbm#createdby_user-1"');
  });

  it('reads every attribute and in key order unless told otherwise', () => {
    const { access } = entities();
    const params = indexQueryParams(access, { index: 'gsi1', partition: 'p', range: { beginsWith: 's' } });
    expect(params).not.toHaveProperty('ProjectionExpression');
    expect(params).not.toHaveProperty('ScanIndexForward');
    expect(params).not.toHaveProperty('Limit');
    expect(params.ExpressionAttributeValues?.[':entity']).toBe('access');
  });
});
