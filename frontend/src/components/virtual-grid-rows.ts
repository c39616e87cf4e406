/**
 * The pure part of the virtualized grid (virtual-grid.tsx): which column count a viewport gets, and
 * which items make up a row. The grid virtualizes rows of `columns` items, so a card's row keeps the
 * equal heights and gaps the CSS grid gave the whole list.
 */

/**
 * Column counts from a viewport width on, Tailwind's `sm` (40rem), `md` (48rem) and `lg` (64rem)
 * breakpoints, as the grid classes the rows carry (`sm:grid-cols-2 lg:grid-cols-3`) lay them out.
 */
export interface ResponsiveColumns {
  readonly base: number;
  readonly sm?: number;
  readonly md?: number;
  readonly lg?: number;
}

export const BREAKPOINT_QUERIES = {
  sm: '(min-width: 40rem)',
  md: '(min-width: 48rem)',
  lg: '(min-width: 64rem)',
} as const;

export type Breakpoint = keyof typeof BREAKPOINT_QUERIES;

/** The columns for the breakpoints that match, the widest one that names a count winning. */
export function columnsFor(columns: ResponsiveColumns, matches: (breakpoint: Breakpoint) => boolean): number {
  let count = columns.base;
  for (const breakpoint of ['sm', 'md', 'lg'] as const) {
    const atBreakpoint = columns[breakpoint];
    if (atBreakpoint !== undefined && matches(breakpoint)) count = atBreakpoint;
  }
  return Math.max(1, count);
}

export const rowCount = (items: number, columns: number): number => Math.ceil(items / Math.max(1, columns));

/** The items of row `row` with their positions in the whole list (from 0). */
export function rowItems<Item>(
  items: readonly Item[],
  row: number,
  columns: number,
): { item: Item; index: number }[] {
  const start = row * columns;
  return items.slice(start, start + columns).map((item, offset) => ({ item, index: start + offset }));
}

/** The row that holds item `index`. */
export const rowOf = (index: number, columns: number): number => Math.floor(index / Math.max(1, columns));
