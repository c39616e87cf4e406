import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { type ClientAccess, fetchAccess, grantAccess, revokeAccess } from './clients-api';
import { CLIENT_ERRORS, CLIENT_TOASTS } from './messages';
import { notifyError, notifySuccess } from './notify';

export interface ClientAccessState {
  /** Null while loading. */
  grants: ClientAccess[] | null;
  grant: (email: string) => Promise<boolean>;
  remove: (grant: ClientAccess) => Promise<void>;
}

/**
 * The grants of one client while its Manage Client Access dialog is open. Granting or removing reloads
 * the list (000 §4); a failed load is only logged (000 §8). `onCount` reports the number of grants so
 * the card's 'Manage Access (count)' stays right.
 */
export function useClientAccess(
  clientId: string | null,
  onCount: (clientId: string, count: number) => void,
): ClientAccessState {
  const { user } = useAuth();
  const [grants, setGrants] = useState<ClientAccess[] | null>(null);

  const reload = useCallback(
    async (id: string) => {
      try {
        const list = await fetchAccess(id);
        setGrants(list);
        onCount(id, list.length);
      } catch (error) {
        console.error('Failed to load client access', error);
        setGrants((current) => current ?? []);
      }
    },
    [onCount],
  );

  useEffect(() => {
    setGrants(null);
    if (clientId) void reload(clientId);
  }, [clientId, reload]);

  const grant = useCallback(
    async (email: string) => {
      if (!clientId) return false;
      if (!user) {
        void toast({
          title: CLIENT_ERRORS.title,
          description: CLIENT_TOASTS.mustBeLoggedIn,
          variant: 'destructive',
        });
        return false;
      }
      try {
        const created = await grantAccess(clientId, email.trim());
        notifySuccess(CLIENT_TOASTS.accessGranted(created.user_email));
      } catch (error) {
        notifyError(error, CLIENT_ERRORS.grant);
        return false;
      }
      await reload(clientId);
      return true;
    },
    [clientId, user, reload],
  );

  const remove = useCallback(
    async (target: ClientAccess) => {
      if (!clientId) return;
      try {
        await revokeAccess(clientId, target.id);
        notifySuccess(CLIENT_TOASTS.accessRemoved);
      } catch (error) {
        notifyError(error, CLIENT_ERRORS.remove);
        return;
      }
      await reload(clientId);
    },
    [clientId, reload],
  );

  return { grants, grant, remove };
}
