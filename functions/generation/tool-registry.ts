import type { ToolDefinition } from './tool-definition';

/**
 * Every tool the worker can run, by job kind. The worker is one Lambda for all tools, so this is the
 * one place a new tool is registered (besides its route in infra/routes.ts). Each tool (its schemas,
 * prompt builder and result parser) loads on its first job, so a cold worker pays for the tool its job
 * needs, not for all seven (issue 15); the media worker's tools load the same way (media-tools.ts).
 */
/** Methods are bivariant in their parameters, so every concrete tool fits this widened type. */
export type RegisteredTool = ToolDefinition<unknown, Record<string, unknown>>;

const loaders: Readonly<Record<string, () => Promise<RegisteredTool>>> = {
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

export async function findTool(name: string): Promise<RegisteredTool | undefined> {
  const load = Object.hasOwn(loaders, name) ? loaders[name] : undefined;
  return load ? load() : undefined;
}
