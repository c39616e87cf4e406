import nlp from 'compromise';
import type { OfflineDraft, ToolContext } from '#functions/generation/tool-definition';
import { mentionSentence } from '#functions/tools/compose/draft';
import { offlineDraft, reviewDraft, SHORTER_THAN_ASKED } from '#functions/tools/compose/draft-check';
import { dropForbiddenSentences, usesForbidden, withoutForbidden } from '#functions/tools/compose/forbidden';
import { type InstructionFacts, readInstructions } from '#functions/tools/compose/instructions';
import { STOP_WORDS } from '#functions/tools/compose/keywords';
import { profileFromClient } from '#functions/tools/compose/profile';
import { tidyDraft } from '#functions/tools/compose/tidy';
import { parseTopic } from '#functions/tools/compose/topic';
import { detectTrade, itemsOn, NEUTRAL_TRADE } from '#functions/tools/compose/trade';
import { hashText, rotate } from '#functions/tools/compose/variation';
import {
  ON_TARGET_TOLERANCE,
  platformLength,
  SOCIAL_PLATFORMS,
  type SocialPlatformId,
  targetCharacters,
} from '#shared/platforms';
import { levelOf, type SocialContentRequest } from '#shared/tools/social-content';
import { SOCIAL_VOICES } from './social-voice';

/**
 * Offline posts for every requested platform, as the JSON object the model is asked for. A post says
 * its point first: the brief's subject, then its other facts, what the client's guidelines ask to
 * mention and the trade's tips on the same subject, then the call to action and hashtags made from the
 * brief's content words. It grows toward its target with those and nothing else, so a post the brief
 * cannot fill stays short and says so, rather than padding with sentences that fit any post.
 */

const HASHTAGS_PER_PLATFORM: Readonly<Record<SocialPlatformId, number>> = {
  facebook: 3,
  instagram: 5,
  linkedin: 3,
  twitter: 2,
};
const INSTRUCTION =
  /^(please\s+)?(write|create|draft|make|generate)\s+(an?\s+|some\s+)?(social(\s+media)?\s+)?(posts?|content|updates?)\s+(about|on|for)\s+/iu;

/** The brief without a leading "Write a post about", as sentences; links apart. */
function briefFacts(prompt: string): { subject: string; facts: string[]; links: string[] } {
  const cleaned = prompt.trim().replace(INSTRUCTION, '');
  const links = (cleaned.match(/\bhttps?:\/\/[^\s<>"']+/giu) ?? []).map((url) =>
    url.replace(/[.,;:!?]+$/u, ''),
  );
  const sentences = (cleaned.match(/[^.!?\n]+(?:[.!?]+(?=\s|$)|$)/gu) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '' && !/https?:\/\//iu.test(sentence))
    .map((sentence) => {
      const capital = sentence.charAt(0).toUpperCase() + sentence.slice(1);
      return /[.!?]$/u.test(capital) ? capital : `${capital}.`;
    });
  const [subject = '', ...facts] = sentences;
  return { subject, facts, links };
}

/**
 * Hashtags from the brief's content words: first the subject's noun phrase as the topic parser reads
 * it, then the nouns and names compromise finds in the rest, never a stop word, a question word or a
 * verb ("Why flossing matters" gives "#Flossing", not "#Why #Flossing #Matters").
 */
export function hashtagsOf(subject: string, rest: string, company: string | null, count: number): string[] {
  const key = JSON.stringify([subject, rest, company]);
  const known = HASHTAG_MEMO.get(key) ?? readHashtags(subject, rest, company);
  if (!HASHTAG_MEMO.has(key)) {
    // One request composes a post per platform from the same brief: parse it once.
    if (HASHTAG_MEMO.size >= 64) HASHTAG_MEMO.clear();
    HASHTAG_MEMO.set(key, known);
  }
  return known.slice(0, count);
}

const HASHTAG_MEMO = new Map<string, readonly string[]>();

function readHashtags(subject: string, rest: string, company: string | null): readonly string[] {
  const tags: string[] = [];
  const used = new Set<string>();
  const add = (word: string) => {
    const clean = word.replace(/[^\p{L}\p{N}]/gu, '');
    if (clean.length < 3 || STOP_WORDS.has(clean.toLowerCase())) return;
    const tag = `#${clean.charAt(0).toUpperCase()}${clean.slice(1)}`;
    if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  };
  const topic = parseTopic(subject.replace(/[.!]+$/u, ''), company);
  if (topic.confident) {
    const object = (topic.action ? topic.action.split(' ').slice(1).join(' ') : topic.noun)
      .split(/\s+/u)
      .filter((word) => !STOP_WORDS.has(word.toLowerCase()));
    // A compound is one tag ("#OpenHouse"), then its head noun on its own ("#House" is no help; "#Heater" is).
    if (object.length > 1 && object.length <= 3) {
      add(object.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(''));
      // Its words are in that tag already: no "#House" after "#OpenHouse".
      for (const word of object) used.add(word.toLowerCase());
    } else for (const word of object) add(word);
  }
  // A question's last word is often read as a noun ("Why flossing matters"): only its topic counts.
  const more = topic.kind === 'question' ? rest : `${subject} ${rest}`;
  const json = nlp(more).json() as { terms: { text: string; tags: string[] }[] }[];
  for (const term of json.flatMap((sentence) => sentence.terms)) {
    const noun = term.tags.includes('Noun') || term.tags.includes('Acronym');
    if (
      noun &&
      !term.tags.includes('Pronoun') &&
      !term.tags.includes('Date') &&
      !used.has(term.text.toLowerCase())
    )
      add(term.text);
  }
  if (company) tags.splice(Math.min(1, tags.length), 0, `#${company.replace(/[^\p{L}\p{N}]/gu, '')}`);
  return tags;
}

interface PostPlan {
  /** The subject sentence: always first, never dropped. */
  readonly subject: string;
  /** Further sentences in priority order; each is used whole or not at all. */
  readonly more: readonly string[];
  readonly ctas: readonly string[];
  readonly hashtags: readonly string[];
}

/**
 * The post closest to the target without passing it: the subject, then whole sentences in order while
 * they fit, then the call to action and as many hashtags as fit. The subject, (when asked) one call to
 * action and (when asked) one hashtag are always there, even past the target, as long as the platform's
 * maximum allows: a short post that keeps its point beats one on length that lost it, and a post asked
 * for with hashtags has one (docs/decisions.md, "Social posts keep the point").
 */
function assemble(platform: SocialPlatformId, target: number, plan: PostPlan): string {
  const measure = (text: string) => platformLength(platform, text);
  const join = (body: readonly string[], tail: string) =>
    [body.join(' '), tail].filter((part) => part !== '').join('\n\n');
  const tailsWith = (fewestTags: number): string[] => {
    const tails: string[] = [];
    for (const cta of plan.ctas.length > 0 ? plan.ctas : ['']) {
      for (let tags = plan.hashtags.length; tags >= fewestTags; tags -= 1) {
        tails.push([cta, plan.hashtags.slice(0, tags).join(' ')].filter((part) => part !== '').join('\n\n'));
      }
    }
    return tails;
  };
  const shortest = (tails: readonly string[]) => [...tails].sort((a, b) => measure(a) - measure(b))[0] ?? '';
  const withTag = tailsWith(Math.min(1, plan.hashtags.length));
  const tails =
    measure(join([plan.subject], shortest(withTag))) <= SOCIAL_PLATFORMS[platform].maxLength
      ? withTag
      : tailsWith(0);
  const minimalTail = shortest(tails);
  const body = [plan.subject];
  for (const sentence of plan.more) {
    if (measure(join([...body, sentence], minimalTail)) <= target) body.push(sentence);
  }
  let best = join(body, minimalTail);
  for (const tail of tails) {
    const candidate = join(body, tail);
    if (measure(candidate) <= target && measure(candidate) > measure(best)) best = candidate;
  }
  return best;
}

function postPlan(
  platform: SocialPlatformId,
  request: SocialContentRequest,
  context: Pick<ToolContext, 'client'>,
  rules: InstructionFacts,
): PostPlan {
  const profile = profileFromClient(context.client);
  const voice = SOCIAL_VOICES[request.tone];
  const brief = briefFacts(request.prompt);
  const forbidden = rules.forbidden;
  const subject =
    usesForbidden(brief.subject, forbidden) !== null
      ? withoutForbidden(brief.subject, forbidden)
      : brief.subject;
  const seed = hashText(`${request.prompt}|${platform}|${request.tone}`);
  const trade = detectTrade({ name: profile.name, topic: request.prompt });
  const tips = trade.id === NEUTRAL_TRADE.id ? [] : itemsOn(request.prompt, trade.tips);
  const mentions = rules.mentions.map((mention) => mentionSentence(mention, 'we', profile.name));
  const lead = voice.leadIn ? [voice.leadIn] : [];
  const links = brief.links.map((url) => `Details: ${url}`);
  return {
    subject: [...lead, subject || 'News from our team.'].join(' '),
    more: [...links, ...brief.facts, ...mentions, ...tips],
    ctas: request.includeCallToAction ? rotate(voice.callsToAction, seed, 'cta') : [],
    hashtags: request.includeHashtags
      ? hashtagsOf(
          subject || request.prompt,
          brief.facts.join(' '),
          profile.name,
          HASHTAGS_PER_PLATFORM[platform],
        )
      : [],
  };
}

export function composeSocialPost(
  platform: SocialPlatformId,
  request: SocialContentRequest,
  context: Pick<ToolContext, 'client'>,
  rules: InstructionFacts = guidelinesOf(context),
): string {
  const target = targetCharacters(platform, levelOf(request, platform), request.customTargets?.[platform]);
  const post = assemble(platform, target, postPlan(platform, request, context, rules));
  const withSignOff = rules.signOff ? `${post}\n\n${rules.signOff}` : post;
  const signed = platformLength(platform, withSignOff) <= target ? withSignOff : post;
  return tidyDraft(dropForbiddenSentences(signed, rules.forbidden));
}

/** The client's content guidelines, the rules every social post obeys (the prompt sends them to a model too). */
function guidelinesOf(context: Pick<ToolContext, 'client'>): InstructionFacts {
  return readInstructions(context.client?.content_instructions);
}

export function composeSocialContent(
  request: SocialContentRequest,
  context: Pick<ToolContext, 'client'>,
): OfflineDraft {
  const rules = guidelinesOf(context);
  const posts: Record<string, string> = {};
  const notes: string[] = [];
  for (const platform of request.platforms) {
    const post = composeSocialPost(platform, request, context, rules);
    posts[platform] = post;
    const target = targetCharacters(platform, levelOf(request, platform), request.customTargets?.[platform]);
    if (platformLength(platform, post) < target - ON_TARGET_TOLERANCE) notes.push(SHORTER_THAN_ASKED);
  }
  const text = Object.values(posts).join('\n\n');
  notes.push(...reviewDraft({ text, instructions: rules, honouredTones: [request.tone] }));
  return offlineDraft(JSON.stringify(posts, null, 2), notes);
}
