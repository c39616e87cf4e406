import { useEffect, useState } from 'react';
import { agencyTimeZone } from '@/lib/agency-month';

/** The agency's time zone once read (GET /api/settings, once per page load); null until then. */
export function useAgencyTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void agencyTimeZone().then((found) => {
      if (live) setZone(found);
    });
    return () => {
      live = false;
    };
  }, []);
  return zone;
}
