import { INVALID_CURSOR } from '../page-cursor';
import * as z from './zod';

/**
 * The paging parameters every list endpoint takes, so each names the same problems in the same words:
 * `limit` (a whole number from 1 to the list's maximum, its default when absent) and `cursor` (the
 * previous page's `next_cursor`, opaque and at most 500 characters).
 */

export const pageLimitSchema = (max: number, defaultSize: number) =>
  z._default(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.gte(1, 'must be at least 1'),
        z.lte(max, `must be at most ${max}`),
      ),
    defaultSize,
  );

export const pageCursorSchema = () => z.optional(z.string().check(z.maxLength(500, INVALID_CURSOR)));
