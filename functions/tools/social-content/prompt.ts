import type { BuiltPrompt, ToolContext } from '#functions/generation/tool-definition';
import { SOCIAL_PLATFORMS, targetCharacters } from '#shared/platforms';
import { levelOf, type SocialContentRequest } from '#shared/tools/social-content';
import { profileFromClient } from '../compose/profile';
import { profileLines } from '../compose/profile-block';

const SYSTEM = [
  'You are a social media copywriter for a local-marketing agency, writing posts for one of its clients.',
  'Write one post per platform you are asked for, each as close as you can to its target length in characters and never over the maximum. On X every link counts as 23 characters.',
  'Use the tone you are given. Add hashtags and a call to action only when asked to. Never invent prices, dates or facts that the brief does not give.',
  'Answer with one JSON object only, mapping each platform id (facebook, instagram, linkedin, twitter) to its post text. No Markdown, no code fences, no commentary.',
].join('\n');

export function buildSocialPrompt(input: SocialContentRequest, context: ToolContext): BuiltPrompt {
  const parts = [`Brief: ${input.prompt.trim()}`, `Tone: ${input.tone}`];
  parts.push(`Hashtags: ${input.includeHashtags ? 'include a few relevant hashtags' : 'none'}`);
  parts.push(`Call to action: ${input.includeCallToAction ? 'end with a clear call to action' : 'none'}`);
  const targets = input.platforms.map((platform) => {
    const definition = SOCIAL_PLATFORMS[platform];
    const target = targetCharacters(platform, levelOf(input, platform), input.customTargets?.[platform]);
    return `- ${platform} (${definition.name}): target ${target} characters, maximum ${definition.maxLength}`;
  });
  parts.push(`Platforms:\n${targets.join('\n')}`);
  const profile = profileLines(profileFromClient(context.client));
  if (profile.length > 0) parts.push(`Client profile:\n${profile.join('\n')}`);
  const guidelines = context.client?.content_instructions?.trim();
  if (guidelines) parts.push(`Client content guidelines:\n${guidelines}`);
  return { system: SYSTEM, prompt: parts.join('\n\n') };
}
