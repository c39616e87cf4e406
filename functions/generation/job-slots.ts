import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $delete } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { decodeTime } from 'ulid';
import { HttpError } from '#functions/commons/errors';
import { entities, isExpired } from '#functions/data/entities';
import { batchGetItems, findItem } from '#functions/data/item-commands';
import { MAX_UNFINISHED_JOBS_PER_USER, TOO_MANY_JOBS_MESSAGE } from '#shared/generation-jobs';
import { isConditionFailure } from './conditional-write';

/**
 * The per-user cap on unfinished jobs (docs/decisions.md, "Generation"). One item per user holds the ids
 * of their unfinished jobs as a string set. Taking a slot is one conditional UpdateItem (add the id if
 * the set is smaller than the cap, or already holds it), so two racing requests can never both take the
 * last slot; releasing is a DELETE from the set, which is idempotent, so a redelivered finish cannot
 * release twice and the count never drifts below the truth.
 */

export class TooManyJobsError extends HttpError {
  constructor() {
    super(429, 'too_many_jobs', TOO_MANY_JOBS_MESSAGE);
  }
}

/** A slot whose job never appeared is left to its creator this long before it is reclaimed. */
const CREATION_GRACE_MS = 60_000;

/**
 * An unfinished job untouched this long is dead (its message went to the DLQ after a crash on the last
 * receive): a live one is updated at least every visibility timeout (30 min in AWS) over its three
 * receives, so 6 h is far beyond any real wait.
 */
export const ABANDONED_JOB_MS = 6 * 60 * 60 * 1000;

async function tryTake(userId: string, jobId: string, limit: number): Promise<boolean> {
  try {
    await entities()
      .jobSlots.build(UpdateItemCommand)
      .item({ userId, jobIds: $add(new Set([jobId])) })
      .options({
        condition: {
          or: [
            { attr: 'jobIds', exists: false },
            { attr: 'jobIds', contains: jobId },
            { size: 'jobIds', lt: limit },
          ],
        },
      })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Gives back the slots of jobs that are no longer unfinished although their release was lost (a crash
 * between finishing and releasing, an expired or abandoned job, a creation that never happened). At
 * most the cap's worth of GetItems, and only when the user is at the cap. Returns how many were freed.
 */
async function reclaimStaleSlots(userId: string, now = Date.now()): Promise<number> {
  const { job, jobSlots } = entities();
  const slots = await findItem(jobSlots, { userId }, { consistent: true });
  const held = [...(slots?.jobIds ?? [])];
  if (held.length === 0) return 0;
  const { data: jobs } = await batchGetItems(
    job,
    held.map((jobId) => ({ jobId })),
    { consistent: true },
  );
  const byId = new Map(jobs.map((job) => [job.jobId, job]));
  const stale = held.filter((jobId) => {
    const job = byId.get(jobId);
    if (!job) return now - decodeTime(jobId) > CREATION_GRACE_MS;
    const unfinished = job.status === 'queued' || job.status === 'running';
    const abandoned = now - Date.parse(job.updatedAt) > ABANDONED_JOB_MS;
    return isExpired(job.expiresAt, now) || !unfinished || abandoned;
  });
  if (stale.length > 0) await removeFromSlots(userId, stale);
  return stale.length;
}

/**
 * Counts `jobId` against the user's cap (idempotent for the same id); TooManyJobsError past it. A bulk
 * run passes a lower `limit`, so its rows leave the user slots for the tools (functions/batches/).
 */
export async function takeJobSlot(
  userId: string,
  jobId: string,
  limit: number = MAX_UNFINISHED_JOBS_PER_USER,
): Promise<void> {
  if (await tryTake(userId, jobId, limit)) return;
  if ((await reclaimStaleSlots(userId)) > 0 && (await tryTake(userId, jobId, limit))) return;
  throw new TooManyJobsError();
}

export async function releaseJobSlot(userId: string, jobId: string): Promise<void> {
  await removeFromSlots(userId, [jobId]);
}

/** DELETE from the set: idempotent, so a repeated release frees nothing twice. */
async function removeFromSlots(userId: string, jobIds: readonly string[]): Promise<void> {
  await entities()
    .jobSlots.build(UpdateItemCommand)
    .item({ userId, jobIds: $delete(new Set(jobIds)) })
    .send();
}
