import {
  CONNECTION_STATUS_LABELS,
  type ConnectionStatus,
  PUBLICATION_STATUS_LABELS,
  type PublicationStatus,
} from '#shared/channels';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const CONNECTION_BADGES: Readonly<Record<ConnectionStatus, BadgeProps['variant']>> = {
  connected: 'green',
  reconnect_needed: 'orange',
};

/** Scheduled is purple as a scheduled item and a scheduled WordPress post are (shared/content-status.ts). */
const PUBLICATION_BADGES: Readonly<Record<PublicationStatus, BadgeProps['variant']>> = {
  scheduled: 'purple',
  publishing: 'blue',
  published: 'green',
  failed: 'destructive',
};

/** A connection's state: 'Connected', or 'Reconnect needed' once its platform refused its refresh. */
export function ConnectionStatusBadge({
  status,
  className,
}: {
  status: ConnectionStatus;
  className?: string;
}) {
  return (
    <Badge variant={CONNECTION_BADGES[status]} className={className} data-status={status}>
      {CONNECTION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A channel post's state (Scheduled, Publishing, Published, Failed): the publish dialog, the library, the calendar. */
export function PublicationStatusBadge({
  status,
  className,
}: {
  status: PublicationStatus;
  className?: string;
}) {
  return (
    <Badge variant={PUBLICATION_BADGES[status]} className={className} data-status={status}>
      {PUBLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
