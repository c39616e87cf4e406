import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Entities } from '#functions/data/entities';
import { approvalStepsOf } from '#shared/approvals';
import { CLIENT_TEXT_FIELDS, type Client, type ClientTextField } from '#shared/client';
import {
  CLIENT_INSTRUCTION_FIELDS,
  type ClientSummary,
  type InstructionPreviews,
  toClientSummary,
} from '#shared/client-list';

/** A client item as stored: it holds the encrypted WordPress password, so it never leaves the server. */
export type ClientRecord = FormattedItem<Entities['client']>;

/** Configured means every credential a publish needs is present (001 §2: 'Configured' badge). */
export function isWordpressConfigured(record: ClientRecord): boolean {
  return Boolean(record.wordpress_url && record.wordpress_username && record.wordpress_password_cipher);
}

/** The client's profile texts of `fields`, null where a text is not set, in the fields' order. */
function textsOf<FIELD extends ClientTextField>(
  record: ClientRecord,
  fields: readonly FIELD[],
): Record<FIELD, string | null> {
  return Object.fromEntries(fields.map((field) => [field, record[field] ?? null])) as Record<
    FIELD,
    string | null
  >;
}

/**
 * The API shape: every field of the profile (CLIENT_TEXT_FIELDS, in its order), counters, and
 * `wordpress_configured` instead of the secret. The key order is the API's (client-record.test.ts).
 */
export function toClient(record: ClientRecord): Client {
  return {
    id: record.clientId,
    name: record.name,
    ...textsOf(record, CLIENT_TEXT_FIELDS),
    created_by: record.createdBy,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    wordpress_configured: isWordpressConfigured(record),
    // Counters are adjusted without transactions; a transient negative must never show.
    content_count: Math.max(0, record.contentCount ?? 0),
    access_count: Math.max(0, record.accessCount ?? 0),
    require_approval: record.requireApproval === true,
    approval_steps: approvalStepsOf(record.approvalSteps),
  };
}

const isInstructionField = (field: ClientTextField): boolean =>
  (CLIENT_INSTRUCTION_FIELDS as readonly ClientTextField[]).includes(field);

/**
 * What the list reads of a client item (ProjectionExpression): the card's fields, the stored previews
 * instead of the instructions, and what `wordpress_configured` is decided from. The encrypted password
 * is read only to tell whether one is set; it never leaves the server.
 */
export const CLIENT_CARD_ATTRIBUTES: readonly (keyof ClientRecord)[] = [
  'clientId',
  'name',
  // The profile's texts but the instructions, whose previews the cards show instead.
  ...CLIENT_TEXT_FIELDS.filter((field) => !isInstructionField(field)),
  'wordpress_password_cipher',
  'createdBy',
  'createdAt',
  'updatedAt',
  'contentCount',
  'accessCount',
  'requireApproval',
  'approvalSteps',
  'instructionPreviews',
  'budgetMicroUsd',
];

/**
 * The card's view of a stored client read with CLIENT_CARD_ATTRIBUTES: what toClientSummary gives of
 * the full client, key for key, with `previews` the stored ones (or, for an item written before they
 * were stored, computed from the full texts).
 */
export function toClientSummaryOfRecord(record: ClientRecord, previews: InstructionPreviews): ClientSummary {
  return toClientSummary(toClient(record), previews);
}
