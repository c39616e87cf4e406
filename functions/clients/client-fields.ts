import { BadRequestError } from '#functions/commons/errors';
import { CLIENT_TEXT_FIELDS, type Client } from '#shared/client';

/**
 * The lean list (`GET /api/clients?fields=id,name,...`) that the tools' client pickers use, the spec's
 * "select id, name, ... ordered by name". Field names are checked against the API shape so a typo is a
 * clear 400 rather than a silently missing column.
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
] as const satisfies readonly (keyof Client)[];

export type ClientField = (typeof CLIENT_FIELDS)[number];

const known = new Set<string>(CLIENT_FIELDS);

function isClientField(value: string): value is ClientField {
  return known.has(value);
}

/** Parses `id,name,website`; `id` is always included because a picker row is useless without it. */
export function parseClientFields(raw: string): ClientField[] {
  const requested = raw
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field.length > 0);
  if (requested.length === 0) {
    throw new BadRequestError('fields: list at least one client field', 'invalid_fields');
  }
  const unknown = requested.filter((field) => !isClientField(field));
  if (unknown.length > 0) {
    throw new BadRequestError(
      `fields: unknown client field ${unknown.map((field) => `'${field}'`).join(', ')}; allowed: ${CLIENT_FIELDS.join(', ')}`,
      'invalid_fields',
    );
  }
  return [...new Set<ClientField>(['id', ...requested.filter(isClientField)])];
}

export function pickClientFields(client: Client, fields: readonly ClientField[]): Partial<Client> {
  return Object.fromEntries(fields.map((field) => [field, client[field]]));
}

/** Name order for pickers: case-insensitive, then by id so equal names keep a stable order. */
export function byName(a: Client, b: Client): number {
  const order = a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' });
  if (order !== 0) return order;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
