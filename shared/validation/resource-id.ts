/**
 * Ids of clients, content items, grants and jobs are ULIDs (time-ordered). Ids in paths and bodies are
 * checked against this exact form before any lookup: table keys are lower-cased, so a loose check
 * would let `01abc…` and `01ABC…` name the same item, an id also becomes part of S3 trash keys, and an
 * unbounded one would reach DynamoDB's key-size limit (a 500 instead of a 404).
 */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function isResourceId(value: unknown): value is string {
  return typeof value === 'string' && ULID.test(value);
}
