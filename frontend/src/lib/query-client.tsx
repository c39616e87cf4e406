import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage, isSessionEnded } from './api-client';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * A failed load toasts this (or the server's own message), once per failed fetch however many
       * screens watch the query; a refused session toasts nothing (api-client.ts, SessionEndedError).
       */
      failureToast?: string;
      /** The failure toast's title: 'Error' unless the spec names another. */
      failureTitle?: string;
    };
  }
}

/**
 * The data layer's defaults (docs/architecture.md, "The frontend's data layer"). A failed load shows
 * its error and a Try again button at once (the screens' behaviour before the data layer), so queries
 * do not retry by themselves; a screen shown again reuses what it loaded and refetches behind it; a
 * tab regaining focus refetches nothing, since every list that changes elsewhere hears it over the
 * WebSocket.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The cache's callback, not an effect in each screen: it runs once per failed fetch, and never for
    // a fetch cancelled because its screen went away.
    queryCache: new QueryCache({
      onError: (error, query) => {
        const fallback = query.meta?.failureToast;
        if (fallback === undefined || isSessionEnded(error)) return;
        void toast({
          title: query.meta?.failureTitle ?? 'Error',
          description: errorMessage(error, fallback),
          variant: 'destructive',
        });
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache, shared by every screen so that moving between them keeps what was loaded. */
export const queryClient = createQueryClient();

/**
 * Mounted by the signed-in frame and by the screens outside it (the bare editor, the public review and
 * statement pages), never by the shell: the first load of `/` and `/auth` carries none of it.
 */
export function QueryProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
