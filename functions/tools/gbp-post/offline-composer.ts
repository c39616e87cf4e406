import type { OfflineDraft, ToolContext } from '#functions/generation/tool-definition';
import type { GbpPostRequest } from '#shared/tools/gbp-post';
import { mentionSentence } from '../compose/draft';
import { offlineDraft, reviewDraft } from '../compose/draft-check';
import { dropForbiddenSentences } from '../compose/forbidden';
import { readInstructions } from '../compose/instructions';
import { profileFromClient } from '../compose/profile';
import { tidyDraft, withArticle } from '../compose/tidy';
import { detectTrade, itemsOn, NEUTRAL_TRADE } from '../compose/trade';
import { couponIn, dateSpanFor, fitGbpPost, formatSpan, termsIn } from './post-shape';

/**
 * Offline GBP posts, one shape per post type: an update tells news and invites a visit; an event has a
 * title line, its date and what happens; an offer has a title, its validity dates, what the customer
 * gets and the coupon or terms the brief gives; a community post thanks the neighborhood and tells the
 * story. All fit Google's 1,500 characters.
 */

const INSTRUCTION =
  /^(please\s+)?(write|create|draft|make|generate)\s+(an?\s+)?(gbp\s+|google\s+business\s+profile\s+)?(post\s+)?(about|on|for)\s+/iu;

function sentencesOf(prompt: string): string[] {
  const cleaned = prompt.trim().replace(INSTRUCTION, '');
  return (cleaned.match(/[^.!?\n]+[.!?]*/gu) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '')
    .map((sentence) => {
      const capital = sentence.charAt(0).toUpperCase() + sentence.slice(1);
      return /[.!?]$/u.test(capital) ? capital : `${capital}.`;
    });
}

/** A title from the brief's first sentence, without its dates ("from June 1 to June 15"). */
function titleOf(sentence: string): string {
  const core = sentence
    .replace(/[.!?]+$/u, '')
    .replace(/\s+(from|on|until|through|starting|between|this|next)\b.*$/iu, '')
    .trim();
  const words = (core || sentence).split(/\s+/u).slice(0, 8);
  return words
    .map((word) => (word.length > 3 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}

export function composeGbpPost(
  request: GbpPostRequest,
  context: Pick<ToolContext, 'client' | 'now'>,
): OfflineDraft {
  const profile = profileFromClient(context.client);
  // The client's content guidelines rule GBP posts as they rule every other text (the prompt sends them too).
  const rules = readInstructions(context.client?.content_instructions);
  const business = profile.name ?? 'our team';
  const facts = sentencesOf(request.prompt);
  const lead = facts[0] ?? 'We have news to share.';
  const trade = detectTrade({ name: profile.name, topic: request.prompt });
  const tip = trade.id === NEUTRAL_TRADE.id ? null : (itemsOn(request.prompt, trade.tips)[0] ?? null);
  const where = profile.city ? ` in ${profile.city}` : '';
  const call = profile.phone ? `Call us at ${profile.phone}` : 'Contact us today';
  const mentions = rules.mentions.map((mention) => mentionSentence(mention, 'we', profile.name));
  const lines: string[] = [];

  switch (request.postType) {
    case 'update': {
      lines.push(lead, ...facts.slice(1, 4), ...mentions);
      if (tip) lines.push(tip);
      lines.push(`${call} to learn more or to book ${withArticle(trade.visit)}${where}.`);
      break;
    }
    case 'event': {
      const span = dateSpanFor(request.prompt, context.now, 'event');
      lines.push(`Title: ${titleOf(lead)}`, `Date: ${formatSpan(span)}`, '');
      lines.push(`Join ${business}${where}. ${lead}`, ...facts.slice(1, 4), ...mentions);
      lines.push(`${call} to save your spot.`);
      break;
    }
    case 'offer': {
      const span = dateSpanFor(request.prompt, context.now, 'offer');
      lines.push(`Title: ${titleOf(lead)}`, `Valid: ${formatSpan(span)}`, '');
      lines.push(
        lead,
        ...facts.slice(1, 4).filter((fact) => couponIn(fact) === null && termsIn(fact) === null),
        ...mentions,
      );
      const coupon = couponIn(request.prompt);
      const terms = termsIn(request.prompt);
      if (coupon) lines.push(`Coupon code: ${coupon}`);
      if (terms) lines.push(`Terms: ${terms}`);
      lines.push(`${call} to claim this offer before ${formatSpan({ start: span.end, end: span.end })}.`);
      break;
    }
    case 'community': {
      lines.push(`Thank you to our neighbors${where}! ${lead}`, ...facts.slice(1, 4), ...mentions);
      lines.push(`We are grateful to be part of this community, from all of us at ${business}.`);
      break;
    }
  }
  if (rules.signOff) lines.push(rules.signOff);
  const post = fitGbpPost(
    tidyDraft(dropForbiddenSentences(lines.join('\n').replace(/\n{3,}/gu, '\n\n'), rules.forbidden)),
  );
  return offlineDraft(post, reviewDraft({ text: post, instructions: rules }));
}
