import { BadRequestError } from '#functions/commons/errors';
import { describeValidationError } from '#functions/commons/http-handler';
import * as z from '#shared/validation/zod';

/** A query validated with its schema (empty values are absent), every error naming its parameter. */
export function parseQuery<Schema extends z.ZodMiniType>(
  schema: Schema,
  query: Readonly<Record<string, string | undefined>>,
): z.output<Schema> {
  const present = Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = z.safeParse(schema, present);
  if (!result.success) throw new BadRequestError(describeValidationError(result.error), 'validation_failed');
  return result.data;
}
