import * as z from './zod';

/**
 * Free-form JSON that is stored as a DynamoDB map (a saved item's `metadata`), checked against what the
 * store can hold before it gets there, in the browser and on the server alike. Anything else used to be
 * a 500 from the write.
 *
 * Numbers: `JSON.parse` has already turned `1e16` or a 30-digit number into an approximate double, and
 * the DynamoDB document client refuses numbers outside JavaScript's safe integers (DynamoDB itself
 * refuses magnitudes below 1e-130). Storing the approximation would save a different number than the one
 * sent, so such numbers are refused with a 400 naming the field; a value that needs more range or exact
 * digits (an external id, a big count) is sent as a string.
 */
export const STORABLE_JSON_LIMITS = {
  /** Nested objects/arrays, counting the outer object; DynamoDB allows 32 levels for the whole item. */
  maxDepth: 16,
  /** UTF-8 bytes of the JSON text; the whole item must stay under DynamoDB's 400 KB. */
  maxBytes: 64_000,
  maxKeyLength: 200,
  smallestMagnitude: 1e-130,
} as const;

export const STORABLE_NUMBER_MESSAGE = `must be a number between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}, and 0 or at least ${STORABLE_JSON_LIMITS.smallestMagnitude} in size; send larger or exact numbers as text`;

export function isStorableNumber(value: number): boolean {
  const magnitude = Math.abs(value);
  return (
    Number.isFinite(value) &&
    magnitude <= Number.MAX_SAFE_INTEGER &&
    (magnitude === 0 || magnitude >= STORABLE_JSON_LIMITS.smallestMagnitude)
  );
}

export interface StorableJsonIssue {
  readonly path: (string | number)[];
  readonly message: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The first thing in `value` DynamoDB could not store as sent, with its path, or null. */
export function findUnstorableJson(
  value: unknown,
  path: (string | number)[] = [],
  depth = 1,
): StorableJsonIssue | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') {
    return isStorableNumber(value) ? null : { path, message: `${STORABLE_NUMBER_MESSAGE} (got ${value})` };
  }
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainObject(value))
    return { path, message: 'must be JSON (text, number, true/false, null, list or object)' };
  if (depth > STORABLE_JSON_LIMITS.maxDepth) {
    return { path, message: `is nested too deeply (at most ${STORABLE_JSON_LIMITS.maxDepth} levels)` };
  }
  const entries: [string | number, unknown][] = isArray
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && (key.length === 0 || key.length > STORABLE_JSON_LIMITS.maxKeyLength)) {
      return {
        path: [...path, key],
        message: `keys must be 1 to ${STORABLE_JSON_LIMITS.maxKeyLength} characters`,
      };
    }
    const issue = findUnstorableJson(item, [...path, key], depth + 1);
    if (issue) return issue;
  }
  return null;
}

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** A JSON object that DynamoDB can store as sent (see the limits above); issues name the inner path. */
export const storableJsonObject = () =>
  z.record(z.string(), z.unknown()).check(
    z.superRefine((value, ctx) => {
      const issue = findUnstorableJson(value);
      if (issue) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        return;
      }
      const bytes = jsonBytes(value);
      if (bytes > STORABLE_JSON_LIMITS.maxBytes) {
        ctx.addIssue({
          code: 'custom',
          message: `is too large: ${Math.ceil(bytes / 1000)} KB, at most ${STORABLE_JSON_LIMITS.maxBytes / 1000} KB`,
        });
      }
    }),
  );
