import { type ClientContent, contentTypeLabel } from '#shared/content';
import { htmlToText } from '#shared/text';
import { SORT_LABELS } from '../messages';

/** What the library shows of a client's items: searched, filtered by type and sorted (000 §2, §9). */

export type SortOption = keyof typeof SORT_LABELS;

export const SORT_OPTIONS = Object.keys(SORT_LABELS) as SortOption[];

/** Date descending (000 §9). */
export const DEFAULT_SORT: SortOption = 'newest';

/** The type filter's 'All Types' value; no content type is called this, and select values cannot be ''. */
export const ALL_TYPES = 'all';

export type LibraryLayout = 'grid' | 'list';

/** Grid by default (000 §9). */
export const DEFAULT_LAYOUT: LibraryLayout = 'grid';

/** The status filter's 'All Statuses' value (issue 33 item 2). */
export const ALL_STATUSES = 'all';

export interface LibraryQuery {
  search: string;
  type: string;
  /** A content status, or ALL_STATUSES. */
  status: string;
  sort: SortOption;
}

export function isSortOption(value: string): value is SortOption {
  return Object.hasOwn(SORT_LABELS, value);
}

/** The plain text of an item: its stored text, or the text of its HTML when none was stored. */
export function itemText(item: Pick<ClientContent, 'content' | 'html_content'>): string {
  return item.content.trim() !== '' ? item.content : htmlToText(item.html_content);
}

const searchText = new WeakMap<ClientContent, string>();

function searchable(item: ClientContent): string {
  let text = searchText.get(item);
  if (text === undefined) {
    text = `${item.title}\n${contentTypeLabel(item.content_type)}\n${itemText(item)}`.toLowerCase();
    searchText.set(item, text);
  }
  return text;
}

/** The types present in the library, for the filter, ordered by their label. */
export function presentTypes(items: readonly ClientContent[]): string[] {
  return [...new Set(items.map((item) => item.content_type))].sort((a, b) =>
    contentTypeLabel(a).localeCompare(contentTypeLabel(b), 'en-US'),
  );
}

const byTitle = (a: ClientContent, b: ClientContent) =>
  a.title.localeCompare(b.title, 'en-US', { sensitivity: 'base', numeric: true });
const byType = (a: ClientContent, b: ClientContent) =>
  contentTypeLabel(a.content_type).localeCompare(contentTypeLabel(b.content_type), 'en-US');
/** Ids are ULIDs, so they break ties between items saved in the same millisecond. */
const byNewest = (a: ClientContent, b: ClientContent) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

const COMPARATORS: Record<SortOption, (a: ClientContent, b: ClientContent) => number> = {
  newest: byNewest,
  oldest: (a, b) => -byNewest(a, b),
  'title-asc': (a, b) => byTitle(a, b) || byNewest(a, b),
  'title-desc': (a, b) => -byTitle(a, b) || byNewest(a, b),
  'type-asc': (a, b) => byType(a, b) || byNewest(a, b),
  'type-desc': (a, b) => -byType(a, b) || byNewest(a, b),
};

export function viewContent(items: readonly ClientContent[], query: LibraryQuery): ClientContent[] {
  const needle = query.search.trim().toLowerCase();
  return items
    .filter((item) => query.type === ALL_TYPES || item.content_type === query.type)
    .filter((item) => query.status === ALL_STATUSES || item.status === query.status)
    .filter((item) => needle === '' || searchable(item).includes(needle))
    .sort(COMPARATORS[query.sort]);
}
