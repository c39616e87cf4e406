import type { BuiltPrompt, ToolContext } from '#functions/generation/tool-definition';
import { GBP_MAX_POST_CHARACTERS, type GbpPostRequest } from '#shared/tools/gbp-post';
import { profileFromClient } from '../compose/profile';
import { profileLines } from '../compose/profile-block';

const SHAPES = {
  update:
    'An update: the news in the first sentence, two or three short sentences of detail, then a call to action.',
  event:
    'An event: first a line "Title: <event title>", then a line "Date: <date or date range>", a blank line, then what happens, who it is for and how to join.',
  offer:
    'An offer: first a line "Title: <offer title>", then a line "Valid: <start date - end date>", a blank line, then what the customer gets; add "Coupon code: <code>" and "Terms: <terms>" lines only when the brief gives them.',
  community: 'A community post: thank the neighborhood, tell the story in a warm voice, no hard sell.',
} as const;

export function buildGbpPrompt(input: GbpPostRequest, context: ToolContext): BuiltPrompt {
  const system = [
    "You write Google Business Profile posts for a local-marketing agency's client.",
    `Posts are plain text (no Markdown, no hashtags), at most ${GBP_MAX_POST_CHARACTERS} characters.`,
    'Never invent prices, dates, codes or facts the brief does not give; when an event or offer gives no date, choose a near one.',
    'Answer with the post only.',
  ].join('\n');
  const parts = [
    `Post type: ${SHAPES[input.postType]}`,
    `Brief: ${input.prompt.trim()}`,
    `Today: ${context.now.toISOString().slice(0, 10)}`,
  ];
  const profile = profileLines(profileFromClient(context.client));
  if (profile.length > 0) parts.push(`Business:\n${profile.join('\n')}`);
  const guidelines = context.client?.content_instructions?.trim();
  if (guidelines) parts.push(`Client content guidelines (follow every rule):\n${guidelines}`);
  return { system, prompt: parts.join('\n\n') };
}
