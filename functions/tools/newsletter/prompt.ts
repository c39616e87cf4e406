import type { BuiltPrompt, ToolContext } from '#functions/generation/tool-definition';
import type { Client } from '#shared/client';
import { CLIENT_INSTRUCTIONS_HEADING, type NewsletterRequest } from '#shared/tools/newsletter';
import { longDate } from '../compose/dates';
import { profileFromClient } from '../compose/profile';
import { profileLines } from '../compose/profile-block';
import { sourceBlock } from '../compose/source-text';

/**
 * The newsletter's instructions as 000 §7 defines the `prompt`: the user's additional instructions,
 * then 'Additional client-specific instructions:' and the chosen client's newsletter instructions.
 */
export function newsletterInstructions(prompt: string, client: Client | null): string {
  const own = prompt.trim();
  const clientInstructions = client?.newsletter_instructions?.trim() ?? '';
  if (clientInstructions === '') return own;
  const clientPart = `${CLIENT_INSTRUCTIONS_HEADING}\n${clientInstructions}`;
  return own === '' ? clientPart : `${own}\n\n${clientPart}`;
}

function systemPrompt(input: NewsletterRequest): string {
  const header = input.includeHeader
    ? 'Begin with a header section at the top of the newsletter.'
    : 'Do not include a header section; start directly with the content.';
  const title = input.includeTitle
    ? 'Give the newsletter a name and a subheader, and use tasteful color styling (an accent color for the header background, headings and buttons).'
    : 'Do not include a newsletter name or subheader, and do not use color styling: dark text on a white background only.';
  return [
    'You are an expert email newsletter writer for a local-marketing agency.',
    'Write one complete, ready-to-send newsletter as HTML.',
    'Use inline styles only (style attributes). Do not use <style> or <script> elements, classes, external CSS, web fonts or images.',
    'Keep the layout email-safe: a single centered column at most 640px wide, system fonts, readable line height.',
    header,
    title,
    'Structure: a headline, a short introduction, two to four sections with subheadings, a bulleted list of key takeaways and a closing call to action.',
    'When business details are given, use them for the call to action and a short footer; never invent contact details that are not given.',
    'Return only the HTML, starting with the outermost element. No Markdown, no code fences, no commentary.',
  ].join('\n');
}

export function buildNewsletterPrompt(input: NewsletterRequest, context: ToolContext): BuiltPrompt {
  const parts: string[] = [];
  if (input.inputType === 'url' && context.source) {
    parts.push('Write the newsletter from the content of this web page.', sourceBlock(context.source));
  } else if (input.inputType === 'url') {
    parts.push(`Write the newsletter about the web page at ${input.url}.`);
  } else {
    parts.push(`Newsletter topic: ${input.topic.trim()}`);
  }
  const profile = profileLines(profileFromClient(context.client));
  if (profile.length > 0) parts.push(`The newsletter is sent by this business:\n${profile.join('\n')}`);
  parts.push(`Issue date: ${longDate(context.now)}`);
  const instructions = newsletterInstructions(input.prompt, context.client);
  if (instructions !== '') parts.push(`Instructions:\n${instructions}`);
  return { system: systemPrompt(input), prompt: parts.join('\n\n') };
}
