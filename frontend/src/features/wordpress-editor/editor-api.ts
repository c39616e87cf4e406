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

export const fetchClient = (clientId: string) => api.get<Client>(clientPath(clientId));

export const fetchContent = (clientId: string, contentId: string) =>
  api.get<ClientContent>(`${clientPath(clientId)}/content/${encodeURIComponent(contentId)}`);

export async function fetchCategories(clientId: string): Promise<WordPressCategory[]> {
  const { categories } = await api.get<{ categories: WordPressCategory[] }>(
    `${clientPath(clientId)}/wordpress/categories`,
  );
  return categories;
}

export const fetchLivePost = (clientId: string, postId: number) =>
  api.get<WordPressLivePost>(`${clientPath(clientId)}/wordpress/posts/${postId}`);

export const createPost = (clientId: string, input: WordPressPostInput) =>
  api.post<WordPressPublishResult>(`${clientPath(clientId)}/wordpress/posts`, input);

export const updatePost = (clientId: string, postId: number, input: WordPressPostInput) =>
  api.put<WordPressPublishResult>(`${clientPath(clientId)}/wordpress/posts/${postId}`, input);

export const uploadMedia = (clientId: string, file: { file: string; filename: string; mimeType: string }) =>
  api.post<WordPressMediaResult>(`${clientPath(clientId)}/wordpress/media`, file);
