import { Plus, SearchX, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CLIENTS_PAGE } from './messages';

/** 'No clients added yet', or 'No clients found matching "<search>"' when a search hides every client. */
export function ClientsEmptyState({ search, onAdd }: { search: string; onAdd: () => void }) {
  const searching = search.trim() !== '';
  const Icon = searching ? SearchX : Users;
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium text-lg">
        {searching ? CLIENTS_PAGE.noMatch(search.trim()) : CLIENTS_PAGE.emptyTitle}
      </p>
      {!searching && (
        <>
          <p className="max-w-sm text-muted-foreground text-sm">{CLIENTS_PAGE.emptyHint}</p>
          <Button onClick={onAdd}>
            <Plus />
            {CLIENTS_PAGE.addClient}
          </Button>
        </>
      )}
    </div>
  );
}
