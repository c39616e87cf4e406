import { CalendarClock, CalendarDays } from 'lucide-react';
import type { ContentSummary } from '#shared/content-summary';
import { formatDisplayDate } from '#shared/saved-title';
import { ContentStatusBadge } from '@/components/content/content-status-badge';
import { ElementVirtualGrid } from '@/components/virtual-grid';
import { formatCalendarDate } from '@/lib/calendar-dates';
import { DUE_DATE, LIBRARY } from '../messages';
import { viewerTimeZone } from '../viewer-time-zone';
import { OverrideBadge } from './approval-steps-section';
import { ContentTypeBadge } from './content-type-badge';
import { type ItemHandlers, ItemMenu, LibraryItemActionBar } from './library-item-actions';
import type { LibraryLayout } from './library-view';

/**
 * An item can take the focus from script only (tabIndex -1): when the item before it is deleted, the
 * focus moves to it. Its name is its title, and its ring is the solid one of every control.
 */
const FOCUSABLE_ITEM = 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring';

/** The id of an item's title, which names the item when it takes the focus. */
const titleId = (item: ContentSummary): string => `library-item-title-${item.id}`;

function ItemMeta({ item }: { item: ContentSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
      <span className="inline-flex items-center gap-1">
        <CalendarDays className="size-3.5" aria-hidden="true" />
        {formatDisplayDate(new Date(item.created_at), viewerTimeZone())}
      </span>
      <span>{LIBRARY.words(item.word_count)}</span>
      {item.dueDate && (
        <span className="inline-flex items-center gap-1" data-testid="library-due-date">
          <CalendarClock className="size-3.5" aria-hidden="true" />
          {DUE_DATE.shown(formatCalendarDate(item.dueDate))}
        </span>
      )}
    </div>
  );
}

function LibraryCard({ item, handlers }: { item: ContentSummary; handlers: ItemHandlers }) {
  return (
    <article
      className={`relative flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs ${FOCUSABLE_ITEM}`}
      data-testid="library-item"
      data-item-id={item.id}
      tabIndex={-1}
      aria-labelledby={titleId(item)}
    >
      {/* The menu sits in the card's corner, over its padding: placed, not pulled there with negative
          margins, so the badges' row is never wider than the card (the phone walk measures it). */}
      <div className="flex min-h-[26px] min-w-0 flex-wrap items-center gap-2 pr-7">
        <ContentTypeBadge type={item.content_type} />
        <ContentStatusBadge status={item.status} />
        <OverrideBadge item={item} />
      </div>
      <div className="absolute top-2.5 right-2.5">
        <ItemMenu item={item} handlers={handlers} />
      </div>
      <h3 id={titleId(item)} className="line-clamp-2 break-words font-semibold leading-snug">
        {item.title}
      </h3>
      <ItemMeta item={item} />
      <p className="line-clamp-3 flex-1 break-words text-muted-foreground text-sm">{item.preview}</p>
      <LibraryItemActionBar item={item} handlers={handlers} withMenu={false} />
    </article>
  );
}

function LibraryRow({ item, handlers }: { item: ContentSummary; handlers: ItemHandlers }) {
  return (
    <article
      className={`flex flex-col gap-3 rounded-lg border bg-card p-3 shadow-xs md:flex-row md:items-center ${FOCUSABLE_ITEM}`}
      data-testid="library-item"
      data-item-id={item.id}
      tabIndex={-1}
      aria-labelledby={titleId(item)}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex min-w-0 items-center gap-2">
          <ContentTypeBadge type={item.content_type} />
          <ContentStatusBadge status={item.status} />
          <OverrideBadge item={item} />
          <h3 id={titleId(item)} className="truncate font-medium">
            {item.title}
          </h3>
        </div>
        <ItemMeta item={item} />
      </div>
      <div className="md:w-[24.5rem] md:shrink-0">
        <LibraryItemActionBar item={item} handlers={handlers} />
      </div>
    </article>
  );
}

const GRID = {
  columns: { base: 1, sm: 2, lg: 3 },
  rowClassName: 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3',
  rowGap: 12,
  estimateRowHeight: 250,
} as const;
const LIST = { columns: { base: 1 }, rowClassName: 'grid', rowGap: 8, estimateRowHeight: 110 } as const;

const itemKey = (item: ContentSummary) => item.id;

/**
 * The items as a grid of cards (default) or a compact list (000 §2). Only the rows near the scrolled
 * view of the library are in the page: a list of 5,000 costs what a screenful does, and
 * screen readers still hear one list with each item's place in it.
 */
export function LibraryItems({
  items,
  layout,
  handlers,
  scroller,
}: {
  items: readonly ContentSummary[];
  layout: LibraryLayout;
  handlers: ItemHandlers;
  /** The element the items scroll in. */
  scroller: () => HTMLElement | null;
}) {
  if (layout === 'list') {
    return (
      <ElementVirtualGrid
        key="list"
        {...LIST}
        items={items}
        itemKey={itemKey}
        scroller={scroller}
        aria-label="Library items list"
        data-testid="library-list"
        renderItem={(item) => <LibraryRow item={item} handlers={handlers} />}
      />
    );
  }
  return (
    <ElementVirtualGrid
      key="grid"
      {...GRID}
      items={items}
      itemKey={itemKey}
      scroller={scroller}
      aria-label="Library items grid"
      data-testid="library-grid"
      renderItem={(item) => <LibraryCard item={item} handlers={handlers} />}
    />
  );
}
