import type { TextToolId } from '#shared/tools/catalog';
import type { ToolDefinition } from './tool-definition';

/**
 * Every tool the text worker can run, by job kind (the text tools of shared/tools/catalog.ts: the
 * record's type makes a missing one a compile error). Each tool (its schemas, prompt builder and result
 * parser) loads on its first job, so a cold worker pays for the tool its job needs, not for all seven
 * (docs/decisions.md, "Decoded items, lazy tools and entities"); the media worker's tools load the same
 * way (media-tools.ts).
 */
/** Methods are bivariant in their parameters, so every concrete tool fits this widened type. */
export type RegisteredTool = ToolDefinition<unknown, Record<string, unknown>>;

const loaders: { readonly [K in TextToolId]: () => Promise<RegisteredTool> } = {
  newsletter: async () => (await import('#functions/tools/newsletter/definition')).newsletterTool,
  'press-release': async () => (await import('#functions/tools/press-release/definition')).pressReleaseTool,
  'blog-rewrite': async () => (await import('#functions/tools/blog-rewrite/definition')).blogRewriteTool,
  faq: async () => (await import('#functions/tools/faq/definition')).faqTool,
  'client-content': async () =>
    (await import('#functions/tools/client-content/definition')).clientContentTool,
  'social-content': async () =>
    (await import('#functions/tools/social-content/definition')).socialContentTool,
  'gbp-post': async () => (await import('#functions/tools/gbp-post/definition')).gbpPostTool,
};

/** The job kinds the text worker runs. */
export const TEXT_TOOL_NAMES: readonly string[] = Object.keys(loaders);

const isTextTool = (name: string): name is TextToolId => Object.hasOwn(loaders, name);

export async function findTool(name: string): Promise<RegisteredTool | undefined> {
  return isTextTool(name) ? loaders[name]() : undefined;
}
