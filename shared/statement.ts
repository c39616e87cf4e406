import { microToUsd } from './prices';
import * as z from './validation/zod';

/**
 * A client's monthly statement: what the agency delivered for the client in one month
 * of its time zone, the AI jobs behind it and their cost, and the billed amount after the client's
 * markup. The server builds it (functions/statements/); the page, the public link's page and the CSV
 * read this one shape (docs/decisions.md, "Client statements").
 */

export const MAX_MARKUP_PERCENT = 1000;
/** Default expiry of a statement link, and the longest a person may ask for. */
export const STATEMENT_LINK_DEFAULT_DAYS = 30;
export const STATEMENT_LINK_MAX_DAYS = 90;

export const STATEMENT_MESSAGES = {
  badMonth: 'The month must be written YYYY-MM, e.g. 2026-11.',
  markup: `The markup must be a percentage from 0 to ${MAX_MARKUP_PERCENT}, with at most two decimals.`,
  adminOnly: "Only an administrator can change a client's markup.",
  expiresInDays: `A link may last from 1 to ${STATEMENT_LINK_MAX_DAYS} days.`,
  linkUnavailable: 'This statement link is not valid. It may have expired or been revoked.',
  linkNotFound: 'Statement link not found',
} as const;

export const STATEMENT_ACTIVITY = {
  resourceType: 'client',
  markupSet: 'markup_set',
  linkCreated: 'statement_link_created',
  linkRevoked: 'statement_link_revoked',
} as const;

/** Markups are kept in basis points (hundredths of a percent), so the arithmetic stays in integers. */
export const basisPointsOf = (percent: number) => Math.round(percent * 100);

const isHundredths = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** The `{month}` of a statement's path; the handler checks it with `isMonth` (the same shape). */
export const monthParamSchema = z
  .string()
  .check(
    z.regex(/^\d{4}-(0[1-9]|1[0-2])$/u, STATEMENT_MESSAGES.badMonth),
    z.meta({ description: 'A month of the agency’s time zone, `YYYY-MM`.', examples: ['2026-11'] }),
  );

/** PUT /api/clients/{clientId}/billing. */
export const billingInputSchema = z.object({
  markupPercent: z.number({ error: STATEMENT_MESSAGES.markup }).check(
    z.gte(0, STATEMENT_MESSAGES.markup),
    z.lte(MAX_MARKUP_PERCENT, STATEMENT_MESSAGES.markup),
    z.refine(isHundredths, STATEMENT_MESSAGES.markup),
    z.meta({
      description: `The markup on the AI cost, in percent (0 to ${MAX_MARKUP_PERCENT}, two decimals at most): the statement bills the cost × (1 + markup / 100).`,
      examples: [25],
    }),
  ),
});

export const billingSchema = z
  .object({
    clientId: z.string(),
    markupPercent: z.number().check(z.meta({ description: 'The client’s markup, in percent.' })),
  })
  .check(z.meta({ description: 'What the client is billed on top of the AI cost.' }));

/** POST …/statements/{month}/links: the body is optional. */
export const createStatementLinkSchema = z.object({
  expiresInDays: z.optional(
    z.number({ error: STATEMENT_MESSAGES.expiresInDays }).check(
      z.int({ error: STATEMENT_MESSAGES.expiresInDays }),
      z.gte(1, STATEMENT_MESSAGES.expiresInDays),
      z.lte(STATEMENT_LINK_MAX_DAYS, STATEMENT_MESSAGES.expiresInDays),
      z.meta({
        description: `How long the link works, in days (1 to ${STATEMENT_LINK_MAX_DAYS}; ${STATEMENT_LINK_DEFAULT_DAYS} by default).`,
      }),
    ),
  ),
});

export const statementLinkCreatedSchema = z
  .object({
    url: z.string().check(
      z.meta({
        description: 'The statement’s page, for anyone holding the link (no account needed). Shown once.',
      }),
    ),
    expiresAt: z.string().check(z.meta({ description: 'When the link stops working (ISO).' })),
  })
  .check(z.meta({ description: 'A new link to the statement.' }));

export const statementItemSchema = z.object({
  contentId: z.string(),
  title: z.string(),
  tool: z.string().check(z.meta({ description: 'The tool that made it (the content type’s label).' })),
  status: z.string().check(z.meta({ description: 'Its approval or publishing status, e.g. `published`.' })),
  postUrl: z.optional(z.string().check(z.meta({ description: 'The WordPress post, once published.' }))),
});

export const statementJobSchema = z.object({
  jobId: z.string(),
  tool: z.string().check(z.meta({ description: 'The tool the job ran (its label).' })),
  model: z.string(),
  provider: z.string(),
  costUsd: z
    .number()
    .check(z.meta({ description: 'What the job cost, in US dollars, to the micro-dollar.' })),
});

export const statementSchema = z
  .object({
    clientName: z.string(),
    month: z.string().check(z.meta({ description: 'The month, `YYYY-MM`, in `timeZone`.' })),
    timeZone: z.string().check(z.meta({ description: 'The agency’s time zone the month is counted in.' })),
    items: z
      .array(statementItemSchema)
      .check(z.meta({ description: 'The library items delivered that month: created or published in it.' })),
    jobs: z.array(statementJobSchema).check(z.meta({ description: 'The AI jobs started that month.' })),
    costUsd: z.number().check(z.meta({ description: 'The jobs’ cost, in US dollars, to the micro-dollar.' })),
    markupPercent: z.number(),
    billedUsd: z
      .number()
      .check(z.meta({ description: 'costUsd × (1 + markupPercent / 100), rounded to the micro-dollar.' })),
  })
  .check(z.meta({ description: 'A client’s statement of one month.' }));

export type StatementItem = z.output<typeof statementItemSchema>;
export type StatementJob = z.output<typeof statementJobSchema>;
export type Statement = z.output<typeof statementSchema>;
export type BillingInput = z.output<typeof billingInputSchema>;
export type Billing = z.output<typeof billingSchema>;
export type StatementLinkCreated = z.output<typeof statementLinkCreatedSchema>;

/** A link as the client's users see it in the list (never its token). */
export interface StatementLinkSummary {
  readonly linkId: string;
  readonly month: string;
  readonly createdAt: string;
  readonly createdBy: string;
  readonly expiresAt: string;
  readonly state: 'open' | 'expired' | 'revoked';
  readonly revokedAt: string | null;
}

/**
 * The totals, in micro-dollars: the jobs' costs added, and the billed amount after the markup (in basis
 * points), rounded half up to the micro-dollar. Integers throughout, so $0.000001 steps add exactly.
 */
export function statementTotals(
  costsMicroUsd: readonly number[],
  markupBasisPoints: number,
): { costMicroUsd: number; billedMicroUsd: number } {
  const costMicroUsd = costsMicroUsd.reduce((sum, cost) => sum + Math.round(cost), 0);
  const billedMicroUsd = Math.round((costMicroUsd * (10_000 + markupBasisPoints)) / 10_000);
  return { costMicroUsd, billedMicroUsd };
}

export const toUsd = microToUsd;

/**
 * The columns of the statement's CSV (shared/statement-csv.ts writes it), here so the OpenAPI document
 * names them without loading the CSV writer.
 */
export const STATEMENT_CSV_COLUMNS = [
  'section',
  'id',
  'title',
  'tool',
  'status',
  'postUrl',
  'model',
  'provider',
  'amountUsd',
] as const;

/** `statement-acme-plumbing-2026-11.csv` */
export function statementFileName(clientName: string, month: string, extension: string): string {
  const slug = clientName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .toLowerCase();
  return `statement-${slug || 'client'}-${month}.${extension}`;
}
