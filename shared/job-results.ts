import * as z from './validation/zod';

/**
 * What a finished generation job's `result` holds besides its tool's own fields, as the engine builds
 * it (functions/generation/run-job.ts, functions/media/media-job.ts), and the OpenAPI document describes
 * with these same schemas (shared/public-api-schemas.ts), so the two cannot drift.
 */

export const savedContentSchema = z
  .object({
    id: z.string().check(z.meta({ description: 'Id of the library item the result was saved as.' })),
    clientId: z.string(),
    clientName: z.string(),
  })
  .check(z.meta({ description: 'Present when the request asked to save the result to a client.' }));

export type SavedContentRef = z.output<typeof savedContentSchema>;

const providerField = z
  .string()
  .check(z.meta({ description: 'Who wrote it: a provider (`openai`, `anthropic`, …) or `offline`.' }));

/**
 * The offline draft's notice: set when the model's provider has no key configured (or failed) and the
 * deterministic offline composer served the job instead; null when the model itself answered.
 */
export const noticeField = z.nullable(z.string()).check(
  z.meta({
    description:
      'Set when the result is an offline draft (the model was not reachable): says why, in words to show a reader. Null when the model answered.',
  }),
);

/** The fields the text-job engine adds to every text tool's result. */
export const textJobFields = {
  provider: providerField,
  model: z.string().check(z.meta({ description: 'The model the request asked for.' })),
  notice: noticeField,
  offlineNotes: z.optional(z.array(z.string())).check(
    z.meta({
      description:
        'Offline drafts only: what the draft could not do from the inputs alone, one note each (also in `notice`).',
    }),
  ),
  savedContent: z.optional(savedContentSchema),
};

/** A text tool's result as the job carries it: the tool's fields and the engine's. */
export function textJobResultOf<Shape extends z.core.$ZodLooseShape>(tool: z.ZodMiniObject<Shape>) {
  return z.extend(tool, textJobFields);
}

export type TextJobFields = z.output<z.ZodMiniObject<typeof textJobFields>>;

/**
 * A media path (`/api/media/…`) is fetched with the caller's own Authorization header (an API key or a
 * sign-in token), which answers with a redirect to a short-lived download link, or signed for a page's
 * `<img>` with POST /api/media/sign.
 */
export const mediaPathField = (what: string) =>
  z.string().check(
    z.meta({
      description: `Path of the ${what} under the API's origin (/api/media/…): GET it with your Authorization header, which answers 302 to a download link good for a few minutes (add \`?download=name\` to save it under that name), or sign it with POST /media/sign for use in a web page.`,
    }),
  );
