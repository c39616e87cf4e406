import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { CLIENTS_PAGE } from './messages';

export function ClientSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <Search
        className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        className="pl-9"
        placeholder={CLIENTS_PAGE.searchPlaceholder}
        aria-label={CLIENTS_PAGE.searchPlaceholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
