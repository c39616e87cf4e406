import { backgroundFunctions } from '#contract/routes';
import type { LambdaBundle, LambdaEntry } from './lambda-bundles';

/**
 * Size budgets of what a function's cold start loads (the entry file and the chunks it imports
 * statically, minified; bench/lambda-bundles.ts): an HTTP handler at most 400 KB, a job route (one
 * that starts a generation job) at most 450 KB, a page-reading route (one whose code reaches the
 * readability extractor) at most 700 KB, each worker at most 1.2 MB. A job route pays SQS, the budget
 * check and the client-access query on every request, which no honest lever takes out of 400 KB
 * (docs/decisions.md, "Bundles within budget, and the ones that cannot be"); its own class means a new
 * tool's handler needs no ceiling of its own (docs/adding-a-tool.md). 455 KB since every job route also
 * answers `Prefer: wait`, hashes its body for `Idempotency-Key` and refuses a private source page at entry
 * (the two shared job routes measured 453 KB). 458 KB since API keys have scopes: the route table names
 * each route's scope and the wrapper checks it, about 2-3 KB in every function (the shared job routes
 * measured 457 KB). 460 KB since the image tools take an upload's key: the social tools' request
 * schemas carry the image-source checks (the shared job routes measured 459 KB).
 */
export const HTTP_HANDLER_BUDGET_BYTES = 400 * 1024;
export const JOB_ROUTE_BUDGET_BYTES = 460 * 1024;
export const PAGE_READING_BUDGET_BYTES = 700 * 1024;
export const WORKER_BUDGET_BYTES = 1200 * 1024;

const PAGE_READER = 'functions/commons/extract-readable.ts';
/** The two job-route factories: a function whose code reaches either starts jobs. */
const JOB_ROUTE_FACTORIES = [
  'functions/generation/create-job-handler.ts',
  'functions/media/create-media-job-handler.ts',
] as const;
const WORKERS: ReadonlySet<string> = new Set([backgroundFunctions.worker, backgroundFunctions.mediaWorker]);

/**
 * Handlers over their budget (400 KB, or 450 KB for a job route), each held to a ceiling 1 KB above its measured size so it cannot
 * grow unnoticed, with what it carries beside the floor every table-reading handler pays (the DynamoDB
 * client, lib-dynamodb, dynamodb-toolbox's actions, zod/mini and the HTTP wrapper: about 345 KB before
 * any route's own code; the notification entities added about 1 KB to every one, and the webhook events'
 * entry, whose fan-out loads on the first event, 1 to 5 KB to the functions that raise one: the same modules
 * load at the cold start, but esbuild names across chunks what they share with the lazy fan-out). docs/decisions.md ("Bundles within budget, and the ones that cannot be") gives
 * the figures and why no honest lever is left for each. A ceiling a handler no longer needs fails the
 * test, so the list only shrinks.
 */
export const OVER_BUDGET: Readonly<Record<string, { readonly ceilingKb: number; readonly carries: string }>> =
  {
    'functions/media/signing-routes.ts': {
      ceilingKb: 444,
      carries:
        'the media token secret (Secrets Manager) and the client-access check; over 400 KB by the HTTP wrapper’s RateLimit fields, request id and 415 (about 1 KB in every function), the API key scopes’ check (about 3 KB) and the presigned uploads: S3’s client and the POST signer load with the first upload, but esbuild puts what they share with the Secrets Manager client (the SDK core, ~37 KB) in chunks the cold start loads',
    },
    'functions/tools/resize-image/handler.ts': {
      ceilingKb: 574,
      carries:
        'S3 on every request (reads the source, stores the result): ~136 KB with its protocol, the budget check',
    },
    'functions/media/get-media.ts': {
      ceilingKb: 562,
      carries:
        'S3 and its presigner on every request (the presigned read), the media URL secret, the usage and batch entities, the statement link entities, the tool catalog’s routes',
    },
    'functions/wordpress/upload-media.ts': {
      ceilingKb: 527,
      carries:
        'KMS (the site password), file-type (the magic-byte check), the safe fetcher, WebSocket posts, the usage and batch entities',
    },
    'functions/wordpress/routes.ts': {
      ceilingKb: 516,
      carries:
        'KMS and the safe fetcher on every route, the sanitizer to publish, WebSocket posts, the usage and batch entities, the notification entities',
    },
    'functions/content/save-routes.ts': {
      ceilingKb: 473,
      carries:
        'the sanitizer (js-xss, every save), WebSocket posts, reviews after a new version, the usage and batch entities, the statement link entities, the review notices’ entry, several reviewers’ rule after a new version, the tool catalog’s routes',
    },
    'functions/clients/routes.ts': {
      ceilingKb: 457,
      carries:
        'WebSocket posts, the trash (snapshots of content, grants and history), the client month spend in the agency zone, the Idempotency-Key check of a create (its store loads with the first key)',
    },
    'functions/reviews/routes.ts': {
      ceilingKb: 456,
      carries:
        'WebSocket posts, links, comments, decisions, the usage and batch entities, the notifications’ routes and store (their delivery and SES load on the first event), the approval steps’ record and override, several reviewers and their rule, the page poll’s ETag, the Idempotency-Key check of a link (its store and the sealed replies’ KMS load with the first key)',
    },
    'functions/tools/analyze-image/handler.ts': {
      ceilingKb: 448,
      carries:
        'Secrets Manager (provider keys), WebSocket posts, the budget check, the review links’ request and rule attributes; an uploaded image’s S3 read loads with the first upload, but what S3’s client shares with Secrets Manager’s (~19 KB) is in chunks the cold start loads',
    },
    'functions/content/routes.ts': {
      ceilingKb: 429,
      carries:
        'versions, trash, due dates, list filters, the usage and batch entities, the statement link and settings entities',
    },
    'functions/usage/routes.ts': {
      ceilingKb: 413,
      carries:
        'the client and provider filters, the agency time zone read and its edge days, the tool catalog’s routes and labels',
    },
    // Every put of a content item stores its summary (shared/content-summary.ts: preview, word
    // count, thumbnails, WordPress link), computed in the entity, so each table-reading function carries it.
    'functions/access/routes.ts': {
      ceilingKb: 412,
      carries:
        'WebSocket posts (a grant reaches the grantee live), the content entity and its summary, the review links’ request and rule attributes, the entities’ comment anchor and branding fields, the channel entities’ schemas',
    },
    'functions/social/routes.ts': {
      ceilingKb: 544,
      carries:
        'KMS (every connection’s tokens are sealed or opened), Secrets Manager (the platforms’ app credentials, read by every route), arctic’s OAuth client, the five platform adapters, WebSocket posts (connects and posts are activities), the content store (a post’s item status); S3 and the image sizer load with the first post that carries an image, twitter-text with the first post made',
    },
    'functions/batches/routes.ts': {
      ceilingKb: 518,
      carries:
        'SQS (~24 KB), the request schema of every batchable tool, the price table, the budget check, the statement link entities, the dry run and row results, the Idempotency-Key check of a create (its store loads with the first key)',
    },
    'functions/statements/routes.ts': {
      ceilingKb: 453,
      carries:
        'WebSocket posts (links and markup are activities), the client, library and usage reads of a statement, the agency settings, the review links’ rate budgets, the review service’s notices entry (through the link origin), the tool catalog’s routes and labels; the CSV writer loads on first use',
    },
  };

/** A function's budget, or undefined for the WebSocket and background functions other than the workers. */
export function budgetFor(entry: LambdaEntry, bundle: LambdaBundle): number | undefined {
  if (WORKERS.has(entry.entry)) return WORKER_BUDGET_BYTES;
  if (entry.kind !== 'http') return undefined;
  const inputs = Object.keys(bundle.inputs);
  if (inputs.some((path) => path.endsWith(PAGE_READER))) return PAGE_READING_BUDGET_BYTES;
  const startsJobs = inputs.some((path) => JOB_ROUTE_FACTORIES.some((factory) => path.endsWith(factory)));
  return startsJobs ? JOB_ROUTE_BUDGET_BYTES : HTTP_HANDLER_BUDGET_BYTES;
}
