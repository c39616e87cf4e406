import { clientSpendFields } from './budget-schemas';
import { CLIENT_TEXT_FIELDS, type ClientTextField } from './client';
import { clientInputSchema, clientPatchSchema } from './client-input';
import { CLIENT_INSTRUCTION_FIELDS, type InstructionPreviewField, previewFieldOf } from './client-list';
import { listClientsQuerySchema } from './client-list-query';
import { MAX_PREFER_WAIT_SECONDS, type PublicApiTag } from './public-api';
import { blogRewriteRequestSchema } from './tools/blog-rewrite';
import { clientContentRequestSchema } from './tools/client-content';
import { generateImageRequestSchema } from './tools/image-generation';
import { newsletterRequestSchema } from './tools/newsletter';
import { textToSpeechRequestSchema } from './tools/podcast';
import * as z from './validation/zod';

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

export const acceptedJobSchema = z
  .object({
    jobId: z.string().check(z.meta({ description: 'Id of the generation job (a ULID).' })),
    statusUrl: z
      .string()
      .check(z.meta({ description: 'Poll this path with GET until the job has finished.' })),
  })
  .check(z.meta({ description: 'The job was queued; poll `statusUrl`.' }));

const jobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);

/** A job as GET /api/jobs/{jobId} returns it, with the given result shape. */
export function jobSchemaOf<Result extends z.ZodMiniType>(result: Result) {
  return z
    .object({
      id: z.string(),
      jobId: z
        .optional(z.string())
        .check(z.meta({ description: 'Same as `id` (in replies to `Prefer: wait`).' })),
      statusUrl: z.optional(z.string()),
      tool: z.string(),
      status: jobStatusSchema,
      progress: z.number().check(z.gte(0), z.lte(100), z.meta({ description: 'Percent done.' })),
      result: z.nullable(result).check(z.meta({ description: 'Present once `status` is `succeeded`.' })),
      error: z
        .nullable(z.string())
        .check(z.meta({ description: 'Why the job failed, once `status` is `failed`.' })),
      servedBy: z
        .nullable(z.string())
        .check(z.meta({ description: 'The model or provider that served the job.' })),
      savedContentId: z.nullable(z.string()),
      partial: z
        .optional(
          z.nullable(
            z.object({
              attempt: z.number().check(z.int()),
              seq: z.number().check(z.int()),
              text: z.string(),
            }),
          ),
        )
        .check(
          z.meta({
            description:
              'Only with `?include=partial`: the text written so far while the job runs (`seq` numbers the last progress push it includes), else null.',
          }),
        ),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .check(z.meta({ description: 'A generation job.' }));
}

export const newsletterResultSchema = z.object({
  generatedHtml: z.string(),
  wordCount: z.number().check(z.int()),
});
export const blogRewriteResultSchema = z.object({
  rewrittenContent: z.string(),
  rewrittenHtml: z.string(),
  wordCount: z.number().check(z.int()),
});
export const clientContentResultSchema = z.object({
  content: z.string().check(z.meta({ description: 'WordPress-ready HTML.' })),
  title: z.string(),
  wordCount: z.number().check(z.int()),
});

export const imageResultSchema = z.object({
  images: z.array(
    z.object({
      url: z.string().check(z.meta({ description: 'Signed URL of the image.' })),
      prompt: z.string(),
      configId: z.string(),
      entities: z.array(z.string()),
      keywords: z.array(z.string()),
      width: z.number().check(z.int()),
      height: z.number().check(z.int()),
    }),
  ),
  failures: z.array(z.object({ configId: z.string(), prompt: z.string(), error: z.string() })),
  provider: z.string(),
  model: z.string(),
  notice: z.nullable(z.string()),
});
export const textToSpeechResultSchema = z.object({
  audioUrl: z.string().check(z.meta({ description: 'Signed URL of the MP3.' })),
  durationSeconds: z.number(),
  bytes: z.number().check(z.int()),
  audioContent: z
    .optional(z.string())
    .check(
      z.meta({ description: 'Base64 MP3, when asked for with `includeAudioContent` and small enough.' }),
    ),
});

const anyResultSchema = z.record(z.string(), z.unknown());
export const jobSchema = jobSchemaOf(anyResultSchema);

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
        "'Require approval before publishing': when true, content is published or scheduled to WordPress only once a reviewer approved it.",
    }),
  ),
  // Issue 34: the monthly AI budget and what this month cost so far.
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

export const clientPageSchema = z.object({
  clients: z.array(z.union([clientSummarySchema, clientSchema])).check(
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

/** One operation of the public API. */
export interface PublicEndpoint {
  readonly method: 'get' | 'post' | 'patch';
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
  /** A generation job: 202 + polling, or 200 with this result under `Prefer: wait`. */
  readonly jobResult?: z.ZodMiniType;
  /** The direct reply of a non-job endpoint. */
  readonly response?: { readonly status: 200 | 201; readonly schema: z.ZodMiniType };
  readonly public?: boolean;
}

const waitNote = `Answers \`202\` with \`{jobId, statusUrl}\` at once. Send \`Prefer: wait=N\` (N ≤ ${MAX_PREFER_WAIT_SECONDS}) to get \`200\` with the finished job if it finishes within N seconds.`;

export const PUBLIC_ENDPOINTS: readonly PublicEndpoint[] = [
  {
    method: 'post',
    path: '/generate-content',
    tag: 'Content',
    summary: 'Generate client content',
    description: `An SEO blog post of 1000-1500 words for a client's website. ${waitNote}`,
    request: clientContentRequestSchema,
    example: { clientUrl: 'https://example.com', topic: 'Spring lawn care tips', model: 'gpt-4o-mini' },
    jobResult: clientContentResultSchema,
  },
  {
    method: 'post',
    path: '/rewrite-blog',
    tag: 'Content',
    summary: 'Rewrite a blog post',
    description: `Rewrites the post at \`url\` (or \`prompt\`, the same URL) with a copywriting framework. ${waitNote}`,
    request: blogRewriteRequestSchema,
    example: { prompt: 'https://example.com/blog/post', model: 'gpt-4o-mini', framework: 'aida' },
    jobResult: blogRewriteResultSchema,
  },
  {
    method: 'post',
    path: '/generate-newsletter',
    tag: 'Content',
    summary: 'Generate a newsletter',
    description: `A styled HTML newsletter on a topic. ${waitNote}`,
    request: newsletterRequestSchema,
    example: { topic: 'Weekly tech updates', model: 'gpt-4o-mini', includeHeader: true },
    jobResult: newsletterResultSchema,
  },
  {
    method: 'post',
    path: '/generate-image',
    tag: 'Images',
    summary: 'Generate images',
    description: `Images for a prompt (or a list of configurations). ${waitNote}`,
    request: generateImageRequestSchema,
    example: {
      prompt: 'A friendly plumber fixing a kitchen sink',
      model: 'gpt-image-1',
      size: '1024x1024',
      quality: 'high',
    },
    jobResult: imageResultSchema,
  },
  {
    method: 'get',
    path: '/clients',
    tag: 'Clients',
    summary: 'List clients',
    description:
      'The clients the key’s owner can see, newest first, one page at a time: follow `next_cursor` until it is null. Each client comes as its card shows it (instructions as 200-character previews) unless `fields` asks for more: `fields=full` gives the whole profiles.',
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
    method: 'post',
    path: '/text-to-speech',
    tag: 'Other',
    summary: 'Text to speech',
    description: `An MP3 of the text read by one of ten voices. ${waitNote}`,
    request: textToSpeechRequestSchema,
    example: { text: 'Welcome to this week’s home maintenance tips.', voice: 'alloy' },
    jobResult: textToSpeechResultSchema,
  },
  {
    method: 'get',
    path: '/jobs/{jobId}',
    tag: 'Other',
    summary: 'Get a job',
    description:
      'Poll a generation job until `status` is `succeeded` (then `result` holds the response fields) or `failed` (then `error` says why). Add `?include=partial` for the text written so far (`partial`). Only the job’s owner sees it.',
    response: { status: 200, schema: jobSchema },
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
