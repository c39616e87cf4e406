import type { TextToolId } from './tools/catalog';

/**
 * A bulk run's CSV: its columns, the tools a row may name, the limits and the
 * messages, without the CSV reader or the tools' schemas (shared/batches.ts), so the routes that only
 * read a batch, and the OpenAPI document, do not load those.
 */

export const MAX_BATCH_ROWS = 500;

/** How often the bulk page reads a running batch again: its rows move every few seconds. */
export const BATCH_POLL_MS = 1_500;

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

export const isBatchColumn = (name: string): name is BatchColumn =>
  (BATCH_COLUMNS as readonly string[]).includes(name);

interface BulkToolDescriptor {
  readonly label: string;
  /** Columns the tool reads besides tool, client and model; a value in another column is a mistake. */
  readonly columns: readonly BatchColumn[];
}

/**
 * The bulk run's tools, described once: by the catalog's text tool each runs (shared/tools/catalog.ts),
 * then by the `tool` value a CSV row names it with (the spec's values; the FAQ tool has two, `faq` and
 * `howto`), with its label and columns. The `tool` values, labels and columns below are derived from
 * it, and its row schemas (shared/batches.ts) and estimates (shared/tools/job-estimates.ts) are keyed by
 * it, so a bulk tool is one entry here and a missing piece fails to compile.
 */
export const BULK_TOOLS = {
  newsletter: { newsletter: { label: 'Newsletter', columns: ['topic', 'url', 'instructions'] } },
  'press-release': { 'press-release': { label: 'Press Release', columns: ['topic', 'url', 'instructions'] } },
  'blog-rewrite': { 'blog-rewrite': { label: 'Blog Rewrite', columns: ['url', 'framework', 'emojis'] } },
  faq: {
    faq: { label: 'FAQ', columns: ['topic', 'instructions', 'questions', 'heading_level'] },
    howto: { label: 'How To', columns: ['topic', 'instructions', 'questions', 'heading_level'] },
  },
  'client-content': {
    'client-content': { label: 'Client Content', columns: ['topic', 'url', 'instructions'] },
  },
  'social-content': { social: { label: 'Social', columns: ['topic', 'platforms', 'tone'] } },
  'gbp-post': { 'gbp-post': { label: 'GBP Post', columns: ['topic', 'post_type'] } },
} as const satisfies { readonly [K in TextToolId]?: Readonly<Record<string, BulkToolDescriptor>> };

type BulkTools = typeof BULK_TOOLS;

/** The text tools a bulk row may run. */
export type BulkJob = keyof BulkTools;

/** The `tool` column's values. */
export type BatchTool = { [K in BulkJob]: keyof BulkTools[K] }[BulkJob];

const BULK_ENTRIES = /* @__PURE__ */ Object.entries(BULK_TOOLS).flatMap(([job, names]) =>
  Object.entries(names).map(([name, descriptor]: [string, BulkToolDescriptor]) => ({
    name,
    job,
    ...descriptor,
  })),
);

const byBatchTool = <Value>(read: (entry: (typeof BULK_ENTRIES)[number]) => Value) =>
  Object.fromEntries(BULK_ENTRIES.map((entry) => [entry.name, read(entry)])) as Readonly<
    Record<BatchTool, Value>
  >;

/** The `tool` column's values, and the text tool each one runs. */
export const BATCH_TOOLS = /* @__PURE__ */ byBatchTool((entry) => entry.job as BulkJob);
export const BATCH_TOOL_NAMES = /* @__PURE__ */ BULK_ENTRIES.map((entry) => entry.name as BatchTool);
export const BATCH_TOOL_LABELS = /* @__PURE__ */ byBatchTool((entry) => entry.label);
/** Columns each tool reads besides tool, client and model; a value in another column is a mistake. */
export const TOOL_COLUMNS = /* @__PURE__ */ byBatchTool((entry) => entry.columns);

export const isBatchTool = (value: string): value is BatchTool => Object.hasOwn(BATCH_TOOLS, value);

/**
 * A stored row's tool as its CSV named it. Rows stored before the name was kept hold only the job kind
 * (`faq` for a howto row too): they get the first tool that runs that job.
 */
export function batchToolOf(written: string | undefined, job: string): BatchTool | string {
  if (written !== undefined && isBatchTool(written)) return written;
  return BATCH_TOOL_NAMES.find((tool) => BATCH_TOOLS[tool] === job) ?? job;
}

/**
 * Where a finished row's result is, as a path of the app: its client's library when it was saved there,
 * else the bulk page's preview of its job's result (a row without a client, or a batch not saved to
 * the libraries: docs/decisions.md, "Bulk results for every row"); null before it succeeded.
 */
export function batchRowResultPath(
  batchId: string,
  row: {
    readonly row: number;
    readonly status: string;
    readonly clientId: string | null;
    readonly contentId?: string | undefined;
  },
): string | null {
  if (row.status !== 'succeeded') return null;
  if (row.contentId && row.clientId) return `/clients?library=${encodeURIComponent(row.clientId)}`;
  return `/bulk?batch=${encodeURIComponent(batchId)}&row=${row.row}`;
}

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
  wholeNumberFrom: (column: BatchColumn, min: number, max: number) =>
    `${column} must be a whole number from ${min} to ${max}.`,
  oneOf: (column: BatchColumn, values: readonly string[]) =>
    `${column} must be one of: ${values.join(', ')}.`,
  tooLong: (column: BatchColumn, max: number) =>
    `${column} must be at most ${max.toLocaleString('en-US')} characters.`,
  tooManyItems: (column: BatchColumn, max: number) => `${column} may list at most ${max}.`,
  notValid: (column: BatchColumn, tool: BatchTool) => `This ${column} cannot be used for ${tool} rows.`,
  notValidRow: (tool: BatchTool) => `The row cannot be read as a ${tool} row.`,
  notYesNo: (value: string) => `"${value}" is not yes or no.`,
  csvError: (message: string) => `The file could not be read as CSV: ${message}.`,
  notUtf8: (row: number) =>
    `Row ${row} is not valid UTF-8 text: save the file as CSV UTF-8 and upload it again.`,
  /** The estimate's note on the rows whose model's provider has no API key (the server names them). */
  offlineRows: (rows: readonly number[], total: number) =>
    rows.length === total
      ? 'Every row runs offline at no cost: no API key is configured for their models’ providers, so the offline composer writes them.'
      : `${rows.length === 1 ? 'Row' : 'Rows'} ${new Intl.ListFormat('en', { type: 'conjunction' }).format(rows.map(String))} ${rows.length === 1 ? 'runs' : 'run'} offline at no cost: no API key is configured for ${rows.length === 1 ? 'its model’s provider' : 'their models’ providers'}, so the offline composer writes ${rows.length === 1 ? 'it' : 'them'}.`,
  rowsHaveProblems: (count: number) =>
    `${count} ${count === 1 ? 'row has a problem' : 'rows have problems'}: fix or remove ${count === 1 ? 'it' : 'them'}; nothing was started.`,
} as const;
