import type { LifecycleRule } from 'aws-cdk-lib/aws-s3';

/**
 * What S3's lifecycle does with an object's current version, from the bucket's own rules (the stack's
 * `LifecycleRule`s, infra/media-storage.ts): a rule applies when it is enabled, the key starts with its
 * prefix and the object carries every one of its tags (S3 ANDs a rule's filters); of the rules that
 * apply and expire current versions, the soonest wins. Other filters (object sizes) are not used by
 * the stack's rules and refused here, so a new kind of rule cannot be judged wrongly.
 */
export function expirationDays(
  rules: readonly LifecycleRule[],
  key: string,
  tags: Readonly<Record<string, string>>,
): number | null {
  let soonest: number | null = null;
  for (const rule of rules) {
    if (rule.objectSizeGreaterThan !== undefined || rule.objectSizeLessThan !== undefined) {
      throw new Error(`Rule ${rule.id} filters on size, which this reading does not model`);
    }
    if (rule.enabled === false || !rule.expiration) continue;
    if (rule.prefix !== undefined && !key.startsWith(rule.prefix)) continue;
    const filters = Object.entries(rule.tagFilters ?? {});
    if (!filters.every(([name, value]) => tags[name] === value)) continue;
    const days = rule.expiration.toDays();
    soonest = soonest === null ? days : Math.min(soonest, days);
  }
  return soonest;
}
