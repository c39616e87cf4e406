import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import type { ClientSummary } from '#shared/client-list';
import { ExternalLink } from '@/components/layout/external-link';
import { Badge } from '@/components/ui/badge';
import { externalHref } from './client-display';

const PRESENCE = [
  { field: 'website', label: 'Website' },
  { field: 'facebook', label: 'Facebook' },
  { field: 'linkedin', label: 'LinkedIn' },
  { field: 'gbp', label: 'GBP' },
] as const satisfies readonly { field: keyof ClientSummary; label: string }[];

/** The online-presence badges (000 §2): one link per filled-in address, each opening in a new tab. */
export function OnlinePresence({ client }: { client: ClientSummary }) {
  const links = PRESENCE.flatMap(({ field, label }) => {
    const value = client[field];
    return value ? [{ label, href: externalHref(value) }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {links.map(({ label, href }) => (
        <Badge key={label} variant="secondary" asChild>
          <ExternalLink href={href} title={href}>
            {label}
            <ExternalLinkIcon aria-hidden="true" />
          </ExternalLink>
        </Badge>
      ))}
    </div>
  );
}
