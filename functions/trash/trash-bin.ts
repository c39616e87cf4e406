import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Caller } from '#functions/commons/caller';
import { s3Client } from '#functions/commons/clients/s3';
import { requireEnv } from '#functions/commons/env';
import * as z from '#shared/validation/zod';

/**
 * Recoverable deletes. Deletes take effect at once (spec 000 §4), but what they removed is first written
 * to S3 as one JSON snapshot, so Undo can put every item back. The snapshot names who may restore it:
 * whoever deletes a client may not be the person entitled to see it again later.
 */

export interface TrashEntry<Payload> {
  readonly kind: string;
  readonly deletedAt: string;
  readonly deletedBy: { readonly userId: string; readonly email: string };
  /** User ids allowed to restore; admins always may. */
  readonly restorableBy: readonly string[];
  readonly payload: Payload;
}

const entryEnvelope = z.object({
  kind: z.string(),
  deletedAt: z.string(),
  deletedBy: z.object({ userId: z.string(), email: z.string() }),
  restorableBy: z.array(z.string()),
  payload: z.unknown(),
});

export const trashKeys = {
  client: (clientId: string) => `trash/clients/${clientId}.json`,
  content: (clientId: string, contentId: string) => `trash/content/${clientId}/${contentId}.json`,
} as const;

export function mayRestore(entry: Pick<TrashEntry<unknown>, 'restorableBy'>, caller: Caller): boolean {
  return caller.isAdmin || entry.restorableBy.includes(caller.userId);
}

export async function putInTrash<Payload>(key: string, entry: TrashEntry<Payload>): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: requireEnv('mediaBucket'),
      Key: key,
      Body: JSON.stringify(entry),
      ContentType: 'application/json',
    }),
  );
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound'))
  );
}

/** The snapshot at `key`, or null when there is none. A snapshot that fails validation is an error. */
export async function readTrash<Payload>(
  key: string,
  payloadSchema: z.ZodMiniType<Payload>,
): Promise<TrashEntry<Payload> | null> {
  let text: string;
  try {
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: requireEnv('mediaBucket'), Key: key }),
    );
    if (!object.Body) return null;
    text = await object.Body.transformToString('utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const envelope = entryEnvelope.parse(JSON.parse(text));
  return { ...envelope, payload: payloadSchema.parse(envelope.payload) };
}

export async function discardTrash(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: requireEnv('mediaBucket'), Key: key }));
}
