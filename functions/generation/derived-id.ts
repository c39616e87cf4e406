import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID derived from a parent id (a multi-platform run's job, a bulk run) and a name: the same time
 * part, and 16 characters from a hash of both. A retried run asks for the same child jobs and saves under
 * the same ids, and a bulk run's row always gets the same job, so nothing is generated or saved twice.
 */
export function derivedUlid(parentId: string, name: string): string {
  const digest = createHash('sha256').update(`${parentId}|${name}`).digest();
  let suffix = '';
  for (let index = 0; index < 16; index += 1) suffix += CROCKFORD[(digest[index] ?? 0) % 32];
  return `${parentId.slice(0, 10)}${suffix}`;
}
