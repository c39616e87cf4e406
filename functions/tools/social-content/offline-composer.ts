import type { ToolContext } from '#functions/generation/tool-definition';
import { profileFromClient } from '#functions/tools/compose/profile';
import { detectTrade } from '#functions/tools/compose/trade';
import { hashText, rotate } from '#functions/tools/compose/variation';
import { platformLength, type SocialPlatformId, targetCharacters } from '#shared/platforms';
import { levelOf, type SocialContentRequest, type SocialTone } from '#shared/tools/social-content';
import { assembleToTarget } from './fit-length';
import { SOCIAL_VOICES } from './social-voice';

/**
 * Offline posts for every requested platform, as the JSON object the model is asked for. Each post is
 * written to its target (custom or preset) from whole sentences in the chosen tone and lands within 10
 * characters of it; hashtags and the call to action appear only when asked for.
 */

const HASHTAGS_PER_PLATFORM: Readonly<Record<SocialPlatformId, number>> = {
  facebook: 3,
  instagram: 5,
  linkedin: 3,
  twitter: 2,
};
const ROUND_PREFIXES = ['', 'Also, ', 'And remember: ', 'One more thing: ', 'As always, '];
const INSTRUCTION =
  /^(please\s+)?(write|create|draft|make|generate)\s+(an?\s+|some\s+)?(social(\s+media)?\s+)?(posts?|content|updates?)\s+(about|on|for)\s+/iu;
const CLAUSE = /\b(is|are|was|were|will|has|have|had|opens?|opened|starts?|launch(es|ed)?|can)\b/iu;
const STOP = new Set([
  'the',
  'and',
  'for',
  'with',
  'our',
  'your',
  'this',
  'that',
  'from',
  'about',
  'into',
  'are',
  'was',
]);

/** The prompt without a leading "Write a post about", its sentences ended with a stop. */
function promptFacts(prompt: string): { topic: string; facts: string[] } {
  const cleaned = prompt.trim().replace(INSTRUCTION, '');
  const facts = (cleaned.match(/[^.!?\n]+(?:[.!?]+(?=\s|$)|$)/gu) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '')
    .map((sentence) => {
      const capital = sentence.charAt(0).toUpperCase() + sentence.slice(1);
      return /[.!?]$/u.test(capital) ? capital : `${capital}.`;
    });
  const first = facts[0] ?? cleaned;
  const topic = first
    .replace(/[.!?]+$/u, '')
    .replace(/\bhttps?:\/\/\S+/giu, '')
    .trim();
  return { topic: topic.charAt(0).toLowerCase() + topic.slice(1), facts };
}

function hashtagsOf(topic: string, company: string | null, count: number): string[] {
  const words = `${topic} ${company ?? ''}`
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/u)
    .filter((word) => word.length > 2 && !STOP.has(word.toLowerCase()));
  const tags: string[] = [];
  if (company) tags.push(`#${company.replace(/[^\p{L}\p{N}]/gu, '')}`);
  for (const word of words) {
    const tag = `#${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`;
    if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  for (const fallback of ['#LocalBusiness', '#Community', '#ShopLocal', '#SmallBusiness', '#Neighbors']) {
    if (tags.length >= count) break;
    if (!tags.includes(fallback)) tags.push(fallback);
  }
  return tags.filter((tag) => tag.length > 1).slice(0, count);
}

/** Call to action and hashtags, shortened until they leave room for a sentence of the post itself. */
function tailFor(
  platform: SocialPlatformId,
  target: number,
  request: SocialContentRequest,
  tone: SocialTone,
  hashtags: readonly string[],
  seed: number,
  reserved: number,
): string {
  // Room for the opener and the brief's links first, when the target allows; else for one short sentence.
  const generous = target - reserved - 4;
  const room = Math.max(0, generous >= 40 ? generous : target - 30 - reserved);
  const ctas = request.includeCallToAction ? rotate(SOCIAL_VOICES[tone].callsToAction, seed, 'cta') : [''];
  let tagCount = request.includeHashtags ? hashtags.length : 0;
  while (true) {
    for (const cta of [...ctas].sort((a, b) => b.length - a.length)) {
      const tags = hashtags.slice(0, tagCount).join(' ');
      const tail = [cta, tags].filter((part) => part !== '').join('\n\n');
      if (platformLength(platform, tail) <= room) return tail;
    }
    if (tagCount <= (request.includeHashtags ? 1 : 0)) break;
    tagCount -= 1;
  }
  const shortest = [...ctas].sort((a, b) => a.length - b.length)[0] ?? '';
  return [shortest, request.includeHashtags ? (hashtags[0] ?? '') : '']
    .filter((part) => part !== '')
    .join('\n\n');
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  const text = template.replace(/\{(\w+)\}/gu, (_, key: string) => values[key] ?? '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function composeSocialPost(
  platform: SocialPlatformId,
  request: SocialContentRequest,
  context: Pick<ToolContext, 'client'>,
): string {
  const target = targetCharacters(platform, levelOf(request, platform), request.customTargets?.[platform]);
  const voice = SOCIAL_VOICES[request.tone];
  const profile = profileFromClient(context.client);
  const { topic: firstFact, facts } = promptFacts(request.prompt);
  // A brief that opens with a whole clause ("Our new menu is live") is told as it is, after the opener.
  const isClause = CLAUSE.test(firstFact) || firstFact.split(/\s+/u).length > 8;
  const topic = isClause ? 'our latest news' : firstFact;
  const seed = hashText(`${request.prompt}|${platform}|${request.tone}`);
  const trade = detectTrade({ name: profile.name, topic });
  const values = { topic, company: profile.name ?? 'our team' };
  const hashtags = hashtagsOf(firstFact, profile.name, HASHTAGS_PER_PLATFORM[platform]);

  const body = rotate([...voice.body, ...trade.tips], seed, 'body');
  const links = (request.prompt.match(/\bhttps?:\/\/[^\s<>"']+/giu) ?? []).map((url) => `Details: ${url}`);
  // A link the brief gives is kept ahead of the call to action and hashtags.
  const opener = fill(rotate(voice.openers, seed, 'opener')[0] ?? '', values);
  const reserved = [opener, ...links].reduce((sum, line) => sum + platformLength(platform, line) + 1, 0);
  const tail = tailFor(platform, target, request, request.tone, hashtags, seed, reserved);
  const sentences = [
    opener,
    ...links,
    ...facts.slice(isClause ? 0 : 1).filter((fact) => !/https?:\/\//iu.test(fact)),
    ...body,
  ];
  // Long targets (a custom Facebook post may run to 63,206) take further rounds of the same voice.
  let pooled = sentences.join(' ').length;
  for (let round = 1; pooled < target * 1.2; round += 1) {
    const prefix = ROUND_PREFIXES[round % ROUND_PREFIXES.length] ?? '';
    for (const sentence of rotate(voice.body, seed + round, 'round')) {
      const line =
        prefix === '' ? sentence : `${prefix}${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
      sentences.push(line);
      pooled += line.length + 1;
    }
  }
  return assembleToTarget(platform, target, { sentences, closers: voice.closers, tail });
}

export function composeSocialContent(
  request: SocialContentRequest,
  context: Pick<ToolContext, 'client'>,
): string {
  const posts: Record<string, string> = {};
  for (const platform of request.platforms) posts[platform] = composeSocialPost(platform, request, context);
  return JSON.stringify(posts, null, 2);
}
