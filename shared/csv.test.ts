import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { FORMULA_PAYLOADS } from '#test/support/formula-payloads';
import { type CsvColumn, FORMULA_START, neutralisedText, writeCsv } from './csv';

/**
 * docs/decisions.md, "Spreadsheet files: no formulas out, only UTF-8 in": the CSV writer against formula
 * payloads, read back by a real CSV parser.
 */

interface Line {
  readonly name: string | null;
  readonly count: number | null;
  readonly cost?: number;
}

const COLUMNS: readonly CsvColumn<Line>[] = [
  { header: 'name', kind: 'text', value: (line) => line.name },
  { header: 'count', kind: 'number', value: (line) => line.count },
  { header: 'cost', kind: 'number', value: (line) => line.cost, decimals: 6 },
];

/** The CSV as a spreadsheet-grade reader sees it: quoted cells as text, bare numbers typed. */
function readBack(csv: string): Papa.ParseResult<Record<string, unknown>> {
  return Papa.parse<Record<string, unknown>>(csv, { header: true, dynamicTyping: true });
}

describe('writeCsv', () => {
  it('prefixes every text cell that would start a formula with a quote, and reads back as text', () => {
    const csv = writeCsv(
      COLUMNS,
      FORMULA_PAYLOADS.map((name, index) => ({ name, count: -index, cost: -1.5 })),
    );
    const parsed = readBack(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((line) => line.name)).toEqual(FORMULA_PAYLOADS.map((payload) => `'${payload}`));
    for (const line of parsed.data) {
      expect(String(line.name)).toMatch(/^'/);
      expect(FORMULA_START.test(String(line.name))).toBe(false);
    }
    // The numbers stay numbers, negative ones included: never prefixed, never quoted.
    expect(parsed.data.map((line) => line.count)).toEqual(FORMULA_PAYLOADS.map((_, index) => -index || 0));
    expect(parsed.data.every((line) => line.cost === -1.5)).toBe(true);
    expect(csv.split('\r\n')[2]).toBe(`"'+1+1",-1,-1.500000`);
  });

  it('quotes every text cell, doubles its quotes and keeps commas and line breaks in the cell', () => {
    const names = ['Peak "Top" Roofing', 'Peak, Inc', 'Line one\nline two', 'Plain', ' spaced '];
    const csv = writeCsv(
      COLUMNS,
      names.map((name) => ({ name, count: 3 })),
    );
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'name,count,cost',
      '"Peak ""Top"" Roofing",3,',
      '"Peak, Inc",3,',
    ]);
    expect(readBack(csv).data.map((line) => line.name)).toEqual(names);
  });

  it('writes empty cells for missing values, and a number that is not finite as empty', () => {
    const csv = writeCsv(COLUMNS, [
      { name: null, count: null },
      { name: '', count: Number.NaN, cost: Number.POSITIVE_INFINITY },
      { name: '0', count: 0, cost: 0 },
    ]);
    // A number-looking text stays quoted text: the column, not the value's look, decides.
    expect(csv.split('\r\n')).toEqual(['name,count,cost', '"",,', '"",,', '"0",0,0.000000']);
  });

  it('writes the header row alone when there are no rows', () => {
    expect(writeCsv(COLUMNS, [])).toBe('name,count,cost');
  });
});

describe('neutralisedText', () => {
  it('leaves text that starts no formula as it is', () => {
    for (const text of ['', 'Peak Roofing', "'=already", ' =1+1', '1-1', 'a=b', '\n=1']) {
      expect(neutralisedText(text)).toBe(text);
    }
  });
});
