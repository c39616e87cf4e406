import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { knownRequestFields, type RequestFields, requestSchemas } from '#test/support/route-fuzz';

/**
 * A request schema's own check (a refinement over several fields) runs after its field
 * checks even when they refused a value for its length or range, and then sees that value as it came.
 * The route fuzz sends such values through every route; this runs the same body through every request
 * schema of shared/ directly, so a check that throws on one is named here, whatever route uses it.
 */

const sharedDir = fileURLToPath(new URL('../../shared', import.meta.url));
let fields: RequestFields;

beforeAll(async () => {
  fields = await knownRequestFields(sharedDir);
});

describe('request schemas given every field past its limit', () => {
  it('know limits of both kinds: text lengths and number ranges', () => {
    expect(fields.pastLimits.prompt).toEqual(expect.any(String));
    expect(String(fields.pastLimits.name).length).toBe(501);
    expect(fields.pastLimits.questionCount).toBe(11);
  });

  it('parse it without any check of theirs throwing', async () => {
    const thrown: string[] = [];
    for (const { name, schema } of await requestSchemas(sharedDir)) {
      try {
        safeParse(schema, fields.pastLimits);
        // Query schemas read text values: the same values as a query string's would be.
        safeParse(
          schema,
          Object.fromEntries(Object.entries(fields.pastLimits).map(([k, v]) => [k, String(v)])),
        );
      } catch (error) {
        thrown.push(`${name}: ${error instanceof Error ? error.message.slice(0, 120) : String(error)}`);
      }
    }
    expect(thrown).toEqual([]);
  });
});
