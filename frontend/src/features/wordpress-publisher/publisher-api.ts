import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import type { ContentSummary, ContentSummaryPage } from '#shared/content-summary';
import { isPublishableType, type WordPressConnection, type WordPressPostsPage } from '#shared/wordpress';
import { api } from '@/lib/api-client';
import { clientFields, fetchClientsByName } from '@/lib/client-pages';

/** The WordPress Publisher's calls (contract/routes.ts); the application password never comes back. */

const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

/** What the publisher shows of a client: its WordPress connection. */
export type WordPressClient = Pick<Client, (typeof WORDPRESS_CLIENT_FIELDS)[number]>;

const WORDPRESS_CLIENT_FIELDS = [
  'id',
  'name',
  'wordpress_url',
  'wordpress_username',
  'wordpress_configured',
  'require_approval',
  'approval_steps',
] as const satisfies readonly (keyof Client)[];

/** 001 §7: clients with a WordPress URL, ordered by name (every page of the lean list). */
export async function fetchWordPressClients(signal?: AbortSignal): Promise<WordPressClient[]> {
  const clients = await fetchClientsByName<WordPressClient>({
    fields: clientFields(WORDPRESS_CLIENT_FIELDS),
    ...(signal ? { signal } : {}),
  });
  return clients.filter((client) => Boolean(client.wordpress_url));
}

/** The client's publishable items (001 §7: blog, client_content, newsletter and press_release), newest first. */
export async function fetchLibrary(clientId: string, signal?: AbortSignal): Promise<ContentSummary[]> {
  const items: ContentSummary[] = [];
  let cursor: string | null = null;
  do {
    // The list carries summaries: a library of 5,000 is one request.
    const query = new URLSearchParams({ limit: '5000' });
    if (cursor) query.set('cursor', cursor);
    const page: ContentSummaryPage = await api.get(
      `${clientPath(clientId)}/content?${query}`,
      signal ? { signal } : {},
    );
    items.push(...page.content.filter((item) => isPublishableType(item.content_type)));
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

export const fetchPosts = (clientId: string, page: number, signal?: AbortSignal) =>
  api.get<WordPressPostsPage>(
    `${clientPath(clientId)}/wordpress/posts?page=${page}`,
    signal ? { signal } : {},
  );

export const deletePost = (clientId: string, postId: number, contentId: string) =>
  api.delete<{ deleted: boolean; content: ClientContent }>(
    `${clientPath(clientId)}/wordpress/posts/${postId}?contentId=${encodeURIComponent(contentId)}`,
  );

export const testConnection = (clientId: string) =>
  api.post<WordPressConnection>(`${clientPath(clientId)}/wordpress/test`);
