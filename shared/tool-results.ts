import { mediaPathField, noticeField, savedContentSchema } from './job-results';
import { podcastVoiceIdSchema } from './models';
import { SOCIAL_PLATFORM_IDS } from './platforms';
import { MULTI_PLATFORM_TYPES } from './tools/multi-platform';
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
        'Its JSON-LD (schema.org FAQPage or HowTo), pretty-printed, safe to put inside a page’s JSON-LD script element.',
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

const platformRecord = <Value extends z.ZodMiniType>(value: Value) =>
  z.partialRecord(z.enum(SOCIAL_PLATFORM_IDS), value);

/** The tool's own result fields (the job adds the engine's: shared/job-results.ts). */
export const socialContentResultSchema = z.object({
  content: platformRecord(z.string()).check(z.meta({ description: 'Each requested platform’s post.' })),
  targets: platformRecord(z.number().check(z.int())).check(
    z.meta({ description: 'Each platform’s target length in characters.' }),
  ),
  onTopic: platformRecord(z.boolean()).check(
    z.meta({ description: 'Whether each post speaks to the brief (the screen’s ‘On Target’ badge).' }),
  ),
});
export type SocialContentResult = z.output<typeof socialContentResultSchema>;

/** The tool's own result fields (the job adds the engine's: shared/job-results.ts). */
export const gbpPostResultSchema = z.object({
  generatedPost: z.string().check(z.meta({ description: 'The post’s text, at most 1,500 characters.' })),
  title: z.nullable(z.string()).check(
    z.meta({
      description: 'Event and offer posts: the title Google shows above the text; null otherwise.',
    }),
  ),
});
export type GbpPostResult = z.output<typeof gbpPostResultSchema>;

/** One image at one size (the GBP and social images), as the media worker builds it. */
export const sizedImageResultSchema = z.object({
  imageUrl: mediaPathField('PNG image'),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
  provider: z.string().check(z.meta({ description: 'Who drew it: a provider, or `offline`.' })),
  notice: noticeField,
});
export type SizedImageResult = z.output<typeof sizedImageResultSchema>;

/** One generated item of a Multi-Platform run (001 §3), with its saved item's id when it was saved. */
export const multiPlatformItemSchema = z.object({
  type: z.enum(MULTI_PLATFORM_TYPES),
  platform: z.optional(z.enum(SOCIAL_PLATFORM_IDS)).check(z.meta({ description: 'Social posts only.' })),
  content: z.string(),
  html: z.optional(z.string()).check(z.meta({ description: 'The HTML of the types that have it.' })),
  success: z.boolean(),
  error: z.optional(z.string()).check(z.meta({ description: 'Why this item failed; the others still ran.' })),
  savedContentId: z.optional(z.string()),
});
export type MultiPlatformItem = z.output<typeof multiPlatformItemSchema>;

export const multiPlatformResultSchema = z.object({ items: z.array(multiPlatformItemSchema) });
export type MultiPlatformResult = z.output<typeof multiPlatformResultSchema>;

/** POST /api/resize-image's reply. */
export const resizeImageResultSchema = z.object({
  imageUrl: mediaPathField('PNG image'),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
});
export type ResizeImageResult = z.output<typeof resizeImageResultSchema>;
/** An image at its size, whichever tool made it: what a screen shows of it. */
export type ImageAtSize = ResizeImageResult;

/** POST /api/analyze-image's reply (001 §7). */
export const imageAnalysisSchema = z.object({
  description: z.string(),
  entities: z.array(z.string()),
  keywords: z.array(z.string()),
  style: z.string(),
  raw_json: z
    .record(z.string(), z.unknown())
    .check(z.meta({ description: 'Everything the analysis measured or the model answered.' })),
});
export type ImageAnalysis = z.output<typeof imageAnalysisSchema>;

/** POST /api/fetch-content's reply: the page's readable text. */
export const fetchContentResultSchema = z.object({ content: z.string(), title: z.string() });
export type FetchContentResponse = z.output<typeof fetchContentResultSchema>;
