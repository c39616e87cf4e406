import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import type {
  WordPressCategory,
  WordPressLivePost,
  WordPressMediaResult,
  WordPressPostInput,
  WordPressPublishResult,
} from '#shared/wordpress';
import { api } from '@/lib/api-client';

/** The WordPress Editor's calls (contract/routes.ts). */

const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

const signalled = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchClient = (clientId: string, signal?: AbortSignal) =>
  api.get<Client>(clientPath(clientId), signalled(signal));

export const fetchContent = (clientId: string, contentId: string, signal?: AbortSignal) =>
  api.get<ClientContent>(
    `${clientPath(clientId)}/content/${encodeURIComponent(contentId)}`,
    signalled(signal),
  );

export async function fetchCategories(clientId: string, signal?: AbortSignal): Promise<WordPressCategory[]> {
  const { categories } = await api.get<{ categories: WordPressCategory[] }>(
    `${clientPath(clientId)}/wordpress/categories`,
    signalled(signal),
  );
  return categories;
}

export const fetchLivePost = (clientId: string, postId: number, signal?: AbortSignal) =>
  api.get<WordPressLivePost>(`${clientPath(clientId)}/wordpress/posts/${postId}`, signalled(signal));

export const createPost = (clientId: string, input: WordPressPostInput) =>
  api.post<WordPressPublishResult>(`${clientPath(clientId)}/wordpress/posts`, input);

export const updatePost = (clientId: string, postId: number, input: WordPressPostInput) =>
  api.put<WordPressPublishResult>(`${clientPath(clientId)}/wordpress/posts/${postId}`, input);

export const uploadMedia = (clientId: string, file: { file: string; filename: string; mimeType: string }) =>
  api.post<WordPressMediaResult>(`${clientPath(clientId)}/wordpress/media`, file);
