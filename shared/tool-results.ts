import { mediaPathField, noticeField, savedContentSchema } from './job-results';
import { podcastVoiceIdSchema } from './models';
import { MAX_INLINE_AUDIO_BYTES, PODCAST_FORMATS } from './tools/podcast';
import * as z from './validation/zod';

/**
 * The tools' results, as the server builds them (their types are the tools' result types) and, for the
 * tools the public API documents, the OpenAPI document describes them. Apart from the request modules, so a
 * route that only validates a request does not carry them.
 */

/** The tool's own result fields (the job adds the engine's: shared/job-results.ts). */
export const newsletterResultSchema = z.object({
  generatedHtml: z.string().check(z.meta({ description: 'The newsletter: HTML with inline styles.' })),
  wordCount: z.number().check(z.int(), z.meta({ description: 'Words of its text.' })),
});
export type NewsletterResult = z.output<typeof newsletterResultSchema>;

/** The tool's own result fields (the job adds the engine's: shared/job-results.ts). */
export const blogRewriteResultSchema = z.object({
  rewrittenContent: z.string().check(z.meta({ description: 'The rewritten post as plain text.' })),
  rewrittenHtml: z.string().check(z.meta({ description: 'The rewritten post as HTML.' })),
  wordCount: z.number().check(z.int(), z.meta({ description: 'Words of its text.' })),
});
export type BlogRewriteResult = z.output<typeof blogRewriteResultSchema>;

/** The tool's own result fields (the job adds the engine's: shared/job-results.ts). */
export const clientContentResultSchema = z.object({
  content: z.string().check(z.meta({ description: 'The post: WordPress-ready HTML.' })),
  title: z.string(),
  wordCount: z.number().check(z.int(), z.meta({ description: 'Words of its text.' })),
});
export type ClientContentResult = z.output<typeof clientContentResultSchema>;

/** The tool's own result fields (the job adds the engine's: shared/job-results.ts). */
export const pressReleaseResultSchema = z.object({
  generatedHtml: z.string().check(z.meta({ description: 'The press release as HTML.' })),
  generatedText: z.string().check(z.meta({ description: 'The press release as plain text.' })),
  wordCount: z.number().check(z.int(), z.meta({ description: 'Words of its text.' })),
});
export type PressReleaseResult = z.output<typeof pressReleaseResultSchema>;

/** The tool's own result fields (the job adds the engine's: shared/job-results.ts). */
export const faqResultSchema = z.object({
  generatedHtml: z.string().check(z.meta({ description: 'The FAQ or how-to guide as HTML.' })),
  generatedSchema: z.string().check(
    z.meta({
      description:
        'Its JSON-LD (schema.org FAQPage or HowTo), pretty-printed, safe to put inside a <script> block.',
    }),
  ),
  wordCount: z.number().check(z.int(), z.meta({ description: 'Words of its text.' })),
});
export type FaqResult = z.output<typeof faqResultSchema>;

/** The result of an image job, as the media worker builds it and the OpenAPI document describes it. */
export const generatedImageResultSchema = z.object({
  url: mediaPathField('image'),
  prompt: z.string(),
  configId: z.string(),
  entities: z.array(z.string()),
  keywords: z.array(z.string()),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
});
export type GeneratedImageResult = z.output<typeof generatedImageResultSchema>;

export const imageFailureSchema = z.object({
  configId: z.string(),
  prompt: z.string(),
  error: z.string().check(z.meta({ description: 'Why this image was not made; the others still were.' })),
});
export type ImageFailure = z.output<typeof imageFailureSchema>;

export const generateImageResultSchema = z.object({
  images: z.array(generatedImageResultSchema),
  failures: z.array(imageFailureSchema),
  provider: z.string().check(z.meta({ description: 'Who drew them: a provider, or `offline`.' })),
  model: z.string(),
  notice: noticeField,
  savedContent: z.optional(savedContentSchema),
});
export type GenerateImageResult = z.output<typeof generateImageResultSchema>;

/** The result of a text-to-speech job, as the media worker builds it and the OpenAPI document says. */
export const textToSpeechResultSchema = z.object({
  audioUrl: mediaPathField('MP3'),
  durationSeconds: z.number(),
  bytes: z.number().check(z.int()),
  audioContent: z.optional(z.string()).check(
    z.meta({
      description: `The MP3 in base64, when asked for with \`includeAudioContent\` and at most ${MAX_INLINE_AUDIO_BYTES} bytes.`,
    }),
  ),
  format: z.enum(PODCAST_FORMATS),
  voice: podcastVoiceIdSchema,
  guestVoice: z.optional(podcastVoiceIdSchema).check(z.meta({ description: 'Conversations only.' })),
  segments: z.number().check(z.int(), z.meta({ description: 'Parts the script was spoken in.' })),
  provider: z.string().check(z.meta({ description: 'Who spoke it: a provider, or `offline`.' })),
});
export type TextToSpeechResult = z.output<typeof textToSpeechResultSchema>;
