import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import { type CsvColumn, writeCsv } from '#shared/csv';
import { FORMULA_PAYLOADS } from '#test/support/formula-payloads';

/**
 * docs/decisions.md, "Spreadsheet files: no formulas out, only UTF-8 in": in a real spreadsheet: LibreOffice
 * Calc opens the writer's CSV with formula evaluation on (the import option a user may have set), and every
 * payload must come back as a text cell, never a formula, and every number as a number. The same rows written
 * raw are the control: in them Calc does run a formula, so this check can fail. It needs `soffice` (Debian's
 * `libreoffice-calc-nogui`), which the CI machine does not install; without it the file is skipped.
 */

const soffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0;

interface Line {
  readonly name: string;
  readonly count: number;
  readonly cost: number;
}

const COLUMNS: readonly CsvColumn<Line>[] = [
  { header: 'name', kind: 'text', value: (line) => line.name },
  { header: 'count', kind: 'number', value: (line) => line.count },
  { header: 'cost', kind: 'number', value: (line) => line.cost, decimals: 6 },
];

const LINES: readonly Line[] = FORMULA_PAYLOADS.map((name, index) => ({
  name,
  count: index + 1,
  cost: -1.5 * (index + 1),
}));

interface Cell {
  readonly formula: string | null;
  readonly type: string | null;
  readonly value: string | null;
  readonly text: string;
}

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', apos: "'", quot: '"', lt: '<', gt: '>' };

/** The cells of a flat ODF spreadsheet (what `soffice --convert-to fods` writes), row by row. */
function cellsOf(fods: string): Cell[][] {
  const attribute = (attributes: string, name: string) =>
    new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
  return [...fods.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(([, row = '']) =>
    [...row.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].map(
      ([, attributes = '', content = '']) => ({
        formula: attribute(attributes, 'table:formula'),
        type: attribute(attributes, 'office:value-type'),
        value: attribute(attributes, 'office:value'),
        text: [...content.matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)]
          .map(([, paragraph = '']) =>
            paragraph
              .replace(/<text:tab\/>/g, '\t')
              .replace(/<text:line-break\/>/g, '\n')
              .replace(/<[^>]+>/g, '')
              .replace(/&(\w+);/g, (entity, name: string) => XML_ENTITIES[name] ?? entity),
          )
          .join('\n'),
      }),
    ),
  );
}

const work = mkdtempSync(join(tmpdir(), 'lbm-csv-calc-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Opens each CSV in Calc (UTF-8, comma, quotes, formulas evaluated) and returns its cells. */
function openInCalc(files: Readonly<Record<string, string>>): Record<string, Cell[][]> {
  for (const [name, csv] of Object.entries(files)) writeFileSync(join(work, `${name}.csv`), csv);
  // CSV import options: separator 44 (,), text delimiter 34 ("), UTF-8 (76), from line 1, standard
  // column types, quoted fields not forced to text, special numbers detected, ..., the 13th token:
  // evaluate formulas.
  const result = spawnSync(
    'soffice',
    [
      `-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`,
      '--headless',
      '--infilter=CSV:44,34,76,1,,0,false,true,false,false,false,-1,true',
      '--convert-to',
      'fods',
      '--outdir',
      work,
      ...Object.keys(files).map((name) => join(work, `${name}.csv`)),
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(result.status, result.stderr).toBe(0);
  return Object.fromEntries(
    Object.keys(files).map((name) => [name, cellsOf(readFileSync(join(work, `${name}.fods`), 'utf8'))]),
  );
}

describe.skipIf(!soffice)('the CSV writer in LibreOffice Calc', () => {
  it('opens every payload as text beginning with a quote, and the numbers as numbers', {
    timeout: 150_000,
  }, () => {
    const raw = Papa.unparse({
      fields: COLUMNS.map((column) => column.header),
      data: LINES.map((line) => [line.name, line.count, line.cost]),
    });
    const { written = [], control = [] } = openInCalc({ written: writeCsv(COLUMNS, LINES), control: raw });

    // The control: written as they are, some payloads do run as formulas here.
    expect(control.slice(1).filter(([name]) => name?.formula).length).toBeGreaterThan(0);

    const [header, ...rows] = written;
    expect(header?.map((cell) => cell.text)).toEqual(['name', 'count', 'cost']);
    expect(rows).toHaveLength(LINES.length);
    rows.forEach(([name, count, cost], index) => {
      const line = LINES[index];
      expect(name).toMatchObject({ formula: null, type: 'string' });
      expect(name?.text.startsWith("'"), JSON.stringify(name)).toBe(true);
      expect(count).toMatchObject({ formula: null, type: 'float', value: String(line?.count) });
      expect(cost).toMatchObject({ formula: null, type: 'float', value: String(line?.cost) });
    });
  });
});
