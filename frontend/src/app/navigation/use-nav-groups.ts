import { useMemo } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { useConfig } from '@/lib/config';
import { isRouteAvailable } from '../screens';
import { NAV_GROUPS, type NavGroup, visibleNavGroups } from './nav-items';

/** The navigation the signed-in user sees (admins also see Admin Tools). */
export function useNavGroups(): NavGroup[] {
  const { user } = useAuth();
  const { externalLinks } = useConfig();
  const isAdmin = user?.isAdmin ?? false;
  return useMemo(
    () => visibleNavGroups(NAV_GROUPS, { isAdmin, isRouteAvailable, externalLinks }),
    [isAdmin, externalLinks],
  );
}
