import { CONTENT_STATUS_BADGES, CONTENT_STATUS_LABELS, type ContentStatus } from '#shared/content-status';
import { Badge } from '@/components/ui/badge';

/**
 * A library item's review status
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"), in the library, the
 * Publisher and the calendar.
 */
export function ContentStatusBadge({ status, className }: { status: ContentStatus; className?: string }) {
  return (
    <Badge variant={CONTENT_STATUS_BADGES[status]} className={className} data-status={status}>
      {CONTENT_STATUS_LABELS[status]}
    </Badge>
  );
}
