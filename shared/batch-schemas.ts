import { BATCH_COLUMNS, BATCH_MESSAGES, MAX_BATCH_ROWS } from './batch-columns';
import { pageCursorSchema, pageLimitSchema } from './validation/page-query';
import * as z from './validation/zod';

/** The bulk API's request and reply shapes (docs/decisions.md, "Usage, cost, budgets and bulk runs"). */

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

const DRY_RUN_DESCRIPTION =
  'Check the rows and answer 200 with the estimate (which rows run offline at no cost included), starting nothing.';

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
  dryRun: z._default(z.boolean(), false).check(z.meta({ description: DRY_RUN_DESCRIPTION })),
});

/** Query of POST /api/batches with a CSV body (the CSV has no room for the options). */
export const createBatchQuerySchema = z.object({
  saveToClient: z
    .optional(z.enum(['true', 'false']))
    .check(
      z.meta({ description: "With a CSV body: `false` to not save the rows to their clients' libraries." }),
    ),
  timeZone: z.optional(z.string().check(z.maxLength(100))),
  dryRun: z
    .optional(z.enum(['true', 'false']))
    .check(z.meta({ description: `With a CSV body: \`true\` to ${DRY_RUN_DESCRIPTION.toLowerCase()}` })),
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

/** What a batch is expected to cost, before it runs (a dry run) and as it starts. */
export const batchEstimateSchema = z.object({
  rows: z.number().check(z.meta({ description: 'Rows accepted.' })),
  estimatedCostUsd: z.number().check(
    z.meta({
      description: 'The estimated cost of every row at list prices, in US dollars, whoever writes it.',
    }),
  ),
  offlineRows: z.array(z.number()).check(
    z.meta({
      description:
        'The rows whose model’s provider has no API key configured: the offline composer writes them, at no cost.',
    }),
  ),
  expectedCostUsd: z.number().check(
    z.meta({
      description:
        'What the rows can cost: the estimates of the rows a provider writes (offline rows cost nothing), as their clients’ budgets hold them.',
    }),
  ),
});

export type BatchEstimate = z.infer<typeof batchEstimateSchema>;

export const batchCreatedSchema = z.extend(batchEstimateSchema, { batchId: z.string() });

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
  row: z.number().check(z.meta({ description: 'The row (for a CSV, as a spreadsheet numbers it).' })),
  status: z.enum(BATCH_ROW_STATUSES),
  tool: z.string().check(z.meta({ description: 'The tool as the row named it (`howto`, `social`, …).' })),
  clientId: z.nullable(z.string()),
  clientName: z.nullable(z.string()),
  jobId: z.nullable(z.string()),
  progress: z.number().check(z.meta({ description: 'Percent done of a running row.' })),
  contentId: z.optional(z.string()),
  title: z.optional(z.string()),
  error: z.optional(z.string()),
  costUsd: z.optional(z.number()),
  resultExpiresAt: z.optional(z.string()).check(
    z.meta({
      description:
        'A finished row not saved to a library: when its result (GET /jobs/{jobId}) is deleted, as an ISO time.',
    }),
  ),
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

export const BATCH_PAGE_DEFAULT = 10;
export const BATCH_PAGE_MAX = 100;

/** GET /api/batches's query: pages of the caller's batches, newest first. */
export const listBatchesQuerySchema = z.object({
  limit: pageLimitSchema(BATCH_PAGE_MAX, BATCH_PAGE_DEFAULT).check(
    z.meta({ description: `Batches per page, 1 to ${BATCH_PAGE_MAX} (default ${BATCH_PAGE_DEFAULT}).` }),
  ),
  cursor: pageCursorSchema().check(
    z.meta({ description: 'The `next_cursor` of the previous page; absent for the first page.' }),
  ),
});

export const batchListSchema = z.object({
  batches: z.array(batchSummarySchema),
  next_cursor: z
    .nullable(z.string())
    .check(z.meta({ description: 'Send it as `cursor` for the next page; null on the last one.' })),
});
