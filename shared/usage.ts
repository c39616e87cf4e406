import type { CsvColumn } from './csv';
import { slugify } from './file-names';
import { MODEL_PROVIDERS, PROVIDER_LABELS } from './models';
import { TOOL_IDS, TOOLS } from './tools/catalog';
import { USAGE_PERIOD_MESSAGES } from './usage-dates';
import { pageCursorSchema, pageLimitSchema } from './validation/page-query';
import * as z from './validation/zod';

/**
 * What each client costs in AI: the usage page's and the public API's request and reply
 * shapes, and the date rules both sides follow. Days are calendar days of the agency's time zone (issue
 * 41, GET /api/settings; UTC by default), and a job is dated when it was started (its id is a ULID of
 * that moment): the month that counted it against a client's budget is the month it shows in.
 */

export const USAGE_GROUP_BYS = ['client', 'user', 'tool', 'model', 'provider'] as const;
export type UsageGroupBy = (typeof USAGE_GROUP_BYS)[number];

/** What the page calls each job kind (functions/tools/<name>), from the tool catalog. */
export const USAGE_TOOL_LABELS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ TOOL_IDS.map((tool) => [tool, TOOLS[tool].label]),
);

export const USAGE_GROUP_LABELS: Readonly<Record<UsageGroupBy, string>> = {
  client: 'Client',
  user: 'User',
  tool: 'Tool',
  model: 'Model',
  provider: 'Provider',
};

/**
 * Who served a job, as the usage filter names it: a model provider, or `offline` for the offline
 * composer (its drafts cost nothing and are billed by no one, so its token estimates are shown apart
 * from the tokens a provider billed: docs/decisions.md, "Usage: offline jobs apart").
 */
export const USAGE_PROVIDERS = [...MODEL_PROVIDERS, 'offline'] as const;
export type UsageProvider = (typeof USAGE_PROVIDERS)[number];
export const OFFLINE_PROVIDER: UsageProvider = 'offline';
export const USAGE_PROVIDER_LABELS: Readonly<Record<UsageProvider, string>> = PROVIDER_LABELS;

/**
 * The export's file name: the period, then what it was narrowed to (a client's name, a provider), so
 * two exports of the same month for two clients do not overwrite each other.
 */
export function usageCsvName(
  period: { readonly from: string; readonly to: string },
  narrowedTo: readonly string[] = [],
): string {
  const parts = narrowedTo.map((part) => slugify(part)).filter((part) => part !== '');
  const name = [`usage-${period.from}-to-${period.to}`, ...parts].join('-');
  return `${name}.csv`;
}

/** How many of the period's dearest jobs the page lists. */
export const TOP_JOBS = 10;
/** Rows one CSV export may hold; a longer period is refused with a message to narrow it. */
export const MAX_USAGE_EXPORT_ROWS = 50_000;
export const USAGE_JOBS_PAGE_MAX = 1_000;
export const USAGE_JOBS_PAGE_DEFAULT = 100;

export const USAGE_MESSAGES = {
  ...USAGE_PERIOD_MESSAGES,
  tooManyRows: `More than ${MAX_USAGE_EXPORT_ROWS.toLocaleString('en-US')} jobs in this period: choose a shorter one to export.`,
  noClient: 'No client',
} as const;

const isoDay = () =>
  z
    .optional(z.iso.date({ error: USAGE_MESSAGES.badDate }))
    .check(z.meta({ description: "A calendar day of the agency's time zone, `YYYY-MM-DD`." }));

const clientIdFilter = () =>
  z.optional(z.string().check(z.maxLength(100))).check(
    z.meta({
      description: "Only this client's jobs; a client the caller cannot see answers 404, as elsewhere.",
    }),
  );

const providerFilter = () =>
  z
    .optional(z.enum(USAGE_PROVIDERS))
    .check(
      z.meta({ description: 'Only the jobs this provider served; `offline` for the offline composer’s.' }),
    );

export const usageQuerySchema = z.object({
  from: isoDay().check(
    z.meta({
      description:
        "First day, inclusive, in the agency's time zone (`timeZone` of GET /settings); the 1st of this month there if absent.",
    }),
  ),
  to: isoDay().check(
    z.meta({ description: "Last day, inclusive, in the agency's time zone; today there if absent." }),
  ),
  groupBy: z
    ._default(z.enum(USAGE_GROUP_BYS), 'client')
    .check(z.meta({ description: 'How the rows are grouped (default `client`).' })),
  clientId: clientIdFilter(),
  provider: providerFilter(),
});

export const usageJobsQuerySchema = z.object({
  from: isoDay().check(
    z.meta({
      description:
        "First day, inclusive, in the agency's time zone (`timeZone` of GET /settings); the 1st of this month there if absent.",
    }),
  ),
  to: isoDay().check(
    z.meta({ description: "Last day, inclusive, in the agency's time zone; today there if absent." }),
  ),
  clientId: clientIdFilter(),
  provider: providerFilter(),
  limit: pageLimitSchema(USAGE_JOBS_PAGE_MAX, USAGE_JOBS_PAGE_DEFAULT).check(
    z.meta({
      description: `Jobs per page of the JSON reply, 1 to ${USAGE_JOBS_PAGE_MAX} (default ${USAGE_JOBS_PAGE_DEFAULT}); the CSV holds every job.`,
    }),
  ),
  cursor: pageCursorSchema().check(
    z.meta({ description: 'The `next_cursor` of the previous page; absent for the first page.' }),
  ),
});

export type UsageQuery = z.output<typeof usageQuerySchema>;
export type UsageJobsQuery = z.output<typeof usageJobsQuerySchema>;

const count = (description: string) => z.number().check(z.meta({ description }));
const usd = (description: string) =>
  z.number().check(z.meta({ description: `${description}, in US dollars.` }));

export const usageRowSchema = z.object({
  key: z.string().check(
    z.meta({
      description:
        'The id of the group (a client id, a user id, a tool or a model id); `-` for jobs without a client.',
    }),
  ),
  label: z.string().check(z.meta({ description: 'What the page shows for the group.' })),
  jobs: count('Jobs started in the period.'),
  inputTokens: count('Input tokens a provider billed (the offline composer’s estimates are not counted).'),
  outputTokens: count('Output tokens a provider billed, reasoning included.'),
  reasoningTokens: count('The part of the output spent reasoning, where the provider reports it.'),
  images: count('Images generated.'),
  speechSeconds: count('Seconds of speech produced.'),
  costUsd: usd('Cost'),
  offlineJobs: count('Of the jobs, those the offline composer wrote (cost 0, billed by no one).'),
  offlineTokens: count(
    'Input and output tokens the offline composer’s jobs would have used: an estimate, not in the token counts above.',
  ),
  estimatedJobs: count(
    'Of the jobs, those with an attempt cut off by a crash, whose usage is estimated from what was sent and streamed (text) or asked for (images, speech).',
  ),
});

export type UsageRow = z.infer<typeof usageRowSchema>;

export const usageDaySchema = z.object({
  day: z.string(),
  jobs: z.number(),
  costUsd: z.number(),
});

export const usageJobSchema = z.object({
  jobId: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  tool: z.string(),
  modelId: z.string(),
  provider: z
    .string()
    .check(z.meta({ description: '`offline` when the offline composer wrote it (cost 0).' })),
  status: z.enum(['succeeded', 'failed']),
  clientId: z.nullable(z.string()),
  clientName: z.nullable(z.string()),
  userId: z.string(),
  userEmail: z.string(),
  apiKeyId: z.nullable(z.string()),
  batchId: z.nullable(z.string()),
  inputTokens: z.number(),
  outputTokens: z.number(),
  reasoningTokens: z.number(),
  images: z.number(),
  imageDetail: z.nullable(z.string()),
  speechCharacters: z.number(),
  speechSeconds: z.number(),
  durationMs: z.number(),
  costUsd: usd('Cost, computed when the job finished'),
  priceAsOf: z.nullable(z.string().check(z.meta({ description: 'Date of the price used.' }))),
  ownKey: z
    .boolean()
    .check(z.meta({ description: "Paid with the user's own provider key: not billed to the agency." })),
  estimated: z.boolean().check(
    z.meta({
      description:
        'An attempt was cut off by a crash before its provider reported usage: its usage (and cost) is estimated from the prompt sent and the text streamed, or from the images and the characters of speech it asked for.',
    }),
  ),
  contentId: z.nullable(z.string().check(z.meta({ description: 'The library item it saved, if any.' }))),
  title: z.nullable(z.string()),
});

export type UsageJob = z.infer<typeof usageJobSchema>;

export const usageReplySchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z
    .string()
    .check(
      z.meta({ description: "The agency's IANA time zone the period's days (and `days`) are counted in." }),
    ),
  groupBy: z.enum(USAGE_GROUP_BYS),
  clientId: z.nullable(z.string()).check(z.meta({ description: 'The client filter, if any.' })),
  provider: z
    .nullable(z.enum(USAGE_PROVIDERS))
    .check(z.meta({ description: 'The provider filter, if any.' })),
  scope: z.enum(['all', 'visible', 'own']).check(
    z.meta({
      description:
        '`all`: every job (an admin signed in); `visible`: the clients the user can see and their own jobs without a client; `own`: the API key owner’s own jobs.',
    }),
  ),
  rows: z.array(usageRowSchema).check(z.meta({ description: 'One row per group, dearest first.' })),
  totalCostUsd: usd('Cost of every job in the period'),
  totals: usageRowSchema,
  days: z
    .array(usageDaySchema)
    .check(z.meta({ description: 'Cost per day of the period, every day listed.' })),
  topJobs: z.array(usageJobSchema).check(z.meta({ description: `The period's ${TOP_JOBS} dearest jobs.` })),
});

export type UsageReply = z.infer<typeof usageReplySchema>;

export const usageJobsReplySchema = z.object({
  rows: z.array(usageJobSchema),
  next_cursor: z
    .nullable(z.string())
    .check(z.meta({ description: 'Send it as `cursor` for the next page; null on the last one.' })),
  /** 1.3.0's name of `next_cursor`, kept for the integrations that read it (docs/decisions.md, "The public API keeps its contract"). */
  nextCursor: z
    .nullable(z.string())
    .check(z.meta({ description: 'The same as `next_cursor`: its name before 1.6.0.', deprecated: true })),
});

/** The fields of a job whose values are of type `Value`. */
type UsageJobKeys<Value> = {
  [Key in keyof UsageJob]-?: UsageJob[Key] extends Value ? Key : never;
}[keyof UsageJob];

// Marked free of side effects so that a bundle which never writes the CSV (every usage reader) drops the
// columns: esbuild and Rollup keep a top-level call otherwise.
/* @__NO_SIDE_EFFECTS__ */
function textColumn(key: UsageJobKeys<string | null>): CsvColumn<UsageJob> {
  return { header: key, kind: 'text', value: (job) => job[key] };
}
/* @__NO_SIDE_EFFECTS__ */
function numberColumn(key: UsageJobKeys<number>): CsvColumn<UsageJob> {
  return { header: key, kind: 'number', value: (job) => job[key] };
}

/**
 * The CSV export's columns, in order: one row per job. Each says whether it holds text or a number
 * (shared/csv.ts neutralises text that would start a formula and writes numbers bare).
 */
export const USAGE_CSV: readonly CsvColumn<UsageJob>[] = [
  textColumn('jobId'),
  textColumn('startedAt'),
  textColumn('finishedAt'),
  textColumn('tool'),
  textColumn('modelId'),
  textColumn('provider'),
  textColumn('status'),
  textColumn('clientId'),
  textColumn('clientName'),
  textColumn('userEmail'),
  textColumn('apiKeyId'),
  textColumn('batchId'),
  numberColumn('inputTokens'),
  numberColumn('outputTokens'),
  numberColumn('reasoningTokens'),
  numberColumn('images'),
  textColumn('imageDetail'),
  numberColumn('speechCharacters'),
  numberColumn('speechSeconds'),
  numberColumn('durationMs'),
  numberColumn('costUsd'),
  textColumn('priceAsOf'),
  { header: 'ownKey', kind: 'text', value: (job) => String(job.ownKey) },
  { header: 'estimated', kind: 'text', value: (job) => String(job.estimated) },
  textColumn('contentId'),
  textColumn('title'),
];

/** The export's header row, as the API document describes it. */
export const USAGE_CSV_COLUMNS: readonly string[] = /* @__PURE__ */ USAGE_CSV.map((column) => column.header);
