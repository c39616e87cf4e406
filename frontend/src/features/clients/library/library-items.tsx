import { CalendarClock, CalendarDays } from 'lucide-react';
import type { ClientContent } from '#shared/content';
import { formatDisplayDate } from '#shared/saved-title';
import { countWords } from '#shared/text';
import { ContentStatusBadge } from '@/components/content/content-status-badge';
import { formatCalendarDate } from '@/lib/calendar-dates';
import { DUE_DATE, LIBRARY } from '../messages';
import { viewerTimeZone } from '../viewer-time-zone';
import { ContentTypeBadge } from './content-type-badge';
import { type ItemHandlers, ItemMenu, LibraryItemActionBar } from './library-item-actions';
import type { LibraryLayout } from './library-view';
import { itemText } from './library-view';

const EXCERPT_LENGTH = 220;

/**
 * An item can take the focus from script only (tabIndex -1): when the item before it is deleted, the
 * focus moves to it (issue 18). Its name is its title, and its ring is the solid one of every control.
 */
const FOCUSABLE_ITEM = 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring';

/** The id of an item's title, which names the item when it takes the focus. */
const titleId = (item: ClientContent): string => `library-item-title-${item.id}`;

function ItemMeta({ item, text }: { item: ClientContent; text: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
      <span className="inline-flex items-center gap-1">
        <CalendarDays className="size-3.5" aria-hidden="true" />
        {formatDisplayDate(new Date(item.created_at), viewerTimeZone())}
      </span>
      <span>{LIBRARY.words(countWords(text))}</span>
      {item.dueDate && (
        <span className="inline-flex items-center gap-1" data-testid="library-due-date">
          <CalendarClock className="size-3.5" aria-hidden="true" />
          {DUE_DATE.shown(formatCalendarDate(item.dueDate))}
        </span>
      )}
    </div>
  );
}

function LibraryCard({ item, handlers }: { item: ClientContent; handlers: ItemHandlers }) {
  const text = itemText(item);
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
      </div>
      <div className="absolute top-2.5 right-2.5">
        <ItemMenu item={item} handlers={handlers} />
      </div>
      <h3 id={titleId(item)} className="line-clamp-2 break-words font-semibold leading-snug">
        {item.title}
      </h3>
      <ItemMeta item={item} text={text} />
      <p className="line-clamp-3 flex-1 break-words text-muted-foreground text-sm">
        {text.slice(0, EXCERPT_LENGTH).replace(/\s+/gu, ' ')}
      </p>
      <LibraryItemActionBar item={item} handlers={handlers} withMenu={false} />
    </article>
  );
}

function LibraryRow({ item, handlers }: { item: ClientContent; handlers: ItemHandlers }) {
  const text = itemText(item);
  return (
    <li
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
          <h3 id={titleId(item)} className="truncate font-medium">
            {item.title}
          </h3>
        </div>
        <ItemMeta item={item} text={text} />
      </div>
      <div className="md:w-[24.5rem] md:shrink-0">
        <LibraryItemActionBar item={item} handlers={handlers} />
      </div>
    </li>
  );
}

/** The items as a grid of cards (default) or a compact list (000 §2). */
export function LibraryItems({
  items,
  layout,
  handlers,
}: {
  items: readonly ClientContent[];
  layout: LibraryLayout;
  handlers: ItemHandlers;
}) {
  if (layout === 'list') {
    return (
      <ul className="grid gap-2" data-testid="library-list">
        {items.map((item) => (
          <LibraryRow key={item.id} item={item} handlers={handlers} />
        ))}
      </ul>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="library-grid">
      {items.map((item) => (
        <LibraryCard key={item.id} item={item} handlers={handlers} />
      ))}
    </div>
  );
}
