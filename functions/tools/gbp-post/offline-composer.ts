import type { ToolContext } from '#functions/generation/tool-definition';
import type { GbpPostRequest } from '#shared/tools/gbp-post';
import { profileFromClient } from '../compose/profile';
import { detectTrade } from '../compose/trade';
import { hashText, pick } from '../compose/variation';
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
): string {
  const profile = profileFromClient(context.client);
  const business = profile.name ?? 'our team';
  const facts = sentencesOf(request.prompt);
  const lead = facts[0] ?? 'We have news to share.';
  const trade = detectTrade({ name: profile.name, topic: request.prompt });
  const seed = hashText(`${request.prompt}|${request.postType}`);
  const where = profile.city ? ` in ${profile.city}` : '';
  const call = profile.phone ? `Call us at ${profile.phone}` : 'Contact us today';
  const lines: string[] = [];

  switch (request.postType) {
    case 'update': {
      lines.push(lead, ...facts.slice(1, 4));
      lines.push(pick([trade.tips[0], trade.tips[1]], seed, 'tip'));
      lines.push(`${call} to learn more or to book a ${trade.visit}${where}.`);
      break;
    }
    case 'event': {
      const span = dateSpanFor(request.prompt, context.now, 'event');
      lines.push(`Title: ${titleOf(lead)}`, `Date: ${formatSpan(span)}`, '');
      lines.push(`Join ${business}${where} for this event. ${lead}`, ...facts.slice(1, 4));
      lines.push('Bring a friend; everyone is welcome.', `${call} to save your spot.`);
      break;
    }
    case 'offer': {
      const span = dateSpanFor(request.prompt, context.now, 'offer');
      lines.push(`Title: ${titleOf(lead)}`, `Valid: ${formatSpan(span)}`, '');
      lines.push(
        lead,
        ...facts.slice(1, 4).filter((fact) => couponIn(fact) === null && termsIn(fact) === null),
      );
      const coupon = couponIn(request.prompt);
      const terms = termsIn(request.prompt);
      if (coupon) lines.push(`Coupon code: ${coupon}`);
      if (terms) lines.push(`Terms: ${terms}`);
      lines.push(`${call} to claim this offer before ${formatSpan({ start: span.end, end: span.end })}.`);
      break;
    }
    case 'community': {
      lines.push(`Thank you to our neighbors${where}! ${lead}`, ...facts.slice(1, 4));
      lines.push(
        `At ${business}, serving ${trade.customers} here is more than a job; it is our community too.`,
      );
      lines.push('We are grateful for every one of you.');
      break;
    }
  }
  return fitGbpPost(lines.join('\n').replace(/\n{3,}/gu, '\n\n'));
}
