import type { Ref } from 'react';
import type { ClientSummary } from '#shared/client-list';
import { type VirtualGridHandle, WindowVirtualGrid } from '@/components/virtual-grid';
import { ClientCard } from './client-card';
import type { ClientCardActions } from './client-card-menu';

/** One column on phones, two from `sm`, three from `lg` (000 §2). */
export const CLIENT_GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';
const CLIENT_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;
/** gap-4. */
const ROW_GAP_PX = 16;
/** A card with an address, contact lines and three instruction previews, before it is measured. */
const ESTIMATED_ROW_PX = 520;

/**
 * The client cards, newest first; only the rows near the viewport are in the page, so 2,000
 * clients cost what a screenful does, and a page of clients arriving re-renders no card already shown.
 */
export function ClientGrid({
  clients,
  canManage,
  actions,
  handle,
}: {
  clients: readonly ClientSummary[];
  canManage: (client: ClientSummary) => boolean;
  actions: ClientCardActions;
  handle?: Ref<VirtualGridHandle>;
}) {
  return (
    <WindowVirtualGrid
      items={clients}
      itemKey={(client) => client.id}
      columns={CLIENT_COLUMNS}
      rowClassName={CLIENT_GRID_CLASS}
      rowGap={ROW_GAP_PX}
      estimateRowHeight={ESTIMATED_ROW_PX}
      aria-label="Clients"
      data-testid="client-grid"
      handle={handle}
      renderItem={(client) => <ClientCard client={client} canManage={canManage(client)} actions={actions} />}
    />
  );
}
