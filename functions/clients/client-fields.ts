import { BadRequestError } from '#functions/commons/errors';
import { CLIENT_TEXT_FIELDS } from '#shared/client';
import { FULL_CLIENT_FIELDS } from '#shared/client-list';
import type { ClientReply } from './client-reply';

/**
 * The `fields` choice of GET /api/clients: absent, the card's summary; `full`, every field; or a list
 * (`id,name,...`), the lean rows the tools' client pickers load (the spec's "select id, name, ..."; the
 * pickers order them by name). Field names are checked against the API shape so a typo is a clear 400
 * rather than a silently missing column.
 */
export const CLIENT_FIELDS = [
  'id',
  'name',
  ...CLIENT_TEXT_FIELDS,
  'created_by',
  'created_at',
  'updated_at',
  'wordpress_configured',
  'content_count',
  'access_count',
  'require_approval',
  'approval_steps',
  'budget',
  'monthToDateUsd',
] as const satisfies readonly (keyof ClientReply)[];

export type ClientField = (typeof CLIENT_FIELDS)[number];

const known = new Set<string>(CLIENT_FIELDS);

function isClientField(value: string): value is ClientField {
  return known.has(value);
}

export type ClientFieldSelection = 'summary' | 'full' | readonly ClientField[];

/**
 * Parses `fields`: absent is the summary, `full` every field, `id,name,website` those fields; `id` is
 * always included because a picker row is useless without it.
 */
export function parseClientFields(raw: string | undefined): ClientFieldSelection {
  if (raw === undefined) return 'summary';
  const requested = raw
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field.length > 0);
  if (requested.length === 0) {
    throw new BadRequestError(
      `fields: list at least one client field, or '${FULL_CLIENT_FIELDS}' for all of them`,
      'invalid_fields',
    );
  }
  if (requested.includes(FULL_CLIENT_FIELDS)) {
    if (requested.length === 1) return 'full';
    throw new BadRequestError(
      `fields: '${FULL_CLIENT_FIELDS}' already includes every field; send it alone`,
      'invalid_fields',
    );
  }
  const unknown = requested.filter((field) => !isClientField(field));
  if (unknown.length > 0) {
    throw new BadRequestError(
      `fields: unknown client field ${unknown.map((field) => `'${field}'`).join(', ')}; allowed: ${FULL_CLIENT_FIELDS} or any of ${CLIENT_FIELDS.join(', ')}`,
      'invalid_fields',
    );
  }
  return [...new Set<ClientField>(['id', ...requested.filter(isClientField)])];
}

export function pickClientFields(client: ClientReply, fields: readonly ClientField[]): Partial<ClientReply> {
  return Object.fromEntries(fields.map((field) => [field, client[field]]));
}
