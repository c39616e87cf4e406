/**
 * Ids of clients, content items and grants are ULIDs (time-ordered). Path parameters are checked against
 * this exact form before any lookup: ElectroDB lower-cases key values, so a loose check would let
 * `01abc…` and `01ABC…` name the same item, and an id also becomes part of S3 trash keys.
 */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function isResourceId(value: unknown): value is string {
  return typeof value === 'string' && ULID.test(value);
}
