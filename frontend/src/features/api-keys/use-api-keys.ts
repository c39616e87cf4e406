import { useCallback, useEffect, useState } from 'react';
import { API_KEY_MESSAGES, type ApiKeySummary } from '#shared/api-keys';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { fetchApiKeys } from './api-keys-api';

/** The listed keys: loads on mount and whenever `everyone` changes; `reload` after a change. */
export function useApiKeys(everyone: boolean) {
  const [keys, setKeys] = useState<ApiKeySummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    // `version` is read so that reload() refetches.
    void version;
    fetchApiKeys(everyone, controller.signal)
      .then(setKeys)
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnded(error)) return;
        setFailed(true);
        void toast({
          title: 'Error',
          description: errorMessage(error, API_KEY_MESSAGES.fetchFailed),
          variant: 'destructive',
        });
      });
    return () => controller.abort();
  }, [everyone, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const replace = useCallback(
    (updated: ApiKeySummary) =>
      setKeys((current) => current?.map((key) => (key.id === updated.id ? updated : key)) ?? null),
    [],
  );
  const remove = useCallback(
    (keyId: string) => setKeys((current) => current?.filter((key) => key.id !== keyId) ?? null),
    [],
  );
  const add = useCallback((key: ApiKeySummary) => setKeys((current) => [key, ...(current ?? [])]), []);
  return { keys, failed, reload, replace, remove, add };
}
