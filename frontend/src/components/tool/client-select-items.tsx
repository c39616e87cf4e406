import { SelectItem } from '@/components/ui/select';
import type { ClientName } from '@/lib/client-pages';

/** The clients as options of a Select, one per client, valued by id: every client picker lists them so. */
export function ClientSelectItems({ clients }: { clients: readonly ClientName[] }) {
  return clients.map((client) => (
    <SelectItem key={client.id} value={client.id}>
      {client.name}
    </SelectItem>
  ));
}
