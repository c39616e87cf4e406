import { describe, expect, it } from 'vitest';
import { columnsFor, rowCount, rowItems, rowOf } from './virtual-grid-rows';

describe('virtual grid rows', () => {
  const clients = { base: 1, sm: 2, lg: 3 };

  it('takes the columns of the widest breakpoint that matches, as the grid classes do', () => {
    expect(columnsFor(clients, () => false)).toBe(1);
    expect(columnsFor(clients, (breakpoint) => breakpoint === 'sm')).toBe(2);
    // md names no count of its own: sm's stays.
    expect(columnsFor(clients, (breakpoint) => breakpoint !== 'lg')).toBe(2);
    expect(columnsFor(clients, () => true)).toBe(3);
    expect(columnsFor({ base: 0 }, () => true)).toBe(1);
  });

  it('cuts the list into rows of that many items, the last one short', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(rowCount(items.length, 3)).toBe(3);
    expect(rowItems(items, 0, 3)).toEqual([
      { item: 'a', index: 0 },
      { item: 'b', index: 1 },
      { item: 'c', index: 2 },
    ]);
    expect(rowItems(items, 2, 3)).toEqual([{ item: 'g', index: 6 }]);
    expect(rowItems(items, 3, 3)).toEqual([]);
    expect(rowOf(6, 3)).toBe(2);
    expect(rowOf(5, 1)).toBe(5);
    expect(rowCount(0, 3)).toBe(0);
  });
});
