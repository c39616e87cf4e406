import { BATCH_COLUMNS, BATCH_MESSAGES, MAX_BATCH_ROWS } from './batch-columns';
import * as z from './validation/zod';

/** The bulk API's request and reply shapes (issue 34 item 6). */

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
