import type { ContentType } from '../content';

/**
 * Every generation tool, described once here and in tool-screens.ts (docs/adding-a-tool.md): the lists
 * that enumerate tools (the job kinds, the route table's generation routes and grants, the workers'
 * registries, the estimates, the usage labels, the saved titles and types, the signed-in screens and the
 * sidebar, the public API's jobs and endpoints) are derived from it, and those keyed by tool are mapped types over its
 * ids, so a tool with a missing piece fails to compile. Plain data on purpose: a request or result
 * schema lives in the tool's own module (shared/tools/<tool>.ts). Four records keyed by tool, not one,
 * because each goes into different bundles: `TOOL_ROUTES` into every HTTP function (the route table),
 * `TOOLS` into the usage reports, `TOOL_SAVES` into the tools that save, and the screens
 * (`TOOL_SCREENS`, in tool-screens.ts, a module of its own since the browser's first load carries
 * whichever module it is in) into the browser; a bundle carries only the records it reads
 * (docs/decisions.md, "One description per tool").
 */

/** The functions that serve several tools' routes (contract/routes.ts); any other tool has its own. */
export type SharedToolFunction = 'GbpPost' | 'SocialContent';

export interface ToolRoute {
  readonly id: string;
  readonly path: string;
  readonly sharedFunction?: SharedToolFunction;
}

export interface ToolDescriptor {
  /** What the usage page and the statements call its jobs. */
  readonly label: string;
  /** Which worker runs its jobs: the text worker (functions/worker/) or the media worker (functions/media/). */
  readonly engine: 'text' | 'media';
}

/** In the order of the job kinds the OpenAPI document lists. */
export const TOOLS = {
  newsletter: { label: 'Newsletter', engine: 'text' },
  'press-release': { label: 'Press Release', engine: 'text' },
  'blog-rewrite': { label: 'Blog Rewriter', engine: 'text' },
  faq: { label: 'FAQ', engine: 'text' },
  'client-content': { label: 'Client Content', engine: 'text' },
  'social-content': { label: 'Social Content', engine: 'text' },
  'gbp-post': { label: 'GBP Post', engine: 'text' },
  'image-generation': { label: 'Image Generation', engine: 'media' },
  'text-to-speech': { label: 'Create Podcast', engine: 'media' },
  // The GBP and social images run in the media worker, behind their post's screen.
  'gbp-image': { label: 'GBP Image', engine: 'media' },
  'social-image': { label: 'Social Image', engine: 'media' },
  // One run of the Multi-Platform Creator: the media worker runs its child jobs of the text tools.
  'multi-platform': { label: 'Multi-Platform Creator', engine: 'media' },
} as const satisfies Readonly<Record<string, ToolDescriptor>>;

type Tools = typeof TOOLS;

/** A job kind (a job's `tool`), also the tool's folder under functions/tools/. */
export type ToolId = keyof Tools;
// Pure, so that a bundle which reads none of the catalog (one importing generation-jobs.ts for its
// limits) drops it: esbuild and Rollup keep a top-level call otherwise.
export const TOOL_IDS = /* @__PURE__ */ Object.keys(TOOLS) as ToolId[];

/**
 * Each tool's generation route: POST /api/<path>, with an API key or a sign-in, served by the function
 * of its handler `functions/tools/<tool>/handler.ts`, or by one that serves several tools. Apart from
 * `TOOLS` because every HTTP function carries the route table (http-wrap.ts) and so this record.
 */
export const TOOL_ROUTES = {
  newsletter: { id: 'GenerateNewsletter', path: 'generate-newsletter' },
  'press-release': { id: 'GeneratePressRelease', path: 'generate-press-release' },
  'blog-rewrite': { id: 'RewriteBlog', path: 'rewrite-blog' },
  faq: { id: 'GenerateFaq', path: 'generate-faq' },
  'client-content': { id: 'GenerateClientContent', path: 'generate-client-content' },
  'social-content': {
    id: 'GenerateSocialContent',
    path: 'generate-social-content',
    sharedFunction: 'SocialContent',
  },
  'gbp-post': { id: 'GenerateGbpPost', path: 'generate-gbp-post', sharedFunction: 'GbpPost' },
  'image-generation': { id: 'GenerateImage', path: 'generate-image' },
  'text-to-speech': { id: 'TextToSpeech', path: 'text-to-speech' },
  'gbp-image': { id: 'GenerateGbpImage', path: 'generate-gbp-image', sharedFunction: 'GbpPost' },
  'social-image': {
    id: 'GenerateSocialImage',
    path: 'generate-social-image',
    sharedFunction: 'SocialContent',
  },
  'multi-platform': { id: 'GenerateMultiPlatform', path: 'generate-multi-platform' },
} as const satisfies { readonly [K in ToolId]: ToolRoute };

/** A tool's generation route as the browser and the route table call it: `/api/<path>`. */
export const toolEndpoint = (tool: ToolId): string => `/api/${TOOL_ROUTES[tool].path}`;

/** Each tool with its route, without reading `TOOLS` (which the route table has no use for). */
export const TOOL_ROUTE_ENTRIES = /* @__PURE__ */ Object.entries(TOOL_ROUTES) as [ToolId, ToolRoute][];

/** The job kinds each worker runs. */
export type TextToolId = { [K in ToolId]: Tools[K]['engine'] extends 'text' ? K : never }[ToolId];
export type MediaToolId = Exclude<ToolId, TextToolId>;

export const isToolId = (value: string): value is ToolId => Object.hasOwn(TOOLS, value);

export const toolsOf = (engine: ToolDescriptor['engine']): ToolId[] =>
  TOOL_IDS.filter((tool) => TOOLS[tool].engine === engine);

/** What a tool saves to a client's library, by kind: the title's type word (001 §9) and the stored type. */
export type ToolSaves = Readonly<
  Record<string, { readonly label: string; readonly contentType: ContentType }>
>;

/**
 * What each tool saves: blog rewrite saves as 'blog'; press release, newsletter and FAQ / how-to keep
 * their own types; everything else saves as 'client_content' (001 §9), generated images included (issue
 * 11: they are `client_content` items carrying the §3 image metadata). The FAQ tool saves an FAQ or a
 * how-to guide.
 */
export const TOOL_SAVES = {
  newsletter: { newsletter: { label: 'Newsletter', contentType: 'newsletter' } },
  'press-release': { 'press-release': { label: 'Press Release', contentType: 'press_release' } },
  'blog-rewrite': { 'blog-rewrite': { label: 'Blog Rewrite', contentType: 'blog' } },
  faq: {
    faq: { label: 'FAQ', contentType: 'faq' },
    howto: { label: 'How To Guide', contentType: 'howto' },
  },
  'client-content': { 'client-content': { label: 'Client Content', contentType: 'client_content' } },
  'social-content': { social: { label: 'Social Content', contentType: 'client_content' } },
  'gbp-post': { 'gbp-post': { label: 'GBP Post', contentType: 'client_content' } },
  'image-generation': { image: { label: 'Images', contentType: 'client_content' } },
  'text-to-speech': {},
  'gbp-image': {},
  'social-image': {},
  'multi-platform': { 'multi-platform': { label: 'Multi-Platform Content', contentType: 'client_content' } },
} as const satisfies { readonly [K in ToolId]: ToolSaves };

/** Every kind of output a tool saves (the title's type word and the saved type follow from it). */
export type SavableKind = { [K in ToolId]: keyof (typeof TOOL_SAVES)[K] }[ToolId];
