import {
  defaultRangeExtractor,
  type Range,
  useVirtualizer,
  useWindowVirtualizer,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  type ComponentProps,
  type FocusEvent,
  type ReactNode,
  type Ref,
  type RefObject,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  BREAKPOINT_QUERIES,
  columnsFor,
  type ResponsiveColumns,
  rowCount,
  rowItems,
  rowOf,
} from './virtual-grid-rows';

/**
 * A list of cards that renders only the rows near the viewport (TanStack Virtual), so a list of thousands
 * costs what a screenful costs (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids").
 * Rows of `columns` items are laid out by the same grid classes the whole list had, and measured once
 * rendered, so cards of one row share its height.
 *
 * For assistive technology it stays one list: the container is a `list`, each item a `listitem` with
 * its position and the list's true size (`aria-posinset`/`aria-setsize`), so a screen reader says
 * "12 of 2,000" although only a few dozen are in the page. Tab and Shift+Tab reach every item: the
 * row holding the focus and the rows on either side of it are always rendered (besides those around
 * the viewport), so the next item is in the page before the next key press, however fast they come, and
 * scrolling away never unmounts the focused element.
 */

export interface VirtualGridHandle {
  /** Scrolls the row of item `index` into view; it is rendered on the next frame. */
  scrollToItem(index: number): void;
}

interface GridProps<Item> extends Omit<ComponentProps<'div'>, 'children' | 'role' | 'ref'> {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  columns: ResponsiveColumns;
  /** The classes of a row: the grid's own (`grid gap-4 sm:grid-cols-2 …`). */
  rowClassName: string;
  /** Space between rows, in pixels: the grid's gap. */
  rowGap: number;
  /** A row's likely height before it is measured. */
  estimateRowHeight: number;
  renderItem: (item: Item, index: number) => ReactNode;
  handle?: Ref<VirtualGridHandle>;
}

/** What the rows need of either virtualizer (window or element scrolling). */
type RowVirtualizer = Pick<
  Virtualizer<Element | Window, HTMLDivElement>,
  'getVirtualItems' | 'getTotalSize' | 'measureElement' | 'scrollToIndex'
>;

function subscribeToBreakpoints(onChange: () => void): () => void {
  const lists = Object.values(BREAKPOINT_QUERIES).map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** The column count the viewport gives `columns`, kept current as the window is resized. */
function useColumns(columns: ResponsiveColumns): number {
  return useSyncExternalStore(
    subscribeToBreakpoints,
    () => columnsFor(columns, (breakpoint) => window.matchMedia(BREAKPOINT_QUERIES[breakpoint]).matches),
    () => columns.base,
  );
}

/**
 * The list's distance from the start of what scrolls (the document, or the scrolling element): rows
 * are positioned from there. Measured after layout, and again when the window is resized.
 */
function useScrollMargin(list: RefObject<HTMLDivElement | null>, scroller: () => HTMLElement | null): number {
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = list.current;
      if (!element) return;
      const parent = scroller();
      const top = element.getBoundingClientRect().top;
      setMargin(parent ? top - parent.getBoundingClientRect().top + parent.scrollTop : top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [list, scroller]);
  return margin;
}

/**
 * Keeps the focused row and its neighbours rendered: the row is taken from the element that receives
 * the focus, and React renders a discrete event's update before the next event is handled.
 */
function useFocusedRows(): {
  rangeExtractor: (range: Range) => number[];
  onFocus: (event: FocusEvent<HTMLDivElement>) => void;
} {
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      if (focusedRow === null) return rows;
      const kept = new Set(rows);
      for (let row = focusedRow - 1; row <= focusedRow + 1; row += 1) {
        if (row >= 0 && row < range.count) kept.add(row);
      }
      return [...kept].sort((a, b) => a - b);
    },
    [focusedRow],
  );
  const onFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    const row = event.target.closest<HTMLElement>('[data-index]')?.dataset.index;
    setFocusedRow(row === undefined ? null : Number(row));
  }, []);
  return { rangeExtractor, onFocus };
}

type RowsProps<Item> = Omit<GridProps<Item>, 'columns' | 'rowGap' | 'estimateRowHeight'> & {
  virtualizer: RowVirtualizer;
  scrollMargin: number;
  columns: number;
  list: RefObject<HTMLDivElement | null>;
  onFocus: (event: FocusEvent<HTMLDivElement>) => void;
};

function GridRows<Item>({
  virtualizer,
  scrollMargin,
  columns,
  list,
  items,
  itemKey,
  rowClassName,
  renderItem,
  handle,
  onFocus,
  ...rest
}: RowsProps<Item>) {
  useImperativeHandle(
    handle,
    () => ({ scrollToItem: (index) => virtualizer.scrollToIndex(rowOf(index, columns), { align: 'auto' }) }),
    [virtualizer, columns],
  );
  const row = (virtualRow: VirtualItem) => (
    <div
      key={virtualRow.key}
      data-index={virtualRow.index}
      ref={virtualizer.measureElement}
      role="none"
      className={rowClassName}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${virtualRow.start - scrollMargin}px)`,
      }}
    >
      {rowItems(items, virtualRow.index, columns).map(({ item, index }) => (
        // biome-ignore lint/a11y/useSemanticElements: a row wrapper stands between list and item, which a <ul> may not hold.
        <div
          key={itemKey(item)}
          role="listitem"
          aria-posinset={index + 1}
          aria-setsize={items.length}
          className="grid min-w-0"
        >
          {renderItem(item, index)}
        </div>
      ))}
    </div>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: its children are row wrappers (role none), which a <ul> may not hold.
    <div
      {...rest}
      ref={list}
      role="list"
      onFocus={onFocus}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map(row)}
    </div>
  );
}

/** Rows beyond each edge of the viewport that are rendered too: what Tab reaches next is in the page. */
const OVERSCAN_ROWS = 2;

/** A virtualized grid in the page's own scrolling (the window), such as the Clients screen. */
export function WindowVirtualGrid<Item>({
  columns: responsive,
  rowGap,
  estimateRowHeight,
  ...rest
}: GridProps<Item>) {
  const list = useRef<HTMLDivElement>(null);
  const columns = useColumns(responsive);
  const noScroller = useCallback(() => null, []);
  const scrollMargin = useScrollMargin(list, noScroller);
  const focus = useFocusedRows();
  const virtualizer = useWindowVirtualizer<HTMLDivElement>({
    count: rowCount(rest.items.length, columns),
    estimateSize: () => estimateRowHeight,
    gap: rowGap,
    overscan: OVERSCAN_ROWS,
    rangeExtractor: focus.rangeExtractor,
    scrollMargin,
  });
  return (
    <GridRows
      virtualizer={virtualizer}
      scrollMargin={scrollMargin}
      columns={columns}
      list={list}
      onFocus={focus.onFocus}
      {...rest}
    />
  );
}

/** A virtualized grid inside a scrolling element (`scroller`), such as a dialog's item area. */
export function ElementVirtualGrid<Item>({
  scroller,
  columns: responsive,
  rowGap,
  estimateRowHeight,
  ...rest
}: GridProps<Item> & { scroller: () => HTMLElement | null }) {
  const list = useRef<HTMLDivElement>(null);
  const columns = useColumns(responsive);
  const scrollMargin = useScrollMargin(list, scroller);
  const focus = useFocusedRows();
  const virtualizer = useVirtualizer<HTMLElement, HTMLDivElement>({
    count: rowCount(rest.items.length, columns),
    getScrollElement: scroller,
    estimateSize: () => estimateRowHeight,
    gap: rowGap,
    overscan: OVERSCAN_ROWS,
    rangeExtractor: focus.rangeExtractor,
    scrollMargin,
  });
  return (
    <GridRows
      virtualizer={virtualizer}
      scrollMargin={scrollMargin}
      columns={columns}
      list={list}
      onFocus={focus.onFocus}
      {...rest}
    />
  );
}
