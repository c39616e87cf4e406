import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { decodeTime, ulid } from 'ulid';
import type { Caller } from '#functions/commons/caller';
import { NotFoundError } from '#functions/commons/errors';
import { entities } from '#functions/data/entities';
import { putItem } from '#functions/data/item-commands';
import { isConditionFailure } from '#functions/data/item-keys';
import { approvalStepsOf } from '#shared/approvals';
import { CLIENT_TEXT_FIELDS, type ClientTextField } from '#shared/client';
import type { ParsedClientChanges, ParsedClientInput } from '#shared/client-input';
import { instructionPreviewsOf } from '#shared/client-list';
import { CLIENT_NOT_FOUND } from './client-access';
import type { ClientRecord } from './client-record';

/**
 * Writes of the client profile. Values arrive trimmed with empty ones as null (clientInputSchema); a
 * null is stored as an absent attribute, which reads back as null. The WordPress password is only ever
 * stored encrypted.
 */

export const PASSWORD_FIELD = 'wordpress_app_password';

/**
 * Only a save that sets a WordPress password encrypts one, so the cipher (and KMS's client, in AWS)
 * loads then, not with every client route: listing, reading, most edits and deletes never need it.
 */
async function encryptedPassword(password: string): Promise<string> {
  const { encryptSecret } = await import('./password-cipher');
  return encryptSecret(password);
}

/** Blank counts as no password: an app password never begins or ends with spaces that matter. */
function passwordValue(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The text fields the write gives a value (null clears, undefined keeps: see updateClient). */
function presentTextFields(input: ParsedClientChanges): Partial<Record<ClientTextField, string>> {
  const present: Partial<Record<ClientTextField, string>> = {};
  for (const field of CLIENT_TEXT_FIELDS) {
    const value = input[field];
    if (typeof value === 'string') present[field] = value;
  }
  return present;
}

export async function createClient(caller: Caller, input: ParsedClientInput): Promise<ClientRecord> {
  const password = passwordValue(input.wordpress_app_password);
  // created_at is the id's own time, so the list's id order (its keyset pages) is created_at order.
  const clientId = ulid();
  const now = new Date(decodeTime(clientId)).toISOString();
  const { client } = entities();
  return putItem(
    client,
    {
      clientId,
      name: input.name,
      ...presentTextFields(input),
      wordpress_password_cipher: password ? await encryptedPassword(password) : undefined,
      createdBy: caller.userId,
      createdByEmail: caller.email.toLowerCase(),
      createdAt: now,
      updatedAt: now,
      contentCount: 0,
      accessCount: 0,
      requireApproval: input.require_approval === true ? true : undefined,
      // `none` is the default, stored as no attribute, like the older clients that never had one.
      approvalSteps:
        input.approval_steps === undefined || input.approval_steps === 'none'
          ? undefined
          : input.approval_steps,
    },
    { attr: 'clientId', exists: false },
  );
}

/** Field names whose stored value an update changes; the password counts when replaced or cleared. */
export function changedFields(record: ClientRecord, input: ParsedClientChanges): string[] {
  const changed: string[] = [];
  if (input.name !== undefined && record.name !== input.name) changed.push('name');
  for (const field of CLIENT_TEXT_FIELDS) {
    const value = input[field];
    if (value !== undefined && (record[field] ?? null) !== value) changed.push(field);
  }
  const password = passwordValue(input.wordpress_app_password);
  if (typeof password === 'string' || (password === null && record.wordpress_password_cipher)) {
    changed.push(PASSWORD_FIELD);
  }
  if (input.require_approval !== undefined && input.require_approval !== (record.requireApproval === true)) {
    changed.push('require_approval');
  }
  if (input.approval_steps !== undefined && input.approval_steps !== approvalStepsOf(record.approvalSteps)) {
    changed.push('approval_steps');
  }
  return changed;
}

/**
 * Writes the fields a PUT or a PATCH gives: a value replaces the stored one, null clears it, and a field
 * left out (`undefined`, only in a PATCH: a PUT names them all) keeps it. The password follows the same
 * rule (absent keeps, null or blank clears, a value replaces).
 */
export async function updateClient(
  record: ClientRecord,
  input: ParsedClientChanges,
): Promise<{ record: ClientRecord; changed: string[] }> {
  const password = passwordValue(input.wordpress_app_password);
  const cleared = CLIENT_TEXT_FIELDS.filter((field) => input[field] === null);
  const removals: (ClientTextField | 'wordpress_password_cipher')[] =
    password === null ? [...cleared, 'wordpress_password_cipher'] : cleared;
  // The list's previews follow the instructions as they will be: given ones, else the stored ones.
  const instructions = Object.fromEntries(
    CLIENT_TEXT_FIELDS.map((field) => [
      field,
      input[field] === undefined ? (record[field] ?? null) : input[field],
    ]),
  ) as Record<ClientTextField, string | null>;
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...presentTextFields(input),
    ...(typeof password === 'string' ? { wordpress_password_cipher: await encryptedPassword(password) } : {}),
    // The list's previews follow the instructions (entities.ts); $set replaces the whole map, so a
    // cleared instruction's preview goes with it.
    instructionPreviews: $set(instructionPreviewsOf(instructions)),
    ...(input.require_approval === undefined ? {} : { requireApproval: input.require_approval }),
    ...(input.approval_steps === undefined ? {} : { approvalSteps: input.approval_steps }),
    updatedAt: new Date().toISOString(),
  };
  try {
    const { Attributes } = await entities()
      .client.build(UpdateItemCommand)
      .item({
        clientId: record.clientId,
        ...changes,
        ...Object.fromEntries(removals.map((field) => [field, $remove()])),
      })
      .options({ condition: { attr: 'clientId', exists: true }, returnValues: 'ALL_NEW' })
      .send();
    if (!Attributes) throw new Error(`No attributes returned for client ${record.clientId}`);
    return { record: Attributes, changed: changedFields(record, input) };
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(CLIENT_NOT_FOUND);
    throw error;
  }
}
