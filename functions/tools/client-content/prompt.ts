import type { BuiltPrompt, ToolContext } from '#functions/generation/tool-definition';
import { type Client, DEFAULT_CONTENT_INSTRUCTIONS } from '#shared/client';
import type { ClientContentRequest } from '#shared/tools/client-content';
import { profileFromClient } from '../compose/profile';
import { profileLines } from '../compose/profile-block';
import { sourceBlock } from '../compose/source-text';
import { contactPageUrl } from './site-facts';

/** The content creation instructions: edited in the tool, else the client's, else the default (000 §3). */
export function contentInstructions(input: ClientContentRequest, client: Client | null): string {
  const edited = input.instructions?.trim();
  if (edited) return edited;
  return client?.content_instructions?.trim() || DEFAULT_CONTENT_INSTRUCTIONS;
}

const SYSTEM = [
  "You are an SEO content writer for a local-marketing agency, writing blog posts for a client's own website.",
  "Follow the content creation instructions you are given. Base the post on what the client's website says about the business; never invent facts, prices, awards or statistics it does not state.",
  'Never name or link to any business other than the client.',
  'Word every call to action as "Contact us" and link it to the contact page URL you are given.',
  'Answer with the post as WordPress-ready HTML: first the post title in one <h1>, then the body using <h2>/<h3> headings, <p>, <ul>/<ol>/<li>, <strong>, <em> and <a>. No <html>, <head> or <body>, no styles or scripts, no Markdown, no code fences, no commentary.',
].join('\n');

export function buildClientContentPrompt(input: ClientContentRequest, context: ToolContext): BuiltPrompt {
  const siteText = context.source?.text ?? '';
  const parts = [`Topic: ${input.topic.trim()}`, `Client website: ${input.clientUrl}`];
  parts.push(`Contact page URL for every "Contact us" link: ${contactPageUrl(input.clientUrl, siteText)}`);
  const profile = profileLines(profileFromClient(context.client));
  if (profile.length > 0) parts.push(`Client profile:\n${profile.join('\n')}`);
  if (context.source) parts.push("What the client's website says:", sourceBlock(context.source));
  parts.push(`Content creation instructions:\n${contentInstructions(input, context.client)}`);
  if (input.prompt.trim() !== '') parts.push(`Additional instructions:\n${input.prompt.trim()}`);
  return { system: SYSTEM, prompt: parts.join('\n\n') };
}
