import Papa from 'papaparse';
import { LANGUAGE_MODELS } from './models';
import { blogRewriteRequestSchema } from './tools/blog-rewrite';
import { clientContentRequestSchema } from './tools/client-content';
import { faqRequestSchema } from './tools/faq';
import { gbpPostRequestSchema } from './tools/gbp-post';
import { estimateTextTool } from './tools/job-estimates';
import { newsletterRequestSchema } from './tools/newsletter';
import { pressReleaseRequestSchema } from './tools/press-release';
import { socialContentRequestSchema } from './tools/social-content';
import * as z from './validation/zod';

/**
 * Bulk generation from a spreadsheet (issue 34 item 5), browser-safe: the page and POST /api/batches
 * read a CSV with the same library (papaparse) and check every row with the very schemas of the single
 * tools, so a row the page accepts is a row the server accepts, and the problems name the same row
 * numbers and columns on both sides.
 */

export const MAX_BATCH_ROWS = 500;

/** The `tool` column's values, and the job each one runs (functions/tools/<job>). */
export const BATCH_TOOLS = {
  newsletter: 'newsletter',
  'press-release': 'press-release',
  'blog-rewrite': 'blog-rewrite',
  faq: 'faq',
  howto: 'faq',
  'client-content': 'client-content',
  social: 'social-content',
  'gbp-post': 'gbp-post',
} as const;

export type BatchTool = keyof typeof BATCH_TOOLS;
export const BATCH_TOOL_NAMES = Object.keys(BATCH_TOOLS) as BatchTool[];

export const BATCH_TOOL_LABELS: Readonly<Record<BatchTool, string>> = {
  newsletter: 'Newsletter',
  'press-release': 'Press Release',
  'blog-rewrite': 'Blog Rewrite',
  faq: 'FAQ',
  howto: 'How To',
  'client-content': 'Client Content',
  social: 'Social Content',
  'gbp-post': 'GBP Post',
};

/** Every column a batch CSV may have, in the template's order; `tool` is the only one always needed. */
export const BATCH_COLUMNS = [
  'tool',
  'client',
  'topic',
  'url',
  'model',
  'instructions',
  'questions',
  'heading_level',
  'framework',
  'emojis',
  'platforms',
  'tone',
  'post_type',
] as const;

export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** Columns each tool reads besides tool, client and model; a value in another column is a mistake. */
const TOOL_COLUMNS: Readonly<Record<BatchTool, readonly BatchColumn[]>> = {
  newsletter: ['topic', 'url', 'instructions'],
  'press-release': ['topic', 'url', 'instructions'],
  'blog-rewrite': ['url', 'framework', 'emojis'],
  faq: ['topic', 'instructions', 'questions', 'heading_level'],
  howto: ['topic', 'instructions', 'questions', 'heading_level'],
  'client-content': ['topic', 'url', 'instructions'],
  social: ['topic', 'platforms', 'tone'],
  'gbp-post': ['topic', 'post_type'],
};

/** A row as read from the CSV (or sent as JSON): column → text. */
export type BatchRowInput = Partial<Record<BatchColumn, string>>;

/** A problem of one row (row 1 is the header of a CSV): what the page lists and the 400 carries. */
export interface BatchProblem {
  readonly row: number;
  readonly column: BatchColumn | null;
  readonly message: string;
}

/** A client the caller can see, as the rows name it. */
export interface BatchClientRef {
  readonly id: string;
  readonly name: string;
  readonly website: string | null;
}

/** A row ready to run: the tool's parsed request, its client and its estimate. */
export interface CheckedBatchRow {
  readonly row: number;
  readonly tool: BatchTool;
  /** The job kind that runs it. */
  readonly job: string;
  readonly clientId: string | null;
  readonly clientName: string | null;
  readonly modelId: string;
  readonly request: Record<string, unknown>;
  readonly estimateMicroUsd: number;
}

export interface BatchOptions {
  /** Save each finished row to its client's library (rows without a client are not saved). */
  readonly saveToClient: boolean;
  readonly timeZone?: string | undefined;
}

export const BATCH_MESSAGES = {
  empty: 'The file has no rows: add one row per piece of content below the header row.',
  tooMany: `A batch may have at most ${MAX_BATCH_ROWS} rows.`,
  noToolColumn: 'The header row has no `tool` column.',
  unknownColumn: (column: string) =>
    `Unknown column "${column}". The columns are: ${BATCH_COLUMNS.join(', ')}.`,
  unknownTool: (value: string) => `Unknown tool "${value}". Use one of: ${BATCH_TOOL_NAMES.join(', ')}.`,
  notForTool: (column: string, tool: BatchTool) => `The ${column} column does not apply to ${tool} rows.`,
  clientNotFound: (value: string) => `No client you can see is named or has the id "${value}".`,
  clientAmbiguous: (value: string, count: number) =>
    `${count} clients you can see are named "${value}": give the client's id instead.`,
  unknownModel: (value: string) => `Unknown model "${value}": use a model id of the tool's list.`,
  topicOrUrl: 'Give either a topic or a url, not both.',
  notANumber: (value: string) => `"${value}" is not a whole number.`,
  notYesNo: (value: string) => `"${value}" is not yes or no.`,
  csvError: (message: string) => `The file could not be read as CSV: ${message}.`,
  rowsHaveProblems: (count: number) =>
    `${count} ${count === 1 ? 'row has a problem' : 'rows have problems'}: fix or remove ${count === 1 ? 'it' : 'them'}; nothing was started.`,
} as const;

// ---------------------------------------------------------------------------------------------------
// Reading CSV

export interface ParsedBatchCsv {
  readonly rows: { readonly row: number; readonly values: BatchRowInput }[];
  readonly problems: BatchProblem[];
}

const isColumn = (name: string): name is BatchColumn => (BATCH_COLUMNS as readonly string[]).includes(name);

/** Reads a batch CSV: a header row naming the columns, then one row per piece of content. */
export function parseBatchCsv(text: string): ParsedBatchCsv {
  // Blank lines are kept while reading, so every row keeps the number a spreadsheet shows it under.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''));
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
    if (name !== '' && !isColumn(name))
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
      if (isColumn(name) && value) values[name] = value;
    });
    // Row numbers as a spreadsheet shows them: the header is row 1.
    rows.push({ row: index + 2, values });
  });
  return { rows, problems };
}

/** Rows sent as JSON: values may be numbers or booleans; rows are numbered from 1. */
export function rowsFromJson(rows: readonly Record<string, unknown>[]): ParsedBatchCsv {
  const problems: BatchProblem[] = [];
  const parsedRows = rows.map((source, index) => {
    const values: BatchRowInput = {};
    for (const [name, value] of Object.entries(source)) {
      if (!isColumn(name)) {
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

  wholeNumber(column: BatchColumn, value: string | undefined): number | undefined {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) return this.problem(column, BATCH_MESSAGES.notANumber(value));
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

const isTool = (value: string): value is BatchTool => Object.hasOwn(BATCH_TOOLS, value);

/** Checks one row; returns the runnable row or every problem it has. */
export function checkBatchRow(
  row: number,
  values: BatchRowInput,
  clients: readonly BatchClientRef[],
  options: BatchOptions,
): CheckedBatchRow | BatchProblem[] {
  const toolValue = values.tool?.toLowerCase() ?? '';
  if (!isTool(toolValue)) {
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
      check.problem(column, column ? issue.message : `${field}: ${issue.message}`);
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
  return Papa.unparse({
    fields: [...BATCH_COLUMNS],
    data: TEMPLATE_ROWS.map((row) => BATCH_COLUMNS.map((column) => row[column] ?? '')),
  });
}

// ---------------------------------------------------------------------------------------------------
// The API's shapes

export const BATCH_ROW_STATUSES = [
  'waiting',
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
] as const;
export type BatchRowStatus = (typeof BATCH_ROW_STATUSES)[number];
export const BATCH_STATUSES = ['running', 'finished', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const createBatchBodySchema = z.object({
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))).check(
    z.maxLength(MAX_BATCH_ROWS, BATCH_MESSAGES.tooMany),
    z.meta({
      description: `The rows, as the CSV's columns (${BATCH_COLUMNS.join(', ')}); at most ${MAX_BATCH_ROWS}.`,
    }),
  ),
  saveToClient: z
    ._default(z.boolean(), true)
    .check(z.meta({ description: "Save each finished row to its client's library (default true)." })),
  timeZone: z.optional(z.string().check(z.maxLength(100))),
});

/** Query of POST /api/batches with a CSV body (the CSV has no room for the options). */
export const createBatchQuerySchema = z.object({
  saveToClient: z
    .optional(z.enum(['true', 'false']))
    .check(
      z.meta({ description: "With a CSV body: `false` to not save the rows to their clients' libraries." }),
    ),
  timeZone: z.optional(z.string().check(z.maxLength(100))),
});

export const batchProblemSchema = z.object({
  row: z
    .number()
    .check(z.meta({ description: 'The row (for a CSV, as a spreadsheet numbers it: the header is row 1).' })),
  column: z.nullable(z.enum(BATCH_COLUMNS)),
  message: z.string(),
});

export const batchProblemsErrorSchema = z.object({
  error: z.object({
    code: z.literal('invalid_rows'),
    message: z.string(),
    problems: z.array(batchProblemSchema),
  }),
});

export const batchCreatedSchema = z.object({
  batchId: z.string(),
  rows: z.number().check(z.meta({ description: 'Rows accepted.' })),
  estimatedCostUsd: z
    .number()
    .check(z.meta({ description: 'The estimated cost of every row at list prices, in US dollars.' })),
});

export const batchCountsSchema = z.object({
  total: z.number(),
  waiting: z.number(),
  queued: z.number(),
  running: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  cancelled: z.number(),
});

export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const batchRowSchema = z.object({
  row: z.number(),
  status: z.enum(BATCH_ROW_STATUSES),
  tool: z.string(),
  clientId: z.nullable(z.string()),
  clientName: z.nullable(z.string()),
  jobId: z.nullable(z.string()),
  progress: z.number().check(z.meta({ description: 'Percent done of a running row.' })),
  contentId: z.optional(z.string()),
  title: z.optional(z.string()),
  error: z.optional(z.string()),
  costUsd: z.optional(z.number()),
});

export type BatchRowView = z.infer<typeof batchRowSchema>;

export const batchSummarySchema = z.object({
  batchId: z.string(),
  status: z.enum(BATCH_STATUSES),
  counts: batchCountsSchema,
  saveToClient: z.boolean(),
  createdAt: z.string(),
  estimatedCostUsd: z.number(),
  costUsd: z.number().check(z.meta({ description: 'What the finished rows cost.' })),
});

export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchSchema = z.extend(batchSummarySchema, { rows: z.array(batchRowSchema) });

export type BatchView = z.infer<typeof batchSchema>;

export const batchListSchema = z.object({ batches: z.array(batchSummarySchema) });

/** The results CSV: one line per row, with its status, the library item's title and its cost. */
export function batchResultsCsv(batch: Pick<BatchView, 'rows'>): string {
  return Papa.unparse({
    fields: ['row', 'tool', 'client', 'status', 'title', 'contentId', 'costUsd', 'error'],
    data: batch.rows.map((row) => [
      row.row,
      row.tool,
      row.clientName ?? '',
      row.status,
      row.title ?? '',
      row.contentId ?? '',
      row.costUsd === undefined ? '' : row.costUsd.toFixed(6),
      row.error ?? '',
    ]),
  });
}
