import { blogRewriteTool } from '#functions/tools/blog-rewrite/definition';
import { clientContentTool } from '#functions/tools/client-content/definition';
import { faqTool } from '#functions/tools/faq/definition';
import { gbpPostTool } from '#functions/tools/gbp-post/definition';
import { newsletterTool } from '#functions/tools/newsletter/definition';
import { pressReleaseTool } from '#functions/tools/press-release/definition';
import { socialContentTool } from '#functions/tools/social-content/definition';
import type { ToolDefinition } from './tool-definition';

/**
 * Every tool the worker can run, by job kind. The worker is one Lambda for all tools, so this is the
 * one place a new tool is registered (besides its route in infra/routes.ts).
 */
/** Methods are bivariant in their parameters, so every concrete tool fits this widened type. */
export type RegisteredTool = ToolDefinition<unknown, Record<string, unknown>>;

const tools: readonly RegisteredTool[] = [
  newsletterTool,
  pressReleaseTool,
  blogRewriteTool,
  faqTool,
  clientContentTool,
  socialContentTool,
  gbpPostTool,
];

const byName = new Map(tools.map((tool) => [tool.name, tool]));

export function findTool(name: string): RegisteredTool | undefined {
  return byName.get(name);
}
