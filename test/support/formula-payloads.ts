/**
 * Cells a spreadsheet would run as a formula
 * (docs/decisions.md, "Spreadsheet files: no formulas out, only UTF-8 in": OWASP's CSV Injection page): the
 * CSV writer's tests, the usage export through the gateway and the pages' downloads all try these.
 */
export const FORMULA_PAYLOADS = [
  '=HYPERLINK("http://x","click")',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  "=cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  // papaparse's own escapeFormulae lets this one through: a line break after the formula.
  '=1+1\nnote',
  // Text that looks like a negative number is still text.
  '-1.5',
] as const;
