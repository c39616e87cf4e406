import { DEFAULT_TEXT_MODEL_ID, languageModelIdSchema } from '../models';
import { isValidTimeZone } from '../saved-title';
import * as z from '../validation/zod';
import type { ToolId } from './catalog';

/**
 * Request fields and messages every content tool shares. The tool schemas in this folder are parsed
 * by the browser forms and again by the server, so a rule written here holds on both sides.
 */

/** A toast: bold title, optional description. */
export interface ToastText {
  readonly title: string;
  readonly description?: string;
}

/** Toast texts shared by the content tools (001 §8, 000 §8). */
export const TOOL_MESSAGES = {
  generationFailed: {
    title: 'Generation Failed',
    description: 'Failed to generate content. Please try again.',
  },
  noContent: 'No content generated',
  saveFailed: { title: 'Error', description: 'Failed to save content to client profile' },
  clientNotFound: 'Selected client not found',
  copyFailed: 'Failed to copy content',
  /** 001 §8's generic load failures ('Error' with the service message, or these). */
  fetchClientsFailed: 'Failed to fetch clients',
  fetchContentFailed: 'Failed to fetch client content',
  copied: { title: 'Copied!', description: 'Content copied to clipboard' },
  downloaded: 'Downloaded!',
  downloadStarted: 'Download Started',
  /** 'Newsletter saved to {client}'s profile' (000 §8); the other tools name their own output. */
  savedToClient: (what: string, clientName: string): ToastText => ({
    title: 'Saved to Client',
    description: `${what} saved to ${clientName}'s profile`,
  }),
  selectClient: {
    title: 'Select a client',
    description: 'Choose a client to save this content to their profile.',
  },
} as const;

const MAX_SHORT_TEXT = 2_000;
export const MAX_INSTRUCTIONS = 20_000;
/**
 * The AI model; the first of the text list when absent (000 §9). These endpoints also serve the
 * Multi-Platform Creator, whose list has models the text list lacks, so any registry model is accepted.
 */
export const modelField = z._default(languageModelIdSchema, DEFAULT_TEXT_MODEL_ID);

export const textField = (max = MAX_SHORT_TEXT) => z._default(z.string().check(z.maxLength(max)), '');
export const instructionsField = () => z._default(z.string().check(z.maxLength(MAX_INSTRUCTIONS)), '');

/**
 * Client selection and the "save to client profile" switch. `clientId` may arrive as null or '' from a
 * cleared select; both mean none. `timeZone` is the viewer's IANA zone, used for the saved title's date.
 */
export const clientFields = {
  clientId: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(100))),
    z.transform((value) => (value ? value : undefined)),
  ),
  saveToClient: z._default(z.boolean(), false),
  timeZone: z
    .optional(z.string().check(z.maxLength(100)))
    .check(z.refine((value) => value === undefined || isValidTimeZone(value), 'Unknown time zone')),
};

interface IssueSink {
  addIssue(issue: { code: 'custom'; message: string; path: (string | number)[] }): void;
}

/** Adds an issue at `field` unless the rule holds; the message is the spec's wording. */
export function requireThat(ctx: IssueSink, holds: boolean, field: string, message: string): void {
  if (!holds) ctx.addIssue({ code: 'custom', message, path: [field] });
}

/** Saving to a profile needs a chosen client. */
export function requireClientForSave(
  ctx: IssueSink,
  value: { saveToClient: boolean; clientId?: string | undefined },
  message: string,
): void {
  requireThat(ctx, !value.saveToClient || value.clientId !== undefined, 'clientId', message);
}

/** The first issue's message, for a toast: zod lists them in field order. */
export function firstIssueMessage(error: z.core.$ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

/**
 * What a tool's generation route needs of it (functions/generation/create-job-handler.ts): its job kind,
 * its request schema, the client a request names (access is checked before the job is queued) and the
 * job's estimate in micro-dollars, counted against that client's budget. Browser-safe, beside
 * the request schema, so the route's bundle holds neither prompts nor parsers; the worker's definition
 * (functions/tools/<tool>/definition.ts) spreads it.
 */
export interface ToolJob<Input> {
  readonly name: ToolId;
  readonly requestSchema: z.ZodMiniType<Input>;
  clientId(input: Input): string | null;
  estimateMicroUsd(input: Input): number;
  /**
   * The web pages the job will read: a private or local address among them is refused at entry, with the
   * 400 POST /api/fetch-content gives, rather than queued to fail (docs/architecture.md, "Security").
   */
  sourceUrls?(input: Input): readonly string[];
}

/**
 * The Blog Rewriter's frameworks (001 §2), which a multi-platform run's blog rewrite takes too: here, so
 * that the multi-platform request does not load the rewriter's module and its estimate's price table.
 */
export const BLOG_FRAMEWORKS = ['original', 'storybrand', 'aida', 'pas'] as const;
export type BlogFramework = (typeof BLOG_FRAMEWORKS)[number];
