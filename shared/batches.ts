import Papa from 'papaparse';
import {
  BATCH_COLUMNS,
  BATCH_MESSAGES,
  BATCH_TOOLS,
  type BatchClientRef,
  type BatchColumn,
  type BatchOptions,
  type BatchProblem,
  type BatchRowInput,
  type BatchTool,
  batchRowResultPath,
  type CheckedBatchRow,
  isBatchColumn,
  isBatchTool,
  MAX_BATCH_ROWS,
  TOOL_COLUMNS,
} from './batch-columns';
import type { BatchRowView, BatchView } from './batch-schemas';
import { type CsvColumn, writeCsv } from './csv';
import { LANGUAGE_MODELS } from './models';
import { blogRewriteRequestSchema } from './tools/blog-rewrite';
import { clientContentRequestSchema } from './tools/client-content';
import { FAQ_QUESTION_COUNT, faqRequestSchema } from './tools/faq';
import { gbpPostRequestSchema } from './tools/gbp-post';
import { estimateTextTool } from './tools/job-estimates';
import { newsletterRequestSchema } from './tools/newsletter';
import { pressReleaseRequestSchema } from './tools/press-release';
import { socialContentRequestSchema } from './tools/social-content';
import type * as z from './validation/zod';

/**
 * Bulk generation from a spreadsheet, browser-safe: the page and POST /api/batches
 * read a CSV with the same library (papaparse) and check every row with the very schemas of the single
 * tools, so a row the page accepts is a row the server accepts, and the problems name the same row
 * numbers and columns on both sides. The columns and limits are in batch-columns.ts, the API's shapes in
 * batch-schemas.ts.
 */

// ---------------------------------------------------------------------------------------------------
// Reading CSV

export interface ParsedBatchCsv {
  readonly rows: { readonly row: number; readonly values: BatchRowInput }[];
  readonly problems: BatchProblem[];
}

/** The CSV's cells, a byte-order mark dropped; blank lines are kept, so row `i` is row `i + 1` of a spreadsheet. */
function readCsv(text: string): Papa.ParseResult<string[]> {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''));
}

/**
 * The first row (as a spreadsheet numbers it) holding U+FFFD, or null. Bytes that are not UTF-8 reach us as
 * U+FFFD wherever they were decoded (the browser's `File.text()`, API Gateway, `Buffer`), and the text they
 * stood for is lost: the file is refused, never stored with them
 * (docs/decisions.md, "CSV uploads must be UTF-8").
 */
export function notUtf8Row(text: string): number | null {
  if (!text.includes('\uFFFD')) return null;
  const index = readCsv(text).data.findIndex((cells) => cells.some((cell) => cell.includes('\uFFFD')));
  // Every character is in some cell but the delimiters and line breaks: not found cannot happen, and
  // would refuse the file at its header rather than let it through.
  return index < 0 ? 1 : index + 1;
}

/** Reads a batch CSV: a header row naming the columns, then one row per piece of content. */
export function parseBatchCsv(text: string): ParsedBatchCsv {
  const parsed = readCsv(text);
  const problems: BatchProblem[] = parsed.errors
    .filter((error) => error.code !== 'UndetectableDelimiter')
    .map((error) => ({
      row: (error.row ?? 0) + 1,
      column: null,
      message: BATCH_MESSAGES.csvError(error.message),
    }));
  const [header = [], ...lines] = parsed.data;
  const columns = header.map((name) => name.trim().toLowerCase());
  for (const name of columns) {
    if (name !== '' && !isBatchColumn(name))
      problems.push({ row: 1, column: null, message: BATCH_MESSAGES.unknownColumn(name) });
  }
  if (!columns.includes('tool'))
    problems.push({ row: 1, column: null, message: BATCH_MESSAGES.noToolColumn });
  const rows: { row: number; values: BatchRowInput }[] = [];
  lines.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const values: BatchRowInput = {};
    columns.forEach((name, column) => {
      const value = cells[column]?.trim();
      if (isBatchColumn(name) && value) values[name] = value;
    });
    // Row numbers as a spreadsheet shows them: the header is row 1.
    rows.push({ row: index + 2, values });
  });
  return { rows, problems };
}

/** Each record of the text as typed (record `i` is spreadsheet row `i + 1`), its line break included. */
function recordSpans(text: string): { readonly start: number; readonly end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  // papaparse's step gives each record's end in the text (after its line break), quoted line breaks included.
  Papa.parse<string[]>(text, {
    step: ({ meta }) => {
      spans.push({ start, end: meta.cursor });
      start = meta.cursor;
    },
  });
  return spans;
}

/** Replaces records (spreadsheet numbers) of the text as typed; every other character stays as it was. */
function replaceRecords(csv: string, replace: (row: number, record: string) => string | null): string {
  const text = csv.replace(/^\uFEFF/, '');
  return recordSpans(text)
    .map(({ start, end }, index) => {
      const record = text.slice(start, end);
      const replaced = replace(index + 1, record);
      if (replaced === null) return record;
      // The record's own line break stays, so the rows after it keep their numbers.
      return replaced + (/(\r\n|\n|\r)$/.exec(record)?.[0] ?? '');
    })
    .join('');
}

/**
 * The CSV without the rows (spreadsheet numbers, header = 1) that have problems: each becomes an empty
 * line, which the reader skips, so every other row keeps the number it has in the user's spreadsheet
 * (docs/decisions.md, "Bulk results for every row"). The other rows are the text as it was typed, not
 * written again: this is the user's own input going back to the server, not an export, so it keeps
 * every character (a topic starting with `-` included) and its quoting.
 */
export function withoutRows(csv: string, rows: ReadonlySet<number>): string {
  return replaceRecords(csv, (row) => (row > 1 && rows.has(row) ? '' : null));
}

/**
 * The CSV with one row's cells replaced (a row fixed in the page), quoted only where a cell needs it and
 * never neutralised: the user's own input, as with withoutRows.
 */
export function withRowCells(csv: string, row: number, cells: readonly string[]): string {
  return replaceRecords(csv, (at) => (at === row ? Papa.unparse([[...cells]], { newline: '\r\n' }) : null));
}

/** The cells of every row as typed (row `i + 1` at index `i`, blank lines included), the header first. */
export function csvCells(csv: string): string[][] {
  return readCsv(csv).data;
}

/** Rows sent as JSON: values may be numbers or booleans; rows are numbered from 1. */
export function rowsFromJson(rows: readonly Record<string, unknown>[]): ParsedBatchCsv {
  const problems: BatchProblem[] = [];
  const parsedRows = rows.map((source, index) => {
    const values: BatchRowInput = {};
    for (const [name, value] of Object.entries(source)) {
      if (!isBatchColumn(name)) {
        problems.push({ row: index + 1, column: null, message: BATCH_MESSAGES.unknownColumn(name) });
        continue;
      }
      if (value === null || value === undefined || value === '') continue;
      values[name] = String(value).trim();
    }
    return { row: index + 1, values };
  });
  return { rows: parsedRows, problems };
}

// ---------------------------------------------------------------------------------------------------
// Checking rows with the tools' own schemas

/** Which column a field of a tool's request comes from, for the problem's message. */
function columnOfField(tool: BatchTool, field: string): BatchColumn | null {
  switch (field) {
    case 'topic':
    case 'url':
    case 'model':
    case 'platforms':
    case 'tone':
    case 'framework':
      return field;
    case 'clientUrl':
      return 'url';
    case 'prompt':
      return tool === 'social' || tool === 'gbp-post'
        ? 'topic'
        : tool === 'blog-rewrite'
          ? 'url'
          : 'instructions';
    case 'clientId':
      return 'client';
    case 'questionCount':
      return 'questions';
    case 'headingLevel':
      return 'heading_level';
    case 'addEmojis':
      return 'emojis';
    case 'postType':
      return 'post_type';
    default:
      return null;
  }
}

/** The columns holding a number, and its range: the tool's own (a FAQ has 7 to 10 questions). */
const NUMBER_RANGES = { questions: FAQ_QUESTION_COUNT } as const satisfies Partial<
  Record<BatchColumn, { readonly min: number; readonly max: number }>
>;
type NumberColumn = keyof typeof NUMBER_RANGES;
const isNumberColumn = (column: BatchColumn): column is NumberColumn => Object.hasOwn(NUMBER_RANGES, column);
const numberRule = (column: NumberColumn) =>
  BATCH_MESSAGES.wholeNumberFrom(column, NUMBER_RANGES[column].min, NUMBER_RANGES[column].max);

/**
 * A tool schema's issue in the app's words, naming the column (never zod's "Too small: expected number
 * to be >=7"). A `custom` issue is already the tool's own message (the spec's wording, as its form
 * shows it); every other kind is a rule of the column: its range, its choices, its length.
 */
function issueMessage(issue: z.core.$ZodIssue, column: BatchColumn | null, tool: BatchTool): string {
  if (issue.code === 'custom') return issue.message;
  if (column === null) return BATCH_MESSAGES.notValidRow(tool);
  if (isNumberColumn(column)) return numberRule(column);
  switch (issue.code) {
    case 'invalid_value':
      return BATCH_MESSAGES.oneOf(column, issue.values.map(String));
    case 'too_big':
      if (issue.origin === 'string') return BATCH_MESSAGES.tooLong(column, Number(issue.maximum));
      if (issue.origin === 'array') return BATCH_MESSAGES.tooManyItems(column, Number(issue.maximum));
      return BATCH_MESSAGES.notValid(column, tool);
    default:
      return BATCH_MESSAGES.notValid(column, tool);
  }
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** Collects a row's problems; a value with a problem reads as absent, so the rest is still checked. */
class RowChecker {
  readonly problems: BatchProblem[] = [];

  constructor(readonly row: number) {}

  problem(column: BatchColumn | null, message: string): undefined {
    this.problems.push({ row: this.row, column, message });
    return undefined;
  }

  yesNo(column: BatchColumn, value: string | undefined): boolean | undefined {
    if (value === undefined) return undefined;
    const lower = value.toLowerCase();
    if (YES.has(lower)) return true;
    if (NO.has(lower)) return false;
    return this.problem(column, BATCH_MESSAGES.notYesNo(value));
  }

  wholeNumber(column: NumberColumn, value: string | undefined): number | undefined {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) return this.problem(column, numberRule(column));
    return Number(value);
  }

  /** A model id, or a model's label ("GPT-4o"), as the id. */
  modelId(value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    const lower = value.toLowerCase();
    const model = LANGUAGE_MODELS.find(
      (entry) => entry.id.toLowerCase() === lower || entry.label.toLowerCase() === lower,
    );
    return model ? model.id : this.problem('model', BATCH_MESSAGES.unknownModel(value));
  }

  client(value: string | undefined, clients: readonly BatchClientRef[]): BatchClientRef | null {
    if (value === undefined) return null;
    const byId = clients.find((client) => client.id === value);
    if (byId) return byId;
    const lower = value.toLowerCase();
    const named = clients.filter((client) => client.name.trim().toLowerCase() === lower);
    if (named.length === 1 && named[0]) return named[0];
    this.problem(
      'client',
      named.length === 0
        ? BATCH_MESSAGES.clientNotFound(value)
        : BATCH_MESSAGES.clientAmbiguous(value, named.length),
    );
    return null;
  }
}

function listOf(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(/[;|,]/)
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean);
}

const defined = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

/** The body the tool's own endpoint would receive for this row. */
function requestOf(
  check: RowChecker,
  tool: BatchTool,
  values: BatchRowInput,
  client: BatchClientRef | null,
  options: BatchOptions,
) {
  const common = defined({
    model: check.modelId(values.model),
    clientId: client?.id,
    saveToClient: options.saveToClient && client !== null,
    timeZone: options.timeZone,
  });
  const topic = values.topic ?? '';
  switch (tool) {
    case 'newsletter':
    case 'press-release': {
      if (values.topic !== undefined && values.url !== undefined)
        check.problem('url', BATCH_MESSAGES.topicOrUrl);
      const inputType = values.url !== undefined ? 'url' : 'topic';
      return { ...common, topic, url: values.url ?? '', inputType, prompt: values.instructions ?? '' };
    }
    case 'blog-rewrite':
      return {
        ...common,
        url: values.url ?? '',
        ...defined({
          framework: values.framework?.toLowerCase(),
          addEmojis: check.yesNo('emojis', values.emojis),
        }),
      };
    case 'faq':
    case 'howto':
      return {
        ...common,
        contentType: tool,
        topic,
        prompt: values.instructions ?? '',
        ...defined({
          questionCount: check.wholeNumber('questions', values.questions),
          headingLevel: values.heading_level?.toLowerCase(),
        }),
      };
    case 'client-content':
      return {
        ...common,
        topic,
        clientUrl: values.url ?? client?.website ?? '',
        prompt: values.instructions ?? '',
      };
    case 'social':
      return {
        ...common,
        prompt: topic,
        ...defined({ platforms: listOf(values.platforms), tone: values.tone?.toLowerCase() }),
      };
    case 'gbp-post':
      return { ...common, prompt: topic, ...defined({ postType: values.post_type?.toLowerCase() }) };
  }
}

const SCHEMAS: Readonly<Record<BatchTool, z.ZodMiniType>> = {
  newsletter: newsletterRequestSchema,
  'press-release': pressReleaseRequestSchema,
  'blog-rewrite': blogRewriteRequestSchema,
  faq: faqRequestSchema,
  howto: faqRequestSchema,
  'client-content': clientContentRequestSchema,
  social: socialContentRequestSchema,
  'gbp-post': gbpPostRequestSchema,
};

/** Checks one row; returns the runnable row or every problem it has. */
export function checkBatchRow(
  row: number,
  values: BatchRowInput,
  clients: readonly BatchClientRef[],
  options: BatchOptions,
): CheckedBatchRow | BatchProblem[] {
  const toolValue = values.tool?.toLowerCase() ?? '';
  if (!isBatchTool(toolValue)) {
    return [{ row, column: 'tool', message: BATCH_MESSAGES.unknownTool(values.tool ?? '') }];
  }
  const tool = toolValue;
  const check = new RowChecker(row);
  for (const column of BATCH_COLUMNS) {
    const general = column === 'tool' || column === 'client' || column === 'model';
    if (!general && values[column] !== undefined && !TOOL_COLUMNS[tool].includes(column)) {
      check.problem(column, BATCH_MESSAGES.notForTool(column, tool));
    }
  }
  const client = check.client(values.client, clients);
  const body = requestOf(check, tool, values, client, options);
  const parsed = SCHEMAS[tool].safeParse(body);
  if (!parsed.success) {
    const seen = new Set(check.problems.map((problem) => problem.column));
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const column = columnOfField(tool, field);
      // One problem per column: a value already named bad is not named again by the schema.
      if (column !== null && seen.has(column)) continue;
      seen.add(column);
      check.problem(column, issueMessage(issue, column, tool));
    }
  }
  if (check.problems.length > 0 || !parsed.success) return check.problems;
  const request = parsed.data as Record<string, unknown>;
  const job = BATCH_TOOLS[tool];
  return {
    row,
    tool,
    job,
    clientId: client?.id ?? null,
    clientName: client?.name ?? null,
    modelId: String(request.model ?? ''),
    request,
    estimateMicroUsd: estimateTextTool(job, request),
  };
}

export interface CheckedBatch {
  readonly rows: CheckedBatchRow[];
  readonly problems: BatchProblem[];
  readonly estimateMicroUsd: number;
}

/** Every row checked; the batch may run only when `problems` is empty. */
export function checkBatch(
  parsed: ParsedBatchCsv,
  clients: readonly BatchClientRef[],
  options: BatchOptions,
): CheckedBatch {
  const problems = [...parsed.problems];
  if (parsed.rows.length === 0 && problems.length === 0)
    problems.push({ row: 1, column: null, message: BATCH_MESSAGES.empty });
  if (parsed.rows.length > MAX_BATCH_ROWS)
    problems.push({ row: MAX_BATCH_ROWS + 2, column: null, message: BATCH_MESSAGES.tooMany });
  const rows: CheckedBatchRow[] = [];
  for (const { row, values } of parsed.rows.slice(0, MAX_BATCH_ROWS)) {
    const checked = checkBatchRow(row, values, clients, options);
    if (Array.isArray(checked)) problems.push(...checked);
    else rows.push(checked);
  }
  const estimateMicroUsd = rows.reduce((sum, row) => sum + row.estimateMicroUsd, 0);
  return { rows, problems, estimateMicroUsd };
}

/** The problems as one line each, e.g. for the 400's message. */
export function describeProblem(problem: BatchProblem): string {
  return `Row ${problem.row}${problem.column ? `, ${problem.column}` : ''}: ${problem.message}`;
}

// ---------------------------------------------------------------------------------------------------
// The template

const TEMPLATE_ROWS: readonly BatchRowInput[] = [
  {
    tool: 'newsletter',
    client: 'Peak Roofing',
    topic: 'Spring roof maintenance checklist',
    instructions: 'Mention the free inspection offer',
  },
  { tool: 'press-release', client: 'Peak Roofing', topic: 'Peak Roofing opens a second office in Boulder' },
  {
    tool: 'blog-rewrite',
    client: 'Peak Roofing',
    url: 'https://www.example.com/blog/ice-dams',
    framework: 'pas',
    emojis: 'no',
  },
  { tool: 'faq', client: 'Peak Roofing', topic: 'Metal roofs', questions: '8', heading_level: 'h3' },
  { tool: 'howto', client: 'Peak Roofing', topic: 'How to spot hail damage', questions: '7' },
  { tool: 'client-content', client: 'Peak Roofing', topic: 'Choosing shingles for a snowy climate' },
  {
    tool: 'social',
    client: 'Peak Roofing',
    topic: 'Free roof inspections all April',
    platforms: 'facebook; instagram',
    tone: 'friendly',
  },
  {
    tool: 'gbp-post',
    client: 'Peak Roofing',
    topic: 'Open house this Saturday',
    post_type: 'event',
    model: 'gpt-4o-mini',
  },
];

/** The downloadable template: every column, one example row per tool. */
export function batchTemplateCsv(): string {
  return writeCsv<BatchRowInput>(
    BATCH_COLUMNS.map((column) => ({ header: column, kind: 'text', value: (row) => row[column] })),
    TEMPLATE_ROWS,
  );
}

/**
 * The results CSV's columns: the row's number (the user's spreadsheet row) and cost are numbers, the
 * rest text (AI titles included). `tool` is the tool as the row named it; `result` the address of the
 * row's result in the app (its library, or the bulk page's preview), with when a result kept only as a
 * job's result expires.
 */
const resultColumns = (batchId: string, origin: string): readonly CsvColumn<BatchRowView>[] => [
  { header: 'row', kind: 'number', value: (row) => row.row },
  { header: 'tool', kind: 'text', value: (row) => row.tool },
  { header: 'client', kind: 'text', value: (row) => row.clientName },
  { header: 'status', kind: 'text', value: (row) => row.status },
  { header: 'title', kind: 'text', value: (row) => row.title },
  { header: 'contentId', kind: 'text', value: (row) => row.contentId },
  {
    header: 'result',
    kind: 'text',
    value: (row) => {
      const path = batchRowResultPath(batchId, row);
      return path === null ? null : `${origin}${path}`;
    },
  },
  { header: 'resultExpiresAt', kind: 'text', value: (row) => row.resultExpiresAt },
  { header: 'costUsd', kind: 'number', value: (row) => row.costUsd, decimals: 6 },
  { header: 'error', kind: 'text', value: (row) => row.error },
];

/** The results CSV: one line per row, with its status, where its result is, its title and its cost. */
export function batchResultsCsv(batch: Pick<BatchView, 'batchId' | 'rows'>, origin: string): string {
  return writeCsv(resultColumns(batch.batchId, origin), batch.rows);
}
