import Papa from 'papaparse';

/**
 * The one CSV writer of the app (browser-safe): the usage export, on the server and in the page, and
 * the bulk page's results and template all write through it, so a value someone typed (a client's
 * name) or a model wrote (a title) never opens as a formula in the spreadsheet it lands in
 * (docs/decisions.md, "CSV exports: no formulas").
 *
 * Each column says what it holds, as OWASP's CSV Injection page asks:
 * - `text`: always quoted, embedded quotes doubled, and a value that begins with one of
 *   {@link FORMULA_START}'s characters is prefixed with `'`, so the spreadsheet shows it as text.
 * - `number`: a number the app computed, written bare (`-1.5`, `0.012300`) so it stays a number the
 *   spreadsheet can add up. The column's type, never the value's look, decides: a client named `-1+1`
 *   is text.
 * The header row holds the app's own column names and is written bare, so a reader can match it as is.
 */

/** A cell starting with one of these runs as a formula in Excel, LibreOffice or Google Sheets. */
export const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvColumn<Row> =
  | {
      readonly header: string;
      readonly kind: 'text';
      readonly value: (row: Row) => string | null | undefined;
    }
  | {
      readonly header: string;
      readonly kind: 'number';
      readonly value: (row: Row) => number | null | undefined;
      /** Fixed decimals (a cost to the micro-dollar); without it, the number as JavaScript writes it. */
      readonly decimals?: number;
    };

/** A text value as a spreadsheet must read it: prefixed with `'` when it would start a formula. */
export function neutralisedText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function cellOf<Row>(column: CsvColumn<Row>, row: Row): string {
  if (column.kind === 'text') return neutralisedText(column.value(row) ?? '');
  const value = column.value(row);
  // No number to show (not recorded, or not finite): an empty cell rather than `NaN`.
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return column.decimals === undefined ? String(value) : value.toFixed(column.decimals);
}

/** The CSV of `rows`: the header row, then one line per row, lines ended by CRLF (RFC 4180). */
export function writeCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  // papaparse does the quoting (a quote doubled, a comma or line break kept inside the cell). Its own
  // `escapeFormulae` is not used: its pattern `/^[=+\-@\t\r].*$/` lets a cell with a line break after
  // the formula through, and it decides by the JavaScript type of the value, not by the column.
  const header = Papa.unparse([columns.map((column) => column.header)], { newline: '\r\n' });
  if (rows.length === 0) return header;
  const body = Papa.unparse(
    rows.map((row) => columns.map((column) => cellOf(column, row))),
    { quotes: columns.map((column) => column.kind === 'text'), newline: '\r\n' },
  );
  return `${header}\r\n${body}`;
}
