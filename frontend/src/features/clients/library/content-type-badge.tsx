import { contentTypeBadgeColour, contentTypeLabel } from '#shared/content';
import { Badge } from '@/components/ui/badge';

/** A content type's label in its spec colour; types without one get the neutral badge. */
export function ContentTypeBadge({ type }: { type: string }) {
  return <Badge variant={contentTypeBadgeColour(type) ?? 'secondary'}>{contentTypeLabel(type)}</Badge>;
}
