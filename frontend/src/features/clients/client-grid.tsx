import type { ClientSummary } from '#shared/client-list';
import { ClientCard } from './client-card';
import type { ClientCardActions } from './client-card-menu';

/** One column on phones, two from `sm`, three from `lg` (000 §2). */
export const CLIENT_GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

export function ClientGrid({
  clients,
  canManage,
  actions,
}: {
  clients: readonly ClientSummary[];
  canManage: (client: ClientSummary) => boolean;
  actions: ClientCardActions;
}) {
  return (
    <div className={CLIENT_GRID_CLASS} data-testid="client-grid">
      {clients.map((client) => (
        <ClientCard key={client.id} client={client} canManage={canManage(client)} actions={actions} />
      ))}
    </div>
  );
}
