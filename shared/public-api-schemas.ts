import { agencySettingsSchema, settingsInputSchema } from './agency-settings';
import { approvalOverrideSchema, contentApprovalStateSchema } from './approval-schemas';
import { APPROVAL_STEPS_SETTINGS } from './approvals';
import { BATCH_COLUMNS, MAX_BATCH_ROWS } from './batch-columns';
import {
  batchCreatedSchema,
  batchListSchema,
  batchProblemsErrorSchema,
  batchSchema,
  createBatchBodySchema,
  createBatchQuerySchema,
  listBatchesQuerySchema,
} from './batch-schemas';
import { BUDGET_EXCEEDED_CODE, BUDGET_WARNING_RATIO, type ClientSpend } from './budget';
import { budgetInputSchema, clientSpendFields } from './budget-schemas';
import {
  connectionsReplySchema,
  publicationDeletedSchema,
  publicationListSchema,
  publicationRequestSchema,
  publicationRescheduleSchema,
  publicationSchema,
} from './channels';
import { CLIENT_TEXT_FIELDS, type Client, type ClientTextField } from './client';
import { clientInputSchema, clientPatchSchema } from './client-input';
import {
  CLIENT_INSTRUCTION_FIELDS,
  type ClientPage,
  type InstructionPreviewField,
  previewFieldOf,
} from './client-list';
import { listClientsQuerySchema } from './client-list-query';
import { listContentQuerySchema } from './content-query';
import { clientContentSchema, contentSummaryPageSchema } from './content-schemas';
import { textJobResultOf } from './job-results';
import { MCP_OPERATIONS, mcpMessageSchema, mcpReplySchema } from './mcp';
import { MEDIA_URL_TTL_SECONDS } from './media';
import { signMediaRequestSchema, signMediaResponseSchema } from './media-sign';
import { createUploadRequestSchema, createUploadResponseSchema, UPLOAD_URL_SECONDS } from './media-upload';
import {
  listNotificationsQuerySchema,
  MAX_READ_IDS,
  markReadReplySchema,
  markReadSchema,
  notificationPageSchema,
} from './notifications';
import { MAX_PREFER_WAIT_SECONDS, MCP_GENERATION_WAIT_SECONDS, type PublicApiTag } from './public-api';
import { REVIEW_RATE_LIMITS } from './review-rate-limits';
import { createdReviewReplySchema, publicDecisionReplySchema, publicReviewSchema } from './review-replies';
import { createReviewSchema, reviewDecisionSchema } from './reviews';
import {
  billingInputSchema,
  billingSchema,
  createStatementLinkSchema,
  MAX_MARKUP_PERCENT,
  monthParamSchema,
  STATEMENT_CSV_COLUMNS,
  STATEMENT_LINK_DEFAULT_DAYS,
  STATEMENT_LINK_MAX_DAYS,
  statementLinkCreatedSchema,
  statementSchema,
} from './statement';
import {
  blogRewriteResultSchema,
  clientContentResultSchema,
  faqResultSchema,
  fetchContentResultSchema,
  gbpPostResultSchema,
  generateImageResultSchema,
  imageAnalysisSchema,
  multiPlatformResultSchema,
  newsletterResultSchema,
  pressReleaseResultSchema,
  resizeImageResultSchema,
  sizedImageResultSchema,
  socialContentResultSchema,
  textToSpeechResultSchema,
} from './tool-results';
import { blogRewriteRequestSchema } from './tools/blog-rewrite';
import type { ToolId } from './tools/catalog';
import { clientContentRequestSchema } from './tools/client-content';
import { faqRequestSchema } from './tools/faq';
import { gbpImageRequestSchema, gbpPostRequestSchema } from './tools/gbp-post';
import { analyzeImageRequestSchema } from './tools/image-analysis';
import { generateImageRequestSchema, IMAGE_MESSAGES } from './tools/image-generation';
import { multiPlatformRequestSchema } from './tools/multi-platform';
import { newsletterRequestSchema } from './tools/newsletter';
import { fetchContentRequestSchema, textToSpeechRequestSchema } from './tools/podcast';
import { pressReleaseRequestSchema } from './tools/press-release';
import {
  resizeImageRequestSchema,
  socialContentRequestSchema,
  socialImageRequestSchema,
} from './tools/social-content';
import {
  USAGE_CSV_COLUMNS,
  usageJobsQuerySchema,
  usageJobsReplySchema,
  usageQuerySchema,
  usageReplySchema,
} from './usage';
import * as z from './validation/zod';
import {
  createWebhookRequestSchema,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
} from './webhook-schemas';
import {
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_DELIVERY_RETENTION_DAYS,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENTS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TIMEOUT_MS,
} from './webhooks';

/**
 * The public API (001 §7) described with the very zod schemas that validate its requests, plus the
 * shapes of its replies. functions/openapi/ turns this into the OpenAPI document, and the documentation
 * page renders that document, so the reference cannot drift from what the server accepts.
 */

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().check(z.meta({ description: 'Stable machine-readable code, e.g. `rate_limited`.' })),
      message: z.string().check(z.meta({ description: 'What went wrong, in words a person can act on.' })),
    }),
  })
  .check(z.meta({ description: 'Every error of the API has this body.' }));

/**
 * 402: a job for a client whose monthly budget is spent
 * (docs/decisions.md, "Usage, cost, budgets and bulk runs"), refused before it starts.
 */
export const budgetExceededErrorSchema = z
  .object({
    error: z.object({
      code: z.literal(BUDGET_EXCEEDED_CODE),
      message: z.string().check(
        z.meta({
          description:
            'Names the client, its budget and the month, e.g. “Peak Roofing has used its $50.00 budget for November. An admin can raise it.”, or, when it is this job’s estimate that does not fit, “Peak Roofing has spent $45.00; this job (about $9.00) would take it past its $50.00 budget for November. An admin can raise it.”',
        }),
      ),
    }),
  })
  .check(z.meta({ description: 'The Error shape, its code `budget_exceeded`.' }));

export const acceptedJobSchema = z
  .object({
    jobId: z.string().check(z.meta({ description: 'Id of the generation job (a ULID).' })),
    statusUrl: z
      .string()
      .check(z.meta({ description: 'Poll this path with GET until the job has finished.' })),
  })
  .check(z.meta({ description: 'The job was queued; poll `statusUrl`.' }));

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

const partialTextSchema = z.nullable(
  z.object({
    attempt: z.number().check(z.int()),
    seq: z.number().check(z.int()),
    text: z.string(),
  }),
);

/**
 * A job as GET /api/jobs/{jobId} returns it (functions/generation/job-store.ts `publicJob`), whose
 * `tool` is `tool` and whose `result` has the given shape. Replies to `Prefer: wait` add `jobId` and
 * `statusUrl`; `?include=partial` adds `partial`.
 */
export function jobSchemaOf<Result extends z.ZodMiniType>(tool: z.ZodMiniType<string>, result: Result) {
  return z
    .object({
      id: z.string(),
      jobId: z
        .optional(z.string())
        .check(z.meta({ description: 'Same as `id` (in replies to `Prefer: wait`).' })),
      statusUrl: z.optional(z.string()),
      tool,
      status: z.enum(JOB_STATUSES),
      progress: z.number().check(z.gte(0), z.lte(100), z.meta({ description: 'Percent done.' })),
      result: z.nullable(result).check(z.meta({ description: 'Present once `status` is `succeeded`.' })),
      error: z
        .nullable(z.string())
        .check(z.meta({ description: 'Why the job failed, once `status` is `failed`.' })),
      servedBy: z
        .nullable(z.string())
        .check(z.meta({ description: 'The model or provider that served the job.' })),
      savedContentId: z.nullable(z.string()),
      partial: z.optional(partialTextSchema).check(
        z.meta({
          description:
            'Only with `?include=partial`: the text written so far while the job runs (`seq` numbers the last progress push it includes), else null.',
        }),
      ),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .check(z.meta({ description: `A ${toolLabel(tool)} job.` }));
}

function toolLabel(tool: z.ZodMiniType<string>): string {
  const value = (tool as { _zod?: { def?: { values?: unknown[] } } })._zod?.def?.values?.[0];
  return typeof value === 'string' ? value : 'generation';
}

/**
 * The tools whose jobs this API documents, each with its result as the server builds it: the text
 * tools' own fields plus the engine's (shared/job-results.ts), the media tools' results as the media
 * worker makes them. GET /jobs/{jobId} is one of these by `tool`; jobs of the app's other tools (FAQ,
 * press release, social, …) are outside this contract.
 */
export const PUBLIC_JOB_RESULTS = {
  newsletter: textJobResultOf(newsletterResultSchema),
  'press-release': textJobResultOf(pressReleaseResultSchema),
  'blog-rewrite': textJobResultOf(blogRewriteResultSchema),
  faq: textJobResultOf(faqResultSchema),
  'client-content': textJobResultOf(clientContentResultSchema),
  'social-content': textJobResultOf(socialContentResultSchema),
  'gbp-post': textJobResultOf(gbpPostResultSchema),
  'image-generation': generateImageResultSchema,
  'text-to-speech': textToSpeechResultSchema,
  'gbp-image': sizedImageResultSchema,
  'social-image': sizedImageResultSchema,
  'multi-platform': multiPlatformResultSchema,
} as const satisfies { readonly [K in ToolId]: z.ZodMiniType };
/** Every tool of the catalog (shared/tools/catalog.ts) is in the public API: each needs a result above. */
export type PublicJobTool = ToolId;

/** The job of one tool. */
export const jobOfTool = (tool: PublicJobTool) => jobSchemaOf(z.literal(tool), PUBLIC_JOB_RESULTS[tool]);

/** A job of any tool, its result untyped: what GET /jobs/{jobId} answers for the app's other tools. */
export const anyJobSchema = jobSchemaOf(z.string(), z.record(z.string(), z.unknown()));

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  ...(Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, z.nullable(z.string())])) as Record<
    ClientTextField,
    z.ZodMiniNullable<z.ZodMiniString>
  >),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  wordpress_configured: z.boolean(),
  content_count: z.number().check(z.int()),
  access_count: z.number().check(z.int()),
  require_approval: z.boolean().check(
    z.meta({
      description:
        "'Require approval before publishing': when true, content is published or scheduled to WordPress only once a reviewer approved it. Applies when `approval_steps` is `none`.",
    }),
  ),
  approval_steps: z.enum(APPROVAL_STEPS_SETTINGS).check(
    z.meta({
      description:
        "'Approval steps': who must approve an item before it is published or scheduled. `none` (the default): only `require_approval` decides; `internal`: a colleague's approval in the app; `client`: the client's, through a review link only; `internal_then_client`: both, the client's after the colleague's. A publish or schedule without every step answers 409 `approval_required`, naming the missing step; an administrator can override a step, which is recorded.",
    }),
  ),
  // The monthly AI budget and what this month cost so far.
  ...clientSpendFields,
});

/** A client as the list serves it by default (shared/client-list.ts): what its card shows. */
export const clientSummarySchema = z
  .extend(
    z.omit(
      clientSchema,
      Object.fromEntries(
        [...CLIENT_INSTRUCTION_FIELDS, 'wordpress_url', 'wordpress_username'].map((field) => [field, true]),
      ) as Record<(typeof CLIENT_INSTRUCTION_FIELDS)[number] | 'wordpress_url' | 'wordpress_username', true>,
    ),
    Object.fromEntries(
      CLIENT_INSTRUCTION_FIELDS.map((field) => [
        previewFieldOf(field),
        z
          .nullable(z.string())
          .check(
            z.meta({ description: `The first 200 characters of \`${field}\`, with an ellipsis when cut.` }),
          ),
      ]),
    ) as Record<InstructionPreviewField, z.ZodMiniNullable<z.ZodMiniString>>,
  )
  .check(z.meta({ description: 'A client as its card shows it: previews instead of the instructions.' }));

/** A client with only the fields a `fields` list asked for, and its `id`. */
export const clientFieldsSchema = z
  .extend(z.partial(clientSchema), { id: z.string() })
  .check(z.meta({ description: 'A client with only the fields `fields` listed, and `id`.' }));

export const clientPageSchema = z.object({
  clients: z.array(z.union([clientSummarySchema, clientSchema, clientFieldsSchema])).check(
    z.meta({
      description:
        'Newest first. Summaries by default, full clients with `fields=full`, only the listed fields (and `id`) with a field list.',
    }),
  ),
  next_cursor: z
    .nullable(z.string())
    .check(z.meta({ description: 'Pass as `cursor` for the next page; null on the last page.' })),
});

export const healthSchema = z.object({ status: z.literal('ok'), time: z.string() });
export type Health = z.output<typeof healthSchema>;

/**
 * Compile-time ties between the documented replies and the types the handlers build them as: each
 * fails to compile when a field is added, renamed or retyped on one side only.
 */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Condition extends true> = Condition;
/** A client reply carries its spending: the client and its ClientSpend. */
export type DocumentedClientIsClient = Holds<Exactly<z.output<typeof clientSchema>, Client & ClientSpend>>;
export type DocumentedPageIsPage = Holds<
  Exactly<
    z.output<typeof clientPageSchema>,
    ClientPage<
      z.output<typeof clientSummarySchema> | (Client & ClientSpend) | z.output<typeof clientFieldsSchema>
    >
  >
>;

/** The media route's JSON answer (to `Accept: application/json`; otherwise it redirects there). */
export const mediaDownloadSchema = z.object({
  url: z.string().check(z.meta({ description: 'The file: a download link that needs no credentials.' })),
  expiresAt: z.string().check(z.meta({ description: 'When `url` stops working (ISO 8601).' })),
});
export type MediaDownload = z.output<typeof mediaDownloadSchema>;

/** GET /api/jobs/{jobId}'s one query parameter (functions/jobs/get-job.ts refuses any other value). */
export const jobQuerySchema = z.object({
  include: z
    .optional(z.literal('partial'))
    .check(z.meta({ description: '`partial` adds `partial`: the text a running job has written so far.' })),
});

/** The media route's query (functions/media/get-media.ts). */
export const mediaQuerySchema = z.object({
  token: z.optional(z.string()).check(
    z.meta({
      description: `The \`token\` of a URL from POST /media/sign, for callers that cannot send an Authorization header (a page's \`<img>\`): it opens this path only, for ${MEDIA_URL_TTL_SECONDS / 60} minutes. Expired or not this path's, it answers 401 (\`This media link has expired; sign it again.\`), unless the request also sends credentials, which are then checked instead.`,
    }),
  ),
  clientId: z.optional(z.string()).check(
    z.meta({
      description:
        'With credentials, for a file of a client’s library that a colleague made: the client’s id. The caller must have access to that client; without it, only the caller’s own files open.',
    }),
  ),
  download: z
    .optional(z.string())
    .check(z.meta({ description: 'Save the file under this name (letters, digits, `.`, `-`, `_`).' })),
});

/** One operation of the public API. */
export interface PublicEndpoint {
  readonly method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Under /api. */
  readonly path: string;
  readonly tag: PublicApiTag;
  readonly summary: string;
  readonly description: string;
  /** Absent: no body. */
  readonly request?: z.ZodMiniType;
  /** The query parameters, as the handler validates them. */
  readonly query?: z.ZodMiniObject;
  /** An example body, shown in the documentation. */
  readonly example?: Record<string, unknown>;
  /** A generation job of this tool: 202 + polling, or 200 with the finished job under `Prefer: wait`. */
  readonly jobTool?: PublicJobTool;
  /** The direct reply of a non-job endpoint. */
  readonly response?: {
    readonly status: 200 | 201 | 202 | 204;
    /** Absent for a 204, which has no body. */
    readonly schema?: z.ZodMiniType;
    /** Named examples of the reply (the job endpoint shows a succeeded and a failed job). */
    readonly examples?: Readonly<Record<string, { readonly summary: string; readonly value: unknown }>>;
  };
  /** The reply is a redirect (the media route). */
  readonly redirect?: { readonly description: string };
  /** The body may also be a CSV file (`Content-Type: text/csv`), its options then in the query. */
  readonly csvRequest?: { readonly description: string; readonly example: string };
  /** To `Accept: text/csv` the success reply is a CSV file whose header row has these columns. */
  readonly csvReply?: { readonly description: string; readonly columns: readonly string[] };
  /** A 400 that carries more than the Error shape (a batch's row problems), beside the plain one. */
  readonly badRequest?: { readonly description: string; readonly schema: z.ZodMiniType };
  /** When the caller may see the resource but not do this (403). */
  readonly forbidden?: string;
  /** Path parameters with a shape of their own (a statement's month): documented, and a 400 when wrong. */
  readonly pathParameters?: Readonly<Record<string, z.ZodMiniType>>;
  readonly public?: boolean;
  /** A 409 the operation answers, and why (a review decision on a replaced version). */
  readonly conflict?: string;
  /** A conditional GET: 304 to an `If-None-Match` with the reply's current ETag. */
  readonly notModified?: string;
  /** A public operation's own request budget (429 with Retry-After). */
  readonly rateLimited?: string;
}

const budgetNote = `With a \`clientId\` whose monthly budget is spent, or has no room left for this job’s estimate (a job that runs offline needs none), the job is refused before it starts: \`402\` with the code \`budget_exceeded\`.`;

const waitNote = `Answers \`202\` with \`{jobId, statusUrl}\` at once. Send \`Prefer: wait=N\` (N ≤ ${MAX_PREFER_WAIT_SECONDS}) to get \`200\` with the finished job if it finishes within N seconds. ${budgetNote}`;

/** What the examples tell the reader to replace: a site of their own, so the example job can succeed. */
const YOUR_SITE = 'https://www.your-client-site.com';

const failedJobExample = {
  id: '01JD0M8Z3C5W9Y7V6T4R2Q1P0N',
  tool: 'client-content',
  status: 'failed',
  progress: 0,
  result: null,
  error:
    'Could not read https://www.your-client-site.com: The address www.your-client-site.com could not be found',
  servedBy: null,
  savedContentId: null,
  createdAt: '2025-06-02T14:03:11.000Z',
  updatedAt: '2025-06-02T14:03:12.000Z',
};

const succeededJobExample = {
  id: '01JD0M8Z3C5W9Y7V6T4R2Q1P0M',
  tool: 'newsletter',
  status: 'succeeded',
  progress: 100,
  result: {
    generatedHtml: '<h1>Spring plumbing checklist</h1><p>…</p>',
    wordCount: 512,
    provider: 'openai',
    model: 'gpt-4o-mini',
    notice: null,
  },
  error: null,
  servedBy: 'openai',
  savedContentId: null,
  createdAt: '2025-06-02T14:01:40.000Z',
  updatedAt: '2025-06-02T14:01:58.000Z',
};

/**
 * The generation endpoint of each tool the public API documents (a missing one fails to compile); the
 * list below places each among the others.
 */
const TOOL_ENDPOINTS: { readonly [K in ToolId]: PublicEndpoint & { readonly jobTool: K } } = {
  'client-content': {
    method: 'post',
    path: '/generate-content',
    tag: 'Content',
    summary: 'Generate client content',
    description: `An SEO blog post of 1000-1500 words for a client's website. Replace \`${YOUR_SITE}\` in the example with your client's site: the job reads it, and a site that cannot be read fails the job (\`status: failed\`, \`error\` says why). ${waitNote}`,
    request: clientContentRequestSchema,
    example: { clientUrl: YOUR_SITE, topic: 'Spring lawn care tips', model: 'gpt-4o-mini' },
    jobTool: 'client-content',
  },
  'blog-rewrite': {
    method: 'post',
    path: '/rewrite-blog',
    tag: 'Content',
    summary: 'Rewrite a blog post',
    description: `Rewrites the post at \`url\` (or \`prompt\`, the same URL) with a copywriting framework. Replace the example's address with a post of your own: one that cannot be read fails the job. ${waitNote}`,
    request: blogRewriteRequestSchema,
    example: { prompt: `${YOUR_SITE}/blog/your-post`, model: 'gpt-4o-mini', framework: 'aida' },
    jobTool: 'blog-rewrite',
  },
  newsletter: {
    method: 'post',
    path: '/generate-newsletter',
    tag: 'Content',
    summary: 'Generate a newsletter',
    description: `A styled HTML newsletter on a topic. ${waitNote}`,
    request: newsletterRequestSchema,
    example: { topic: 'Weekly tech updates', model: 'gpt-4o-mini', includeHeader: true },
    jobTool: 'newsletter',
  },
  'image-generation': {
    method: 'post',
    path: '/generate-image',
    tag: 'Images',
    summary: 'Generate images',
    description: `Images for a prompt (or a list of configurations). Each image's \`url\` is a media path: download it with your Authorization header (GET /media/…). ${waitNote}`,
    request: generateImageRequestSchema,
    example: {
      prompt: 'A friendly plumber fixing a kitchen sink',
      model: 'gpt-image-1',
      size: '1024x1024',
      quality: 'high',
    },
    jobTool: 'image-generation',
  },
  'text-to-speech': {
    method: 'post',
    path: '/text-to-speech',
    tag: 'Other',
    summary: 'Text to speech',
    description: `An MP3 of the text read by one of ten voices. \`audioUrl\` is a media path: download it with your Authorization header (GET /media/…). ${waitNote}`,
    request: textToSpeechRequestSchema,
    example: { text: 'Welcome to this week’s home maintenance tips.', voice: 'alloy' },
    jobTool: 'text-to-speech',
  },
  'press-release': {
    method: 'post',
    path: '/generate-press-release',
    tag: 'Content',
    summary: 'Generate a press release',
    description: `A press release from a topic (\`inputType: topic\`) or from a page (\`inputType: url\`, which the job reads), with the client’s company details when \`useClientCompanyInfo\` is set. ${waitNote}`,
    request: pressReleaseRequestSchema,
    example: {
      inputType: 'topic',
      topic: 'Acme Plumbing opens a second shop in Round Rock',
      model: 'gpt-4o-mini',
    },
    jobTool: 'press-release',
  },
  faq: {
    method: 'post',
    path: '/generate-faq',
    tag: 'Content',
    summary: 'Generate an FAQ or a how-to guide',
    description: `An FAQ (\`contentType: faq\`) or a how-to guide (\`howto\`) on a topic, with its schema.org JSON-LD. ${waitNote}`,
    request: faqRequestSchema,
    example: {
      contentType: 'faq',
      topic: 'Water heater maintenance',
      questionCount: 8,
      model: 'gpt-4o-mini',
    },
    jobTool: 'faq',
  },
  'social-content': {
    method: 'post',
    path: '/generate-social-content',
    tag: 'Content',
    summary: 'Generate social posts',
    description: `One post per platform (Facebook, Instagram, LinkedIn, X) from a brief, each at its platform’s length. ${waitNote}`,
    request: socialContentRequestSchema,
    example: { prompt: 'Spring drain cleaning special, 15% off', platforms: ['facebook', 'linkedin'] },
    jobTool: 'social-content',
  },
  'gbp-post': {
    method: 'post',
    path: '/generate-gbp-post',
    tag: 'Content',
    summary: 'Generate a Google Business Profile post',
    description: `A standard, event or offer post for a Google Business Profile, at most 1,500 characters. ${waitNote}`,
    request: gbpPostRequestSchema,
    example: { prompt: 'Free water heater inspections all of March', postType: 'offer' },
    jobTool: 'gbp-post',
  },
  'gbp-image': {
    method: 'post',
    path: '/generate-gbp-image',
    tag: 'Images',
    summary: 'Generate a Google Business Profile image',
    description: `One image at one of Google Business Profile’s sizes. \`imageUrl\` is a media path: download it with your Authorization header (GET /media/…). ${waitNote}`,
    request: gbpImageRequestSchema,
    example: { prompt: 'A plumber’s van outside a tidy suburban house' },
    jobTool: 'gbp-image',
  },
  'social-image': {
    method: 'post',
    path: '/generate-social-image',
    tag: 'Images',
    summary: 'Generate a social image',
    description: `One image at the size given as \`WIDTHxHEIGHT\` (a platform’s size, such as 1080x1080). \`imageUrl\` is a media path: download it with your Authorization header (GET /media/…). ${waitNote}`,
    request: socialImageRequestSchema,
    example: { prompt: 'A sparkling kitchen sink in morning light', dimensions: '1080x1080' },
    jobTool: 'social-image',
  },
  'multi-platform': {
    method: 'post',
    path: '/generate-multi-platform',
    tag: 'Content',
    summary: 'Generate content for several channels at once',
    description: `One run of the Multi-Platform Creator: each content type asked for (social posts, newsletter, press release, FAQ, blog rewrite, GBP post, client content) from one prompt. An item that fails carries its \`error\`; the others still run. With a client and \`saveToClient\`, each item is saved to its library. ${waitNote}`,
    request: multiPlatformRequestSchema,
    example: {
      prompt: 'Our new 24/7 emergency plumbing line',
      types: ['social', 'gbp-post'],
      platforms: ['facebook'],
    },
    jobTool: 'multi-platform',
  },
};

/** The app's own name of the client content route, the same job as POST /generate-content. */
const CLIENT_CONTENT_ROUTE: PublicEndpoint = {
  ...TOOL_ENDPOINTS['client-content'],
  path: '/generate-client-content',
  summary: 'Generate client content (the app’s route)',
  description: `The same job as POST /generate-content, under the route the app’s own screen calls. ${waitNote}`,
};

const CONNECTIONS = '/clients/{clientId}/connections';
const PUBLICATIONS = '/clients/{clientId}/content/{contentId}/publications';
const PUBLICATION = `${PUBLICATIONS}/{publicationId}`;
const APPROVAL_CONFLICT =
  '`approval_required`: the client’s approval steps are not complete on the item’s current version (the message names what is missing); an administrator’s key may send `overrideApproval: true`, which is recorded.';

/** The publishing channels (docs/architecture.md, "Publishing channels"). */
const CHANNEL_ENDPOINTS: readonly PublicEndpoint[] = [
  {
    method: 'get',
    path: CONNECTIONS,
    tag: 'Clients',
    summary: 'List a client’s channels',
    description:
      'The publishing channels connected to the client, each with its `status` (`reconnect_needed` once the platform refused to refresh its token: connect it again in the app), and the platforms whose app an admin has not configured (`unavailable`). Connecting takes the channel owner’s consent on the platform, so it is done in the app (the client’s Channels).',
    response: { status: 200, schema: connectionsReplySchema },
  },
  {
    method: 'delete',
    path: `${CONNECTIONS}/{connectionId}`,
    tag: 'Clients',
    summary: 'Disconnect a channel',
    description:
      'The connection and its tokens are deleted. Posts made through it keep the channel’s name; a scheduled one fails at its time.',
    response: { status: 204 },
  },
  {
    method: 'get',
    path: PUBLICATIONS,
    tag: 'Clients',
    summary: 'List an item’s posts to channels',
    description: 'Every post of the library item to a channel, oldest first, with its status.',
    response: { status: 200, schema: publicationListSchema },
  },
  {
    method: 'post',
    path: PUBLICATIONS,
    tag: 'Clients',
    summary: 'Publish or schedule an item to a channel',
    description:
      'One post of the item to one of the client’s connections. `text` defaults to the item’s text; `imageUrl` is a media path of the key owner’s generations or one the item holds; `gbp` carries a Google Business Profile post’s type and fields. The platform’s own rules are checked first (`400` naming the platform: X’s 280 weighted characters, Instagram’s required image and its aspect ratio, each platform’s length, GBP’s event and offer fields), then the client’s approval steps (`409`). Without `scheduledAt` the post is sent now and the reply says how it went (`published` with `postUrl`, `failed` with `error`, or `scheduled` when the platform asked to wait and it will be retried); with it, the post goes out within a minute of that time. Each post is sent at most once, whatever is retried.',
    request: publicationRequestSchema,
    example: {
      connectionId: '01JD0M8Z3C5W9Y7V6T4R2Q1P0M',
      text: 'Spring is here: book your AC tune-up this week.',
      scheduledAt: '2026-12-15T09:30:00-05:00',
    },
    response: { status: 201, schema: publicationSchema },
    conflict: `${APPROVAL_CONFLICT} \`reconnect_needed\`: the connection must be connected again first. \`channel_not_configured\`: an admin has not configured the platform’s app.`,
  },
  {
    method: 'get',
    path: PUBLICATION,
    tag: 'Clients',
    summary: 'Get a post to a channel',
    description:
      'Its state: `scheduled`, `publishing`, `published` (with `postId` and `postUrl`) or `failed` (with `error`).',
    response: { status: 200, schema: publicationSchema },
  },
  {
    method: 'delete',
    path: PUBLICATION,
    tag: 'Clients',
    summary: 'Cancel or delete a post to a channel',
    description:
      'A scheduled post is cancelled; a published one is deleted from its platform, where the platform allows it; a failed one is discarded.',
    response: { status: 200, schema: publicationDeletedSchema },
    conflict:
      '`not_supported`: the platform does not allow deleting a post through its API (Instagram). `publishing`: the post is being sent right now. `platform_refused`: the platform refused the delete (its message says why).',
  },
  {
    method: 'post',
    path: `${PUBLICATION}/retry`,
    tag: 'Clients',
    summary: 'Retry a failed post',
    description: 'Sends a failed post again now; answers its new state.',
    response: { status: 200, schema: publicationSchema },
    conflict: `\`not_failed\`: only a failed post can be retried. ${APPROVAL_CONFLICT}`,
  },
  {
    method: 'post',
    path: `${PUBLICATION}/reschedule`,
    tag: 'Clients',
    summary: 'Move a scheduled post',
    description: 'A new time for a scheduled post; the client’s approval steps are asked again.',
    request: publicationRescheduleSchema,
    example: { scheduledAt: '2026-12-16T09:30:00-05:00' },
    response: { status: 200, schema: publicationSchema },
    conflict: `\`not_scheduled\`: only a scheduled post can be moved. ${APPROVAL_CONFLICT}`,
  },
];

const WEBHOOK_EVENT_LIST = WEBHOOK_EVENTS.map(
  (event) => `\`${event}\` (${WEBHOOK_EVENT_DESCRIPTIONS[event].replace(/\.$/, '')})`,
).join('; ');

const WEBHOOK = '/webhooks/{webhookId}';

/** The caller's webhook endpoints (docs/architecture.md, "Webhooks"). */
const WEBHOOK_ENDPOINTS: readonly PublicEndpoint[] = [
  {
    method: 'get',
    path: '/webhooks',
    tag: 'Other',
    summary: 'List the caller’s webhook endpoints',
    description:
      'The endpoints the key’s owner registered (in the app or with any of their keys), oldest first, each with the outcome of its last delivery. Their secrets are never shown again.',
    response: { status: 200, schema: webhookListSchema },
  },
  {
    method: 'post',
    path: '/webhooks',
    tag: 'Other',
    summary: 'Register a webhook endpoint',
    description: `An https address that is sent the events it lists, as the Standard Webhooks specification says (https://www.standardwebhooks.com): a POST whose JSON body is \`{type, timestamp, data}\`, with the headers \`webhook-id\` (the delivery’s id, the same on every attempt), \`webhook-timestamp\` and \`webhook-signature\` (\`v1,\` and the base64 HMAC-SHA256 of \`id.timestamp.body\` with the secret’s bytes). The reply carries the endpoint’s \`secret\`, only this once: verify every delivery with it (any Standard Webhooks library takes it as it is) and refuse a timestamp more than five minutes off. Answer with a 2xx within ${WEBHOOK_TIMEOUT_MS / 1000} seconds; anything else is tried again ${WEBHOOK_RETRY_SCHEDULE_SECONDS.length - 1} times over about a day (after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h). A private, loopback or metadata address is refused (\`400\` \`unsafe_url\`), now and at every attempt. The events: ${WEBHOOK_EVENT_LIST}. At most ${MAX_WEBHOOKS_PER_USER} endpoints a user.`,
    request: createWebhookRequestSchema,
    example: { url: 'https://hooks.your-agency.com/lbm', events: ['job.succeeded', 'review.decided'] },
    response: { status: 201, schema: webhookCreatedSchema },
    conflict: `\`too_many_webhooks\`: the key’s owner has ${MAX_WEBHOOKS_PER_USER} endpoints already; delete one first.`,
  },
  {
    method: 'delete',
    path: WEBHOOK,
    tag: 'Other',
    summary: 'Delete a webhook endpoint',
    description:
      'Nothing more is sent to it, attempts already queued included. Another user’s endpoint answers `404`, like one that does not exist.',
    response: { status: 204 },
  },
  {
    method: 'get',
    path: `${WEBHOOK}/deliveries`,
    tag: 'Other',
    summary: 'List an endpoint’s deliveries',
    description: `The endpoint’s newest deliveries, newest first (kept ${WEBHOOK_DELIVERY_RETENTION_DAYS} days): each event or test sent, its status (\`pending\` while attempts remain, \`succeeded\` on a 2xx, \`failed\` once the schedule ended), its attempts, the receiver’s last HTTP status and when the next attempt is due.`,
    response: { status: 200, schema: webhookDeliveryListSchema },
  },
  {
    method: 'post',
    path: `${WEBHOOK}/test`,
    tag: 'Other',
    summary: 'Send a test event',
    description: `Sends the endpoint a \`${WEBHOOK_TEST_EVENT}\` event (\`data\`: \`{webhookId, message}\`), signed and retried like any other, whatever events it lists. Answers the delivery, \`pending\` until the first attempt.`,
    response: { status: 202, schema: webhookDeliverySchema },
  },
  {
    method: 'post',
    path: `${WEBHOOK}/deliveries/{deliveryId}/redeliver`,
    tag: 'Other',
    summary: 'Send a delivery again',
    description:
      'The same delivery (same `webhook-id`, same body) from the start of the retry schedule, whatever became of it: a receiver that keeps the ids it handled sees a repeat. Answers the delivery, `pending` again.',
    response: { status: 202, schema: webhookDeliverySchema },
  },
];

/** The tools that answer at once, without a job (the MCP server offers each: functions/mcp/mcp-tools.ts). */
export const DIRECT_TOOL_ENDPOINTS: readonly PublicEndpoint[] = [
  {
    method: 'post',
    path: '/analyze-image',
    tag: 'Images',
    summary: 'Analyze an image',
    description:
      'A description of an image, the things and words in it, and its style (001 §7): by a vision model when the agency has configured one, otherwise measured offline. The image is a PNG, JPEG, GIF or WebP under 5 MB, sent as `image` (base64, a `data:` URL prefix accepted) when its base64 fits the request, or as `imageKey` once uploaded through POST /media/uploads; one of the two. Answers at once.',
    request: analyzeImageRequestSchema,
    example: {
      image:
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      format: 'json',
    },
    response: { status: 200, schema: imageAnalysisSchema },
  },
  {
    method: 'post',
    path: '/resize-image',
    tag: 'Images',
    summary: 'Resize an image',
    description:
      'The image (`image`: base64, or a media path this API gave you; or `imageKey`: an upload of POST /media/uploads) at exactly `width` × `height` as a PNG, stretched or cropped to fit (`mode`). `imageUrl` is a media path: download it with your Authorization header (GET /media/…). Answers at once.',
    request: resizeImageRequestSchema,
    example: {
      image: '/api/media/…/01JD0M8Z3C5W9Y7V6T4R2Q1P0M/image-1.png',
      width: 1200,
      height: 630,
      mode: 'crop',
    },
    response: { status: 200, schema: resizeImageResultSchema },
  },
  {
    method: 'post',
    path: '/fetch-content',
    tag: 'Other',
    summary: 'Read a web page',
    description:
      'The readable text and title of a public page, as Create Podcast imports it. Private and local addresses are refused (`unsafe_url`), and so is a page that cannot be read (`fetch_failed`), each with 400 and the reason. Answers at once.',
    request: fetchContentRequestSchema,
    example: { url: `${YOUR_SITE}/blog/your-post` },
    response: { status: 200, schema: fetchContentResultSchema },
  },
];

export const PUBLIC_ENDPOINTS: readonly PublicEndpoint[] = [
  TOOL_ENDPOINTS['client-content'],
  CLIENT_CONTENT_ROUTE,
  TOOL_ENDPOINTS['blog-rewrite'],
  TOOL_ENDPOINTS.newsletter,
  TOOL_ENDPOINTS['press-release'],
  TOOL_ENDPOINTS.faq,
  TOOL_ENDPOINTS['social-content'],
  TOOL_ENDPOINTS['gbp-post'],
  TOOL_ENDPOINTS['multi-platform'],
  TOOL_ENDPOINTS['image-generation'],
  TOOL_ENDPOINTS['gbp-image'],
  TOOL_ENDPOINTS['social-image'],
  ...DIRECT_TOOL_ENDPOINTS,
  {
    method: 'get',
    path: '/clients',
    tag: 'Clients',
    summary: 'List clients',
    description:
      'The clients the key’s owner can see, newest first, one page at a time: follow `next_cursor` until it is null. Each client comes as its card shows it (instructions as 200-character previews) unless `fields` asks for more: `fields=full` gives the whole profiles. `search` keeps the clients whose name or business details contain a text, paged the same way.',
    query: listClientsQuerySchema,
    response: { status: 200, schema: clientPageSchema },
  },
  {
    method: 'post',
    path: '/clients',
    tag: 'Clients',
    summary: 'Create a client',
    description: 'The key’s owner becomes the client’s creator.',
    request: clientInputSchema,
    example: {
      name: 'Acme Plumbing',
      company_name: 'Acme Plumbing LLC',
      email: 'info@acme.example',
      website: 'https://acme.example',
    },
    response: { status: 201, schema: clientSchema },
  },
  {
    method: 'patch',
    path: '/clients/{clientId}',
    tag: 'Clients',
    summary: 'Update a client',
    description:
      'Changes the fields the body names; a field left out keeps its value, and `null` or an empty string clears one. `wordpress_app_password` is write-only: send it to replace the password, `null` to remove it. The key’s owner must be the client’s creator, have access to it, or be an admin. (The app’s own `PUT` replaces the whole profile and refuses a body that leaves a field out.)',
    request: clientPatchSchema,
    example: { phone: '(512) 555-0199', city: 'Round Rock' },
    response: { status: 200, schema: clientSchema },
  },
  {
    method: 'get',
    path: '/clients/{clientId}',
    tag: 'Clients',
    summary: 'Get a client',
    description:
      'One client’s whole profile, as `fields=full` lists it. A client the key’s owner cannot see answers `404`, like one that does not exist.',
    response: { status: 200, schema: clientSchema },
  },
  {
    method: 'get',
    path: '/clients/{clientId}/content',
    tag: 'Clients',
    summary: 'List or search a client’s library',
    description:
      'The client’s saved content, newest first, one page at a time (follow `next_cursor` until it is null), each item as its card shows it: its text as a 200-character preview, its images as thumbnails. `type` keeps one kind; `search` the items whose title or text holds the words. GET one item for its whole text and HTML.',
    query: listContentQuerySchema,
    response: { status: 200, schema: contentSummaryPageSchema },
  },
  {
    method: 'post',
    path: '/clients/{clientId}/content/{contentId}/reviews',
    tag: 'Clients',
    summary: 'Send an item for review',
    description:
      'Makes a review link for each reviewer (or one for `reviewerName` and `reviewerEmail`): the client reads the item through it, without an account, comments and approves or asks for changes until `expiresAt`; a reviewer with an e-mail is sent it. `reviewUrl` holds the link’s token and is shown this once. With several reviewers, `rule` says whose decision counts (`all`, `any`). The item is then in review.',
    request: createReviewSchema,
    example: {
      reviewerName: 'Rosa Client',
      reviewerEmail: 'rosa@client.example',
      message: 'Please approve by Friday.',
    },
    response: { status: 201, schema: createdReviewReplySchema },
  },
  {
    method: 'get',
    path: '/clients/{clientId}/content/{contentId}',
    tag: 'Clients',
    summary: 'Get a library item',
    description:
      'One item of the client’s library, whole: its text, its HTML, its status and approvals, and what the tool recorded with it (`metadata`).',
    response: { status: 200, schema: clientContentSchema },
  },
  TOOL_ENDPOINTS['text-to-speech'],
  {
    method: 'get',
    path: '/jobs/{jobId}',
    tag: 'Other',
    summary: 'Get a job',
    description:
      'Poll a generation job until `status` is `succeeded` (then `result` holds the response fields of its tool) or `failed` (then `result` is null and `error` says why). `result` has the shape of the job’s `tool`. Add `?include=partial` for the text written so far (`partial`). Only the job’s owner sees it.',
    query: jobQuerySchema,
    response: {
      status: 200,
      schema: anyJobSchema,
      examples: {
        succeeded: { summary: 'A finished newsletter', value: succeededJobExample },
        failed: { summary: 'A job whose source could not be read', value: failedJobExample },
      },
    },
  },
  {
    method: 'post',
    path: '/media/sign',
    tag: 'Other',
    summary: 'Sign media paths',
    description:
      'Turns media paths of results (`images[].url`, `audioUrl`) into links that work without credentials until they expire, for a web page’s `<img>` or `<audio>`. To download a file yourself, GET its path with your Authorization header instead.',
    request: signMediaRequestSchema,
    example: { urls: ['/api/media/…/01JD0M8Z3C5W9Y7V6T4R2Q1P0M/image-1.png'] },
    response: { status: 200, schema: signMediaResponseSchema },
  },
  {
    method: 'post',
    path: '/media/uploads',
    tag: 'Images',
    summary: 'Upload an image',
    description: `For an image too large to send inline (its base64 must fit in about 6 MB of JSON, so about 4.5 MB of image): answers a presigned POST to the media bucket. Send a \`multipart/form-data\` POST to \`url\` with every field of \`fields\`, then the file as the last field, \`file\`; S3 answers 204. Its policy holds the file to the declared type and to under 5 MB (S3 answers 400 \`EntityTooLarge\` otherwise) and expires after ${UPLOAD_URL_SECONDS / 60} minutes. Then send \`key\` as \`imageKey\` to POST /analyze-image or /resize-image. A size of 5 MB or more is refused here with \`${IMAGE_MESSAGES.fileTooLarge}\`, another type with \`${IMAGE_MESSAGES.invalidFile}\`. Uploads expire with unsaved job media.`,
    request: createUploadRequestSchema,
    example: { contentType: 'image/jpeg', size: 4_812_345 },
    response: { status: 201, schema: createUploadResponseSchema },
  },
  {
    method: 'get',
    path: '/media/{userId}/{jobId}/{fileName}',
    tag: 'Other',
    summary: 'Download a media file',
    description:
      'A media path of a result (an image’s `url`, `audioUrl`): answers 302 to a download link good for a few minutes, or, with `Accept: application/json`, that link and when it expires. Send your Authorization header, or a `token` from POST /media/sign. Follow the redirect without the Authorization header (the download link carries its own signature).',
    query: mediaQuerySchema,
    response: { status: 200, schema: mediaDownloadSchema },
    redirect: { description: 'The file is at `Location` (a link that expires in a few minutes).' },
  },
  {
    method: 'put',
    path: '/clients/{clientId}/budget',
    tag: 'Clients',
    summary: 'Set a client’s monthly budget',
    description: `The client’s monthly AI budget in US dollars, or \`null\` to remove it. At ${BUDGET_WARNING_RATIO * 100} % of it the app warns; once the month’s jobs have cost it all, a new job for the client is refused with \`402\` (\`budget_exceeded\`) until the next month (in the agency’s time zone, GET /settings) or until an admin raises it. Only an admin may set, raise or remove it (\`403\` to anyone else, the owner included). Answers the client, with \`budget\` and \`monthToDateUsd\`.`,
    request: budgetInputSchema,
    example: { monthlyUsd: 50 },
    response: { status: 200, schema: clientSchema },
    forbidden: 'The key’s owner can see the client but is neither its owner nor an admin.',
  },
  {
    method: 'get',
    path: '/clients/{clientId}/statements/{month}',
    tag: 'Clients',
    summary: 'Get a client’s monthly statement',
    description:
      'One month (`YYYY-MM`, in the agency’s time zone: GET /settings) of a client: the library items delivered in it (created or published in it), the AI jobs started in it with their cost, the total cost, the client’s markup and the billed amount (cost × (1 + markup / 100), to the micro-dollar). With `Accept: text/csv`, the same rows as a CSV file. Anyone who can see the client may read it.',
    pathParameters: { month: monthParamSchema },
    response: {
      status: 200,
      schema: statementSchema,
      examples: {
        november: {
          summary: 'A month with one published post',
          value: {
            clientName: 'Acme Plumbing',
            month: '2026-11',
            timeZone: 'America/New_York',
            items: [
              {
                contentId: '01JD0M8Z3C5W9Y7V6T4R2Q1P0M',
                title: 'Spring plumbing checklist',
                tool: 'Newsletter',
                status: 'published',
                postUrl: 'https://www.your-client-site.com/spring-plumbing-checklist/',
              },
            ],
            jobs: [
              {
                jobId: '01JD0M8Z3C5W9Y7V6T4R2Q1P0N',
                tool: 'Newsletter',
                model: 'gpt-4o-mini',
                provider: 'openai',
                costUsd: 0.000912,
              },
            ],
            costUsd: 0.000912,
            markupPercent: 25,
            billedUsd: 0.00114,
          },
        },
      },
    },
    csvReply: {
      description:
        "With `Accept: text/csv`: one line per item (`section` `item`), per job (`job`, its cost in `amountUsd`), then the totals (`total`: `costUsd`, `markupPercent`, `billedUsd`). Text cells are quoted, and one that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`; numbers are written bare.",
      columns: STATEMENT_CSV_COLUMNS,
    },
  },
  {
    method: 'post',
    path: '/clients/{clientId}/content/{contentId}/approvals/override',
    tag: 'Clients',
    summary: 'Override an approval step of a library item',
    description:
      'An administrator completes a step of the client’s `approval_steps` in its place, on the item’s current version: recorded as an approval with `override: true` (the app shows it on the item) and in the activity log. `step` must be one the client’s setting names. A publish or schedule needs every step the client names (otherwise the app’s publish answers 409 `approval_required` naming the missing steps); a client step is otherwise completed only through a review link. Answers the item’s approval state: both settings, the current version, the steps still missing, whether a publish would pass now, and every decision on the item with its step.',
    request: approvalOverrideSchema,
    example: { step: 'client' },
    response: { status: 200, schema: contentApprovalStateSchema },
    forbidden: 'The key’s owner can see the client but is not an administrator.',
  },
  {
    method: 'post',
    path: '/clients/{clientId}/statements/{month}/links',
    tag: 'Clients',
    summary: 'Make a link to a statement',
    description: `A link to the statement that works without an account, for the client: it expires after \`expiresInDays\` (${STATEMENT_LINK_DEFAULT_DAYS} by default, at most ${STATEMENT_LINK_MAX_DAYS}) and can be revoked in the app. The link is shown only in this reply; the server keeps only its hash. Anyone who can see the client may make one.`,
    pathParameters: { month: monthParamSchema },
    request: createStatementLinkSchema,
    example: { expiresInDays: 30 },
    response: { status: 201, schema: statementLinkCreatedSchema },
  },
  {
    method: 'put',
    path: '/clients/{clientId}/billing',
    tag: 'Clients',
    summary: 'Set a client’s markup',
    description: `The markup the client’s statements bill on the AI cost, in percent (0 to ${MAX_MARKUP_PERCENT}, at most two decimals). Only an administrator may set it. Answers the billing.`,
    request: billingInputSchema,
    example: { markupPercent: 25 },
    response: { status: 200, schema: billingSchema },
    forbidden: 'The key’s owner can see the client but is not an administrator.',
  },
  {
    method: 'get',
    path: '/batches',
    tag: 'Content',
    summary: 'List batches',
    description:
      'The caller’s batches, newest first, a page at a time (follow `next_cursor` until it is null), each with its counts and status (without its rows: GET /batches/{batchId} has them).',
    query: listBatchesQuerySchema,
    response: { status: 200, schema: batchListSchema },
  },
  {
    method: 'post',
    path: '/batches',
    tag: 'Content',
    summary: 'Start a batch',
    description: `Many generations at once, one per row (at most ${MAX_BATCH_ROWS}), as JSON \`rows\` or a CSV file (\`Content-Type: text/csv\`). Every row is checked first with its tool’s own rules: if any row has a problem, nothing starts and \`400\` lists each row’s problems. Otherwise the rows are fed to the queue as the key owner’s job slots allow (they wait, they are not refused), and the reply gives the batch id and the estimate: the cost at list prices, the rows whose model’s provider has no API key (\`offlineRows\`: the offline composer writes them, at no cost) and what the others are expected to cost. With \`dryRun\` (\`?dryRun=true\` for a CSV) nothing starts and the answer is \`200\` with that estimate, without a batch id. Follow it with GET /batches/{batchId}. A row whose client’s budget is spent fails with the \`budget_exceeded\` message; the other rows go on. A row held back only by the estimates of the batch’s own running rows waits for them to finish.`,
    request: createBatchBodySchema,
    query: createBatchQuerySchema,
    example: {
      rows: [
        { tool: 'newsletter', client: 'Acme Plumbing', topic: 'Spring plumbing checklist' },
        {
          tool: 'blog-rewrite',
          client: 'Acme Plumbing',
          url: `${YOUR_SITE}/blog/your-post`,
          framework: 'aida',
        },
      ],
      saveToClient: true,
    },
    csvRequest: {
      description: `A CSV file with a header row. Columns: ${BATCH_COLUMNS.map((column) => `\`${column}\``).join(', ')}; \`tool\`, \`client\` (a name or an id) and \`topic\` or \`url\` are needed, the others are the tool’s options.`,
      example:
        'tool,client,topic,model\r\nnewsletter,Acme Plumbing,Spring plumbing checklist,gpt-4o-mini\r\n',
    },
    badRequest: {
      description:
        'Rows with problems (`invalid_rows`): `problems` lists each one with its row number and column; nothing started. A body that is not valid JSON or CSV answers the plain Error shape, as does a CSV that is not UTF-8 text (`invalid_encoding`, naming the first row that is not).',
      schema: batchProblemsErrorSchema,
    },
    response: { status: 201, schema: batchCreatedSchema },
  },
  {
    method: 'get',
    path: '/batches/{batchId}',
    tag: 'Content',
    summary: 'Get a batch',
    description:
      'The batch with every row: its status, its tool as the row named it, its job, the library item it saved (`contentId`), its error and its cost once finished. A finished row not saved to a library (no client, or `saveToClient` false) has its result in its job (GET /jobs/{jobId}) until `resultExpiresAt`. Poll it until `status` is `finished` or `cancelled`. Only the batch’s owner (or an admin) sees it.',
    response: { status: 200, schema: batchSchema },
  },
  {
    method: 'post',
    path: '/batches/{batchId}/cancel',
    tag: 'Content',
    summary: 'Cancel a batch',
    description:
      'Rows that wait never start; rows already running finish and are counted. Answers the batch.',
    response: { status: 200, schema: batchSchema },
  },
  {
    method: 'post',
    path: '/batches/{batchId}/retry-failed',
    tag: 'Content',
    summary: 'Retry a batch’s failed rows',
    description:
      'Every failed row waits again, with a new job of its own; cancelled rows stay cancelled. Answers the batch.',
    response: { status: 200, schema: batchSchema },
  },
  {
    method: 'get',
    path: '/usage',
    tag: 'Other',
    summary: 'Usage and cost',
    description:
      'What the AI work of a period cost (this month by default), grouped by client, user, tool or model, with the cost per day and the dearest jobs. A job’s cost is computed with the prices of the day it finished and kept. An API key sees only its owner’s own jobs.',
    query: usageQuerySchema,
    response: { status: 200, schema: usageReplySchema },
  },
  {
    method: 'get',
    path: '/usage/jobs',
    tag: 'Other',
    summary: 'Usage, job by job',
    description:
      'The jobs behind GET /usage, newest first, one row per job: JSON pages of `limit` (follow `next_cursor`), or with `Accept: text/csv` the whole period as one CSV file. An API key sees only its owner’s own jobs.',
    query: usageJobsQuerySchema,
    response: { status: 200, schema: usageJobsReplySchema },
    csvReply: {
      description:
        "With `Accept: text/csv`: every job of the period, one line each, under this header row. Text cells are quoted, and one that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` so a spreadsheet does not run it as a formula; numbers are written bare.",
      columns: USAGE_CSV_COLUMNS,
    },
  },
  {
    method: 'get',
    path: '/settings',
    tag: 'Other',
    summary: 'Get the agency’s settings',
    description:
      'The agency’s time zone, which its months are counted in (a client’s monthly statement covers a month of this zone), `UTC` until an administrator sets one; and the name and logo its clients’ review pages show, null until set. Any key may read them.',
    response: {
      status: 200,
      schema: agencySettingsSchema,
      examples: {
        set: {
          summary: 'A zone an admin chose',
          value: {
            timeZone: 'America/New_York',
            updatedAt: '2026-11-02T09:00:00.000Z',
            updatedBy: 'ops@example.com',
            agencyName: 'Harbor Marketing',
            logoUrl: 'https://agency.example/logo.png',
          },
        },
      },
    },
  },
  {
    method: 'put',
    path: '/settings',
    tag: 'Other',
    summary: 'Change the agency’s settings',
    description:
      'Sets the agency’s time zone, an IANA name such as `Europe/London`, and optionally its review pages’ name and logo (an https address of a .png, .jpg, .jpeg, .gif, .webp or .svg image; absent keeps them, `""` or null clears them); anything else is refused with `400` naming the field. Only an administrator’s key may change them. Answers the settings.',
    request: settingsInputSchema,
    example: { timeZone: 'America/New_York' },
    response: { status: 200, schema: agencySettingsSchema },
    forbidden: 'The key’s owner is not an administrator.',
  },
  {
    method: 'get',
    path: '/notifications',
    tag: 'Other',
    summary: 'List the caller’s notifications',
    description:
      'What the key’s owner was told: a client’s comment, request for changes or approval, through a review link, on an item the owner created or follows (sent a review link for, or commented on). Newest first, one page at a time: follow `next_cursor` until it is null. `unread` counts all of them, not only the page’s. Notifications are kept 90 days.',
    query: listNotificationsQuerySchema,
    response: { status: 200, schema: notificationPageSchema },
  },
  {
    method: 'post',
    path: '/notifications/read',
    tag: 'Other',
    summary: 'Mark notifications read',
    description: `Marks up to ${MAX_READ_IDS} of the key’s owner’s notifications read, by id. An id that is not one of the owner’s, or one already read, changes nothing; \`marked\` says how many were marked. Answers the unread count left.`,
    request: markReadSchema,
    example: { ids: ['01JD0M8Z3C5W9Y7V6T4R2Q1P0M'] },
    response: { status: 200, schema: markReadReplySchema },
  },
  ...WEBHOOK_ENDPOINTS,
  {
    method: 'get',
    path: '/reviews/{token}',
    tag: 'Content',
    summary: 'Read a review link',
    description: `What a review link’s page shows, without credentials (the token in the link is the only key): the client’s name, the version under review (title, HTML, plain text, \`versionId\`), the item’s thread of comments and decisions, and whether a decision is open. An unknown, revoked or expired link answers \`404\`, all alike. The reply carries an \`ETag\`: send it back in \`If-None-Match\` to get \`304\` while nothing changed (the page asks every 10 seconds).`,
    response: { status: 200, schema: publicReviewSchema },
    notModified: 'Nothing the page shows changed since the reply whose ETag was sent in `If-None-Match`.',
    rateLimited: `More than ${REVIEW_RATE_LIMITS.perToken} requests a minute for this link, or ${REVIEW_RATE_LIMITS.perAddress} from this address.`,
    public: true,
  },
  {
    method: 'post',
    path: '/reviews/{token}/decision',
    tag: 'Content',
    summary: 'Decide on a review link',
    description: `Approve, or request changes with a \`comment\`, on the version the link showed: \`versionId\` is the one \`GET /reviews/{token}\` answered. Each reviewer’s latest decision counts; a request for changes stands until its reviewer approves or a new version comes, and the item is Approved once the review’s rule is met (all of its reviewers, or any one). Answers the item’s status and the decision as stored.`,
    request: reviewDecisionSchema,
    example: { decision: 'approve', versionId: '01JD0M8Z3C5W9Y7V6T4R2Q1P0M' },
    response: { status: 200, schema: publicDecisionReplySchema },
    conflict: `\`stale_version\`: \`versionId\` is not the version the link now shows (the agency changed the text since the page was opened), and nothing was recorded: read the link again and decide on the current version. \`not_in_review\`: the item no longer waits for a decision.`,
    rateLimited: `More than ${REVIEW_RATE_LIMITS.perToken} requests a minute for this link, or ${REVIEW_RATE_LIMITS.perAddress} from this address.`,
    public: true,
  },
  ...CHANNEL_ENDPOINTS,
  {
    method: 'post',
    path: '/mcp',
    tag: 'Other',
    summary: 'MCP server',
    description: `The API as a Model Context Protocol server (Streamable HTTP, stateless, answered in JSON), for AI agents: add \`/api/mcp\` to an MCP client with \`Authorization: Bearer lbm_…\`. Its tools are this API's operations, with the same fields and errors: each generation tool, the tools that answer at once, and ${Object.keys(MCP_OPERATIONS).join(', ')}; its resources are the clients' profiles (\`lbm://clients/{clientId}\`) and their library items. Every call acts with the key's scopes and counts against its rate limit (an MCP request, and each call a tool makes). A generation answers its finished job within ${MCP_GENERATION_WAIT_SECONDS} s, otherwise the job as it stands, for get_job. GET answers \`405\`: the server sends no event stream.`,
    request: mcpMessageSchema,
    example: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    response: { status: 200, schema: mcpReplySchema },
  },
  {
    method: 'get',
    path: '/health',
    tag: 'Other',
    summary: 'Health check',
    description: 'Answers while the service is up. No credentials needed.',
    response: { status: 200, schema: healthSchema },
    public: true,
  },
];
