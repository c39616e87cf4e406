import * as z from './zod';

/**
 * A request field the server requires but parses with a default (`''`, `[]`), so that a missing value
 * gets the spec's message ('Please enter a topic') rather than zod's generic one: the OpenAPI document
 * lists it as required (functions/openapi/build-openapi.ts reads this mark and drops the default), so a
 * typed client that leaves it out does not compile.
 */
export const DOCUMENTED_REQUIRED = 'x-lbm-required';

export function documentedRequired<Schema extends z.ZodMiniType>(schema: Schema): Schema {
  return schema.check(z.meta({ [DOCUMENTED_REQUIRED]: true })) as Schema;
}
