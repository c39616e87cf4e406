import { INVALID_CURSOR } from '#shared/page-cursor';
import { isResourceId } from '#shared/validation/resource-id';
import { BadRequestError } from './errors';

/**
 * Keyset paging shared by the list endpoints. A cursor is opaque to callers: it names the last item
 * returned (a ULID), and the next page starts strictly after it, in the caller's own scope.
 */

export function encodeCursor(id: string): string {
  return Buffer.from(JSON.stringify({ after: id })).toString('base64url');
}

export function decodeCursor(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'after' in parsed && isResourceId(parsed.after)) {
      return parsed.after;
    }
  } catch {
    // Falls through to the same error as a well-formed but wrong cursor.
  }
  throw new BadRequestError(`cursor: ${INVALID_CURSOR}`, 'invalid_cursor');
}

/**
 * Keeps whole items until the byte budget is spent (Lambda replies are capped at 6 MB); always at least
 * one, so a page never stalls.
 */
export function fitToBudget<Item>(items: readonly Item[], maxBytes: number): Item[] {
  const kept: Item[] = [];
  let bytes = 0;
  for (const item of items) {
    bytes += Buffer.byteLength(JSON.stringify(item), 'utf8');
    if (kept.length > 0 && bytes > maxBytes) break;
    kept.push(item);
  }
  return kept;
}
