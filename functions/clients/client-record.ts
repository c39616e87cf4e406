import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Entities } from '#functions/data/entities';
import { approvalStepsOf } from '#shared/approvals';
import { CLIENT_TEXT_FIELDS, type Client, type ClientTextField } from '#shared/client';
import { CLIENT_INSTRUCTION_FIELDS, type ClientSummary, type InstructionPreviews } from '#shared/client-list';

/** A client item as stored: it holds the encrypted WordPress password, so it never leaves the server. */
export type ClientRecord = FormattedItem<Entities['client']>;

/** Configured means every credential a publish needs is present (001 §2: 'Configured' badge). */
export function isWordpressConfigured(record: ClientRecord): boolean {
  return Boolean(record.wordpress_url && record.wordpress_username && record.wordpress_password_cipher);
}

/**
 * The API shape: every field of the profile, counters, and `wordpress_configured` instead of the secret.
 * Written out key by key (not built from CLIENT_TEXT_FIELDS): a list page shapes 50 to 100 of these per
 * request, and an object literal gets one fixed hidden class, where a built and spread object cost 3 %
 * of the gateway's CPU in the list bench (issue 15). The key order is the API's (client-record.test.ts).
 */
export function toClient(record: ClientRecord): Client {
  return {
    id: record.clientId,
    name: record.name,
    company_name: record.company_name ?? null,
    owner: record.owner ?? null,
    email: record.email ?? null,
    phone: record.phone ?? null,
    website: record.website ?? null,
    facebook: record.facebook ?? null,
    linkedin: record.linkedin ?? null,
    gbp: record.gbp ?? null,
    address: record.address ?? null,
    city: record.city ?? null,
    state: record.state ?? null,
    postal_code: record.postal_code ?? null,
    country: record.country ?? null,
    newsletter_instructions: record.newsletter_instructions ?? null,
    press_release_instructions: record.press_release_instructions ?? null,
    content_instructions: record.content_instructions ?? null,
    wordpress_url: record.wordpress_url ?? null,
    wordpress_username: record.wordpress_username ?? null,
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
 * The card's view of a stored client (what toClientSummary(toClient(record)) gives, key for key and in
 * the same order, so the list's JSON is unchanged), built in one object literal from a record read with
 * CLIENT_CARD_ATTRIBUTES. `previews` are the stored ones, or computed from the full texts for an item
 * written before they were stored.
 */
export function toClientSummaryOfRecord(record: ClientRecord, previews: InstructionPreviews): ClientSummary {
  return {
    id: record.clientId,
    name: record.name,
    company_name: record.company_name ?? null,
    owner: record.owner ?? null,
    email: record.email ?? null,
    phone: record.phone ?? null,
    website: record.website ?? null,
    facebook: record.facebook ?? null,
    linkedin: record.linkedin ?? null,
    gbp: record.gbp ?? null,
    address: record.address ?? null,
    city: record.city ?? null,
    state: record.state ?? null,
    postal_code: record.postal_code ?? null,
    country: record.country ?? null,
    created_by: record.createdBy,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    wordpress_configured: isWordpressConfigured(record),
    content_count: Math.max(0, record.contentCount ?? 0),
    access_count: Math.max(0, record.accessCount ?? 0),
    require_approval: record.requireApproval === true,
    approval_steps: approvalStepsOf(record.approvalSteps),
    newsletter_instructions_preview: previews.newsletter_instructions ?? null,
    press_release_instructions_preview: previews.press_release_instructions ?? null,
    content_instructions_preview: previews.content_instructions ?? null,
  };
}
