import { ToolResultError } from '#functions/generation/tool-result-error';
import {
  SOCIAL_PLATFORM_IDS,
  type SocialPlatformId,
  saysSomethingAbout,
  targetCharacters,
} from '#shared/platforms';
import type { SocialContentResult } from '#shared/tool-results';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { levelOf, type SocialContentRequest } from '#shared/tools/social-content';
import { fitToMaximum } from './fit-length';

function jsonObjectIn(raw: string): Record<string, unknown> | null {
  const start = raw.indexOf('{');
  const end = raw.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(raw.slice(start, end + 1));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The model's JSON object (code fences and chatter around it tolerated) as `{content: {platform: text}}`
 * for the requested platforms only, each held to its platform's maximum.
 */
export function parseSocialResult(raw: string, input: SocialContentRequest): SocialContentResult {
  const parsed = jsonObjectIn(raw);
  if (!parsed) throw new ToolResultError('invalid_response', 'Invalid response format');
  const content: Partial<Record<SocialPlatformId, string>> = {};
  const targets: Partial<Record<SocialPlatformId, number>> = {};
  const onTopic: Partial<Record<SocialPlatformId, boolean>> = {};
  for (const platform of SOCIAL_PLATFORM_IDS) {
    if (!input.platforms.includes(platform)) continue;
    const text = parsed[platform];
    if (typeof text !== 'string' || text.trim() === '') continue;
    content[platform] = fitToMaximum(platform, text);
    onTopic[platform] = saysSomethingAbout(content[platform] ?? '', input.prompt);
    targets[platform] = targetCharacters(platform, levelOf(input, platform), input.customTargets?.[platform]);
  }
  if (Object.keys(content).length === 0) throw new ToolResultError('no_content', TOOL_MESSAGES.noContent);
  return { content, targets, onTopic };
}
