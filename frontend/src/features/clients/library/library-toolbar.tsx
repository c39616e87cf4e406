import { LayoutGrid, List, Search } from 'lucide-react';
import { contentTypeLabel } from '#shared/content';
import { CONTENT_STATUS_LABELS, CONTENT_STATUSES } from '#shared/content-status';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { LIBRARY, SORT_LABELS, STATUS_FILTER } from '../messages';
import {
  ALL_STATUSES,
  ALL_TYPES,
  isSortOption,
  type LibraryLayout,
  type LibraryQuery,
  SORT_OPTIONS,
} from './library-view';

/**
 * Search, type filter, status filter, sort menu and the grid/list switch of the Content
 * Library (000 §2). On a phone the search shares its row with the switch, the two filters share the next
 * and the sort has the last, each wide enough for its longest value; from md up all stand in one row.
 */
export function LibraryToolbar({
  query,
  onQueryChange,
  types,
  layout,
  onLayoutChange,
}: {
  query: LibraryQuery;
  onQueryChange: (query: LibraryQuery) => void;
  types: readonly string[];
  layout: LibraryLayout;
  onLayoutChange: (layout: LibraryLayout) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 md:flex-nowrap">
      <div className="relative order-1 min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          className="pl-9"
          placeholder={LIBRARY.searchPlaceholder}
          aria-label={LIBRARY.searchPlaceholder}
          value={query.search}
          onChange={(event) => onQueryChange({ ...query, search: event.target.value })}
        />
      </div>
      <div className="order-3 grid w-full min-w-0 grid-cols-2 gap-2 md:order-2 md:flex md:w-auto">
        <Select value={query.type} onValueChange={(type) => onQueryChange({ ...query, type })}>
          <SelectTrigger className="min-w-0 md:w-44" aria-label={LIBRARY.typeFilterLabel}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_TYPES}>{LIBRARY.allTypes}</SelectItem>
            {types.map((type) => (
              <SelectItem key={type} value={type}>
                {contentTypeLabel(type)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={query.status} onValueChange={(status) => onQueryChange({ ...query, status })}>
          <SelectTrigger className="min-w-0 md:w-44" aria-label={STATUS_FILTER.label}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_STATUSES}>{STATUS_FILTER.all}</SelectItem>
            {CONTENT_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {CONTENT_STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={query.sort}
          onValueChange={(sort) => isSortOption(sort) && onQueryChange({ ...query, sort })}
        >
          <SelectTrigger className="col-span-2 min-w-0 md:w-40" aria-label={LIBRARY.sortLabel}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SORT_OPTIONS.map((option) => (
              <SelectItem key={option} value={option}>
                {SORT_LABELS[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <ToggleGroup
        type="single"
        value={layout}
        onValueChange={(value) => (value === 'grid' || value === 'list') && onLayoutChange(value)}
        aria-label="View"
        className="order-2 shrink-0 md:order-3"
      >
        <ToggleGroupItem value="grid" aria-label={LIBRARY.gridView} title={LIBRARY.gridView}>
          <LayoutGrid />
        </ToggleGroupItem>
        <ToggleGroupItem value="list" aria-label={LIBRARY.listView} title={LIBRARY.listView}>
          <List />
        </ToggleGroupItem>
      </ToggleGroup>
    </div>
  );
}
