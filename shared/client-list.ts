import type { Client } from './client';
import { CLIENT_INSTRUCTION_FIELDS, type ClientInstructionField } from './client-instructions';
import { clipText } from './text';

/**
 * GET /api/clients, the list (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids"): by
 * default each client as its card shows it (000 §2), with 200-character previews instead of the full
 * instructions, which come with GET /api/clients/{id} or `?fields=full`; `search` keeps the matching ones
 * (docs/benchmarks.md, "Signed-in screens"). Pages are newest first and follow an opaque cursor. Browser-safe
 * and free of zod (the query schema is in client-list-query.ts), so the clients screen can import it without
 * the validator.
 */

/**
 * Clients per page when `limit` is not given, and the most one page may hold (pages stop early at the
 * reply's byte budget; docs/decisions.md, "Large agencies: lists of summaries, virtualized grids").
 */
export const CLIENT_PAGE_DEFAULT = 50;
export const CLIENT_PAGE_MAX = 1000;

/**
 * `?search=`: the most characters a search may have once trimmed (a name or an address is far shorter;
 * the limit bounds the work of a query that matches nothing and reads every visible client).
 */
export const CLIENT_SEARCH_MAX = 200;

/**
 * What `?search=` (and so the Clients page's search box) matches: the fields that identify a client on
 * its card, the ones the screen's in-browser search matched before the list was searched on the server;
 * never the instructions.
 */
export const CLIENT_SEARCHED_FIELDS = [
  'name',
  'company_name',
  'owner',
  'email',
  'phone',
  'website',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
] as const satisfies readonly (keyof Client)[];

export type ClientSearchedField = (typeof CLIENT_SEARCHED_FIELDS)[number];

/** The search as the server applies it: trimmed and lower-cased; '' matches every client. */
export const normalizeClientSearch = (search: string): string => search.trim().toLowerCase();

/**
 * Whether a client matches a normalized search (normalizeClientSearch): case-insensitive, anywhere in
 * one of CLIENT_SEARCHED_FIELDS. The server filters the list with it; the screen uses it to tell
 * whether a client it just saved belongs in the results shown.
 */
export function matchesClientSearch(
  client: Partial<Record<ClientSearchedField, string | null | undefined>>,
  needle: string,
): boolean {
  if (needle === '') return true;
  return CLIENT_SEARCHED_FIELDS.some((field) => client[field]?.toLowerCase().includes(needle) ?? false);
}

/** `?fields=full`: every field of the profile, the instructions in full. */
export const FULL_CLIENT_FIELDS = 'full';

export { CLIENT_INSTRUCTION_FIELDS, type ClientInstructionField };

/** Instruction previews on the cards stop here, then an ellipsis (000 §2). */
export const INSTRUCTION_PREVIEW_LENGTH = 200;

export type InstructionPreviewField = `${ClientInstructionField}_preview`;

export const previewFieldOf = (field: ClientInstructionField): InstructionPreviewField => `${field}_preview`;

/**
 * A client as its card shows it: everything but the instructions (previews instead) and the WordPress
 * connection details, which the cards do not show (`wordpress_configured` stays).
 */
export type ClientSummary = Omit<Client, ClientInstructionField | 'wordpress_url' | 'wordpress_username'> &
  Record<InstructionPreviewField, string | null>;

/** One page of the list; `next_cursor` is null on the last page. */
export interface ClientPage<Item> {
  clients: Item[];
  next_cursor: string | null;
}

/** The preview of an instruction text: trimmed, cut at 200 characters with an ellipsis (000 §2). */
export function instructionPreview(text: string, max: number = INSTRUCTION_PREVIEW_LENGTH): string {
  const trimmed = text.trim();
  return clipText(trimmed, max);
}

function previewOf(text: string | null | undefined): string | null {
  const preview = text == null ? '' : instructionPreview(text);
  return preview === '' ? null : preview;
}

/** The previews of a client's instructions, by instruction field; a field without text has none. */
export type InstructionPreviews = Partial<Record<ClientInstructionField, string>>;

/**
 * The previews the server stores on the client item whenever it writes the instructions (docs/decisions.md,
 * "Large agencies: lists of summaries, virtualized grids"), so the list reads 200 characters per instruction
 * instead of up to 20,000.
 */
export function instructionPreviewsOf(
  texts: Partial<Record<ClientInstructionField, string | null | undefined>>,
): InstructionPreviews {
  const previews: InstructionPreviews = {};
  for (const field of CLIENT_INSTRUCTION_FIELDS) {
    const preview = previewOf(texts[field]);
    if (preview !== null) previews[field] = preview;
  }
  return previews;
}

/**
 * The card's view of a full client: the server builds the list with it (`previews` the ones stored on
 * the item), and the screen uses it for the client a create, an edit or an undo answers with.
 */
export function toClientSummary(
  client: Client,
  previews: InstructionPreviews = instructionPreviewsOf(client),
): ClientSummary {
  const { wordpress_url: _url, wordpress_username: _username, ...profile } = client;
  // Built by field name from the one list of instruction fields (shared/client-instructions.ts).
  const summary: Record<string, unknown> = { ...profile };
  for (const field of CLIENT_INSTRUCTION_FIELDS) {
    delete summary[field];
    summary[previewFieldOf(field)] = previews[field] ?? null;
  }
  return summary as ClientSummary;
}

/**
 * The pickers' order (the spec's "ordered by name"): case-insensitive, then by id so equal names keep a
 * stable order.
 */
export function byClientName(a: Pick<Client, 'id' | 'name'>, b: Pick<Client, 'id' | 'name'>): number {
  const order = a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' });
  if (order !== 0) return order;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
