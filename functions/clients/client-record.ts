import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Entities } from '#functions/data/entities';
import { CLIENT_TEXT_FIELDS, type Client, type ClientTextField } from '#shared/client';
import * as z from '#shared/validation/zod';

/** A client item as stored: it holds the encrypted WordPress password, so it never leaves the server. */
export type ClientRecord = FormattedItem<Entities['client']>;

/** Configured means every credential a publish needs is present (001 §2: 'Configured' badge). */
export function isWordpressConfigured(record: ClientRecord): boolean {
  return Boolean(record.wordpress_url && record.wordpress_username && record.wordpress_password_cipher);
}

/** The API shape: every field of the profile, counters, and `wordpress_configured` instead of the secret. */
export function toClient(record: ClientRecord): Client {
  const text = Object.fromEntries(
    CLIENT_TEXT_FIELDS.map((field) => [field, record[field] ?? null]),
  ) as Record<ClientTextField, string | null>;
  return {
    id: record.clientId,
    name: record.name,
    ...text,
    created_by: record.createdBy,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    wordpress_configured: isWordpressConfigured(record),
    // Counters are adjusted without transactions; a transient negative must never show.
    content_count: Math.max(0, record.contentCount ?? 0),
    access_count: Math.max(0, record.accessCount ?? 0),
  };
}

const optionalString = z.optional(z.string());

/** What a trash snapshot holds for the client item (the encrypted password included, never plain). */
export const clientRecordSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  ...(Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, optionalString])) as Record<
    ClientTextField,
    typeof optionalString
  >),
  wordpress_password_cipher: optionalString,
  createdBy: z.string(),
  createdByEmail: optionalString,
  createdAt: z.string(),
  updatedAt: z.string(),
  contentCount: z.optional(z.number()),
  accessCount: z.optional(z.number()),
});

export type StoredClient = z.output<typeof clientRecordSchema>;
