import { contentTypeLabel } from '#shared/content';
import type { ContentSummary } from '#shared/content-summary';
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

/** The status filter's 'All Statuses' value. */
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

const searchText = new WeakMap<ContentSummary, string>();

/** What the browser can search of an item: its title, type and preview; the server searches the text. */
function searchable(item: ContentSummary): string {
  let text = searchText.get(item);
  if (text === undefined) {
    text = `${item.title}\n${contentTypeLabel(item.content_type)}\n${item.preview}`.toLowerCase();
    searchText.set(item, text);
  }
  return text;
}

/** The types present in the library, for the filter, ordered by their label. */
export function presentTypes(items: readonly ContentSummary[]): string[] {
  return [...new Set(items.map((item) => item.content_type))].sort((a, b) =>
    contentTypeLabel(a).localeCompare(contentTypeLabel(b), 'en-US'),
  );
}

const byTitle = (a: ContentSummary, b: ContentSummary) =>
  a.title.localeCompare(b.title, 'en-US', { sensitivity: 'base', numeric: true });
const byType = (a: ContentSummary, b: ContentSummary) =>
  contentTypeLabel(a.content_type).localeCompare(contentTypeLabel(b.content_type), 'en-US');
/** Ids are ULIDs, so they break ties between items saved in the same millisecond. */
const byNewest = (a: ContentSummary, b: ContentSummary) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

const COMPARATORS: Record<SortOption, (a: ContentSummary, b: ContentSummary) => number> = {
  newest: byNewest,
  oldest: (a, b) => -byNewest(a, b),
  'title-asc': (a, b) => byTitle(a, b) || byNewest(a, b),
  'title-desc': (a, b) => -byTitle(a, b) || byNewest(a, b),
  'type-asc': (a, b) => byType(a, b) || byNewest(a, b),
  'type-desc': (a, b) => -byType(a, b) || byNewest(a, b),
};

/**
 * The items in view. A search matches the title, type and preview here, at once, and the items whose
 * text the server found it in (`textMatches`, once it has answered), so it covers every item's words.
 */
export function viewContent(
  items: readonly ContentSummary[],
  query: LibraryQuery,
  textMatches: ReadonlySet<string> | null = null,
): ContentSummary[] {
  const needle = query.search.trim().toLowerCase();
  return items
    .filter((item) => query.type === ALL_TYPES || item.content_type === query.type)
    .filter((item) => query.status === ALL_STATUSES || item.status === query.status)
    .filter(
      (item) => needle === '' || searchable(item).includes(needle) || textMatches?.has(item.id) === true,
    )
    .sort(COMPARATORS[query.sort]);
}
