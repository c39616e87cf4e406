import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { marked } from 'marked';
import { OPENAPI_PATH } from '#shared/public-api';
import { api } from '@/lib/api-client';
import type { OpenApiDocument } from './openapi-reference';

/**
 * The documentation's queries and their keys (docs/architecture.md, "The frontend's data layer"). Both
 * are the deployment's own files: they do not change while the app is open, so each is read once.
 */
export const documentationKeys = {
  all: ['documentation'] as const,
  openApi: () => [...documentationKeys.all, 'openapi'] as const,
  markdown: (href: string) => [...documentationKeys.all, 'markdown', href] as const,
};

export const openApiQuery = () =>
  queryOptions({
    queryKey: documentationKeys.openApi(),
    queryFn: ({ signal }) => api.get<OpenApiDocument>(OPENAPI_PATH, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A static markdown file, fetched as served (so the page shows exactly the linked file), as HTML. */
export const markdownQuery = (queryClient: QueryClient, href: string) =>
  queryOptions({
    queryKey: documentationKeys.markdown(href),
    queryFn: async ({ signal }) => {
      // A read after a failed one asks past the browser's cache (?retry=n, one more each time).
      const failures = queryClient.getQueryState(documentationKeys.markdown(href))?.errorUpdateCount ?? 0;
      const response = await fetch(`${href}${failures > 0 ? `?retry=${failures}` : ''}`, { signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const rendered = await marked.parse(await response.text(), { async: true });
      // Code blocks scroll sideways on a phone: keyboard users must be able to focus them to scroll
      // (axe: scrollable-region-focusable).
      return rendered.replaceAll('<pre>', '<pre tabindex="0" data-scroll-x>');
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
