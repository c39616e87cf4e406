import { queryOptions } from '@tanstack/react-query';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import {
  WORDPRESS_MESSAGES,
  type WordPressLink,
  type WordPressLivePost,
  wordpressLinkOf,
} from '#shared/wordpress';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { fetchCategories, fetchClient, fetchContent, fetchLivePost } from './editor-api';

/**
 * The bare editor's queries and their keys (docs/architecture.md, "The frontend's data layer"). The
 * form starts from what it loaded and keeps its own state after, so each opening reads the item and
 * the site afresh: nothing is kept once the editor closes (gcTime 0).
 */
export const editorKeys = {
  all: ['wordpress-editor'] as const,
  post: (clientId: string, contentId: string) => [...editorKeys.all, 'post', clientId, contentId] as const,
  categories: (clientId: string) => [...editorKeys.all, 'categories', clientId] as const,
};

export interface Loaded {
  client: Client;
  content: ClientContent;
  link: WordPressLink | null;
  /** The post as WordPress keeps it now; null when unpublished or when it could not be read. */
  live: WordPressLivePost | null;
  /** Why the post could not be read from WordPress (the editor then shows the library's copy). */
  liveError: string | null;
}

/** A published item's post as the site has it now; a failure is shown, not fatal: the library copy remains. */
async function loadLive(
  clientId: string,
  link: WordPressLink | null,
  signal: AbortSignal,
): Promise<Pick<Loaded, 'live' | 'liveError'>> {
  if (!link) return { live: null, liveError: null };
  try {
    return { live: await fetchLivePost(clientId, link.id, signal), liveError: null };
  } catch (error) {
    if (isSessionEnded(error) || signal.aborted) throw error;
    return { live: null, liveError: errorMessage(error, WORDPRESS_MESSAGES.connectionError) };
  }
}

export const editorPostQuery = (clientId: string, contentId: string) =>
  queryOptions({
    queryKey: editorKeys.post(clientId, contentId),
    queryFn: async ({ signal }): Promise<Loaded> => {
      const [client, content] = await Promise.all([
        fetchClient(clientId, signal),
        fetchContent(clientId, contentId, signal),
      ]);
      const link = wordpressLinkOf(content.metadata);
      return { client, content, link, ...(await loadLive(clientId, link, signal)) };
    },
    gcTime: 0,
  });

/** 001 §8: a category load failure is only logged; the select then stays hidden (no categories). */
export const editorCategoriesQuery = (clientId: string) =>
  queryOptions({
    queryKey: editorKeys.categories(clientId),
    queryFn: ({ signal }) =>
      fetchCategories(clientId, signal).catch((error: unknown) => {
        if (signal.aborted) throw error;
        console.error('Could not load the WordPress categories', error);
        return [];
      }),
    gcTime: 0,
  });
