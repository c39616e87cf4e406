import { queryOptions } from '@tanstack/react-query';
import type { ClientSpend } from '#shared/budget';
import { CLIENT_TEXT_FIELDS, type Client } from '#shared/client';
import { type ClientPage, normalizeClientSearch } from '#shared/client-list';
import { CLIENT_PICKER_KEY, clientFields, fetchClientPage, fetchClientsByName } from '@/lib/client-pages';

/**
 * The tools' pickers' lists in the data layer, apart from the picker's code: the route prefetch
 * (app/screen-prefetch.ts) starts a tool's first page with these options before the tool's chunk and
 * its dependencies have arrived.
 */

/**
 * A client as the tools' pickers load it: id and name always, its creator and spending (for the budget
 * warning), and the other fields the tool asked for.
 */
export type ToolClient = Pick<Client, 'id' | 'name'> &
  Partial<Omit<Client, 'id' | 'name'>> &
  Partial<ClientSpend>;

/** Every picker loads these, so the chosen client's budget warning can show (docs/decisions.md,
 * "Client budgets that tell the truth"). */
const BUDGET_FIELDS = ['created_by', 'budget', 'monthToDateUsd'] as const;

export type ClientPickerField = Exclude<keyof Client, 'id' | 'name'>;

/**
 * The profile fields each screen's picker reads with its clients, by the screen's path: the page asks
 * useToolClients for them and the route prefetch (app/screen-prefetch.ts) starts the very same request,
 * so the two cannot drift apart into two requests.
 */
export const PICKER_FIELDS = {
  '/newsletter': ['newsletter_instructions'],
  // "Use selected client's company info" sends the whole company block (001 §7): every profile text but
  // the WordPress ones and the content instructions.
  '/press-release': CLIENT_TEXT_FIELDS.filter(
    (field) => !field.startsWith('wordpress_') && field !== 'content_instructions',
  ),
  '/blog-rewriter': [],
  '/faq': ['newsletter_instructions'],
  '/client-content': ['website', 'content_instructions'],
  '/image-generation': [],
  '/multi-platform-creator': [],
  '/social-content': ['company_name', 'content_instructions'],
  '/gbp-post': ['company_name'],
  '/statements': [],
} as const satisfies Readonly<Record<string, readonly ClientPickerField[]>>;

/**
 * Clients a picker offers at a time: the newest, or a search's newest matches; typing finds the others.
 * Twenty, not the list's default fifty: a tool's picker reads the instructions it uses with each client
 * (the Press Release all the profile's texts, about 2 KB a client), and the first list request of a
 * screen stays under 50 KB of JSON (docs/benchmarks.md, "Signed-in screens").
 */
export const TOOL_CLIENTS_PAGE = 20;

/** The `fields=` list a tool's picker asks for: id and name, the budget warning's, then the tool's. */
export const toolClientFields = (fields: readonly ClientPickerField[]): string =>
  clientFields([...BUDGET_FIELDS, ...fields]);

/**
 * One page of a picker's clients (`fields` from toolClientFields): the newest, or the newest matches
 * of `search`. The route prefetch (app/screen-prefetch.ts) starts the tools' first page with it. The
 * Clients page marks these stale whenever it changes a client (use-clients.ts), so a client added a
 * moment ago is offered.
 */
export const toolClientsQuery = (fields: string, search = '') => {
  const needle = normalizeClientSearch(search);
  return queryOptions({
    queryKey: [...CLIENT_PICKER_KEY, fields, needle] as const,
    queryFn: ({ signal }): Promise<ClientPage<ToolClient>> =>
      fetchClientPage<ToolClient>({ fields, limit: TOOL_CLIENTS_PAGE, search: needle, signal }),
  });
};

export const everyToolClientQuery = (fields: string) =>
  queryOptions({
    queryKey: [...CLIENT_PICKER_KEY, 'every', fields] as const,
    queryFn: ({ signal }) => fetchClientsByName<ToolClient>({ fields, signal }),
  });
