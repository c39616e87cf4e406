import nlp from 'compromise';
import type { OfflineDraft, ToolContext } from '#functions/generation/tool-definition';
import { countWords, htmlToText } from '#shared/text';
import type { PressReleaseRequest } from '#shared/tools/press-release';
import { apDateline } from '../compose/ap-style';
import { type DraftFacts, draftFacts, finishHtmlDraft, mentionSentences, wordBudget } from '../compose/draft';
import { element, escapeHtml, wrap } from '../compose/html';
import { keyPhrases, titleCase } from '../compose/keywords';
import { hostOf, inSentence } from '../compose/phrasing';
import { type BusinessProfile, locationOf, websiteLabel } from '../compose/profile';
import { extractiveSummary } from '../compose/summarize';
import { companyMention } from '../compose/topic';
import { NEUTRAL_TRADE } from '../compose/trade';
import { releaseCompany, releaseDate, releaseInstructions } from './company';

/**
 * The offline press release: headline, subheadline, AP dateline and lead, body with one or two quotes,
 * "About" boilerplate, media contact and multimedia note, 300-500 words (the default instructions'
 * range). Body paragraphs are added in order of importance until the release reaches its target
 * length, and never past the upper limit.
 */

export const PRESS_RELEASE_WORDS = { min: 300, target: 380, max: 500 } as const;

/** A release speaks in the third person: the company's "our" becomes "its". */
function thirdPerson(text: string): string {
  return text
    .replace(/\bour\b/gu, 'its')
    .replace(/\bOur\b/gu, 'Its')
    .replace(/\bours\b/gu, 'its own');
}

const DETERMINERS = /^(?:a|an|the|its|their|his|her|this|these|that|those)\b/iu;

/** The announcement as the object of "announced": "the opening of its second location". */
function announcementPhrase(subject: string): string {
  const phrase = thirdPerson(inSentence(subject));
  if (DETERMINERS.test(phrase)) return phrase;
  // "Launching a new service" is an action: announce plans for it. "Opening of …" is a noun.
  if (/^\p{L}+ing\b/u.test(phrase) && !/^\p{L}+ing of\b/u.test(phrase)) return `plans for ${phrase}`;
  return `the ${phrase}`;
}

/**
 * First person of site copy ("we offer", "call us", "our technician") does not belong in a
 * third-person release, and rewording it would change the page's sentence: such sentences are left out.
 */
const FIRST_PERSON = /\b(?:we|we're|we've|us|our|ours|I|I'm|my|me)\b/iu;

interface Voice {
  /** "Maria Lopez, owner of Lopez Plumbing" or "a spokesperson for Lopez Plumbing". */
  readonly attribution: string;
  /** "Lopez" or "the spokesperson", for the second quote. */
  readonly again: string;
}

function voiceOf(company: BusinessProfile): Voice {
  if (company.owner) {
    const surname = company.owner.trim().split(/\s+/u).at(-1) ?? company.owner;
    return {
      attribution: `${company.owner}, owner of ${company.name ?? 'the company'}`,
      again: surname,
    };
  }
  return {
    attribution: company.name ? `a spokesperson for ${company.name}` : 'a company spokesperson',
    again: 'the spokesperson',
  };
}

interface Draft {
  readonly headline: string;
  readonly subheadline: string;
  readonly lead: string;
  readonly firstQuote: string;
  /** What the instructions ask to mention: always in the release, right after the first quote. */
  readonly mentions: readonly string[];
  /** Body paragraphs, most important first. */
  readonly body: readonly string[];
}

/**
 * A quote is the spokesperson's own words: offline there are none to give, so the release says where
 * one goes and whose it should be, in brackets, rather than putting invented words in a real person's mouth.
 */
function quotePlaceholder(voice: Voice, news: string): string {
  // "Dana Miller, owner of Riverside Plumbing, about …": an appositive is closed by a comma.
  const who = voice.attribution.includes(',') ? `${voice.attribution},` : voice.attribution;
  return `[Add a quote from ${who} about ${news}.]`;
}

function contactSentence(company: BusinessProfile): string | null {
  const site = websiteLabel(company);
  const ways = [site ? `at ${site}` : null, company.phone ? `by calling ${company.phone}` : null].filter(
    (way): way is string => way !== null,
  );
  return ways.length === 0 ? null : `More information is available ${ways.join(' or ')}.`;
}

/** The topic's verb in the past tense, via compromise: "launches" → "launched". */
function pastTense(verb: string): string {
  const forms = nlp(verb).verbs().conjugate()[0] as { PastTense?: string } | undefined;
  return forms?.PastTense ?? verb;
}

interface Headline {
  readonly headline: string;
  /** What the company did, after its name in the lead: "today launched free storm-damage inspections". */
  readonly did: string;
  /** What the quotes and body call the news: "the announcement", "the offer". */
  readonly news: string;
  /** The news as an object: "free storm-damage inspections". */
  readonly what: string;
}

/**
 * Headline and lead from the parsed topic. The company is named once: a topic that already names it
 * ("Peak Roofing launches …") has that mention replaced by the profile's name, never prefixed again.
 */
function headlineOf(subject: string, company: BusinessProfile, facts: DraftFacts): Headline {
  const { topic } = facts;
  const raw = topic.raw;
  const name = company.name;
  const mention = name ? companyMention(raw, name) : null;
  if (name && mention) {
    const rest = raw
      .replace(new RegExp(`${mention.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?:'s|’s)?`, 'iu'), '')
      .trim();
    const [verb = '', ...object] = rest.split(/\s+/u);
    const isVerb = nlp(verb).verbs().found && object.length > 0;
    let what = thirdPerson(inSentence(isVerb ? object.join(' ') : rest));
    // Title Case lowercased the place ("round rock"): put back the form the parse found.
    if (topic.place) what = what.replace(new RegExp(topic.place, 'iu'), topic.place);
    // A singular countable noun needs a determiner: "its second location".
    if (/^our\s/iu.test(topic.about) && !/^(?:a|an|the|its|their)\s/iu.test(what)) what = `its ${what}`;
    return {
      headline: titleCase(`${name} ${thirdPerson(rest)}`),
      did: isVerb ? `today ${pastTense(verb.toLowerCase())} ${what}` : `today announced ${what}`,
      news: 'the announcement',
      what,
    };
  }
  const sentenceCase = thirdPerson(inSentence(subject));
  const guidance = `practical guidance on ${topic.about.replace(/^your\s/iu, '')}`;
  switch (topic.kind) {
    case 'announcement':
      return {
        headline: name ? `${name} Announces ${titleCase(thirdPerson(subject))}` : titleCase(subject),
        did: `today announced ${announcementPhrase(subject)}`,
        news: 'the announcement',
        what: announcementPhrase(subject),
      };
    case 'offer':
      return {
        headline: name ? `${name} Offers ${titleCase(subject)}` : titleCase(subject),
        did: `today announced a limited-time offer: ${sentenceCase}`,
        news: 'the offer',
        what: 'this offer',
      };
    case 'event':
      return {
        headline: name ? `${name} Hosts ${titleCase(subject)}` : titleCase(subject),
        did: `today announced its ${sentenceCase.replace(/^(?:its|our|the|a|an)\s/iu, '')}`,
        news: 'the event',
        what: 'this event',
      };
    default:
      return {
        headline: name ? `${name} Shares Expert Advice: ${titleCase(subject)}` : titleCase(subject),
        did: `today shared ${guidance}`,
        news: 'the guidance',
        what: guidance,
      };
  }
}

function draftFromTopic(input: PressReleaseRequest, company: BusinessProfile, facts: DraftFacts): Draft {
  const subject = input.topic.trim();
  const who = company.name ?? 'The company';
  const place = locationOf(company);
  const voice = voiceOf(company);
  const { headline, did, news } = headlineOf(subject, company, facts);
  const mentions = mentionSentences(facts, 'they', company.name);
  const [firstMention, ...otherMentions] = mentions;
  // The subheadline adds the key detail: the instructions' first one, else a note of what to add.
  const subheadline = firstMention ?? '[Add one sentence with the key detail of the news.]';
  const customers = facts.trade.id === NEUTRAL_TRADE.id ? 'customers' : facts.trade.customers;
  const serving = company.city
    ? ` The company is based in ${place ?? company.city} and works with ${customers} across the area.`
    : '';
  const lead = `${who} ${did}.${serving}`;
  const contact = contactSentence(company);
  return {
    headline,
    subheadline,
    lead,
    firstQuote: quotePlaceholder(voice, news),
    mentions: firstMention ? otherMentions : [],
    body: contact ? [contact] : [],
  };
}

function draftFromSource(
  input: PressReleaseRequest,
  context: ToolContext,
  company: BusinessProfile,
  facts: DraftFacts,
): Draft | null {
  const source = context.source;
  if (!source) return null;
  const title = source.title.trim() || hostOf(input.url);
  const summary = extractiveSummary(source.text, {
    maxSentences: 10,
    maxWords: 320,
    query: [title, ...facts.instructions.mentions].join(' '),
    exclude: new Set([title]),
    accept: (sentence) => !FIRST_PERSON.test(sentence),
  }).map((sentence) => sentence.text);
  if (summary.length < 3) return null;
  const who = company.name ?? source.siteName ?? 'The company';
  const voice = voiceOf({ ...company, name: company.name ?? source.siteName });
  const [first, ...rest] = summary;
  const contact = contactSentence(company);
  return {
    headline: titleCase(thirdPerson(title)),
    subheadline: first ?? '[Add one sentence with the key detail of the news.]',
    lead: `${who} today published “${thirdPerson(title).replace(/[.!]+$/u, '')}”.${rest[0] ? ` ${rest[0]}` : ''}`,
    firstQuote: quotePlaceholder(voice, 'the news'),
    mentions: mentionSentences(facts, 'they', who),
    // Each claim is a paragraph of its own: claims from different parts of the page are not merged.
    body: [...rest.slice(1), ...(contact ? [contact] : [])],
  };
}

function aboutParagraph(company: BusinessProfile, context: ToolContext): string | null {
  if (!company.name) return null;
  const place = locationOf(company);
  const specialty = context.source ? keyPhrases(context.source.text, 1)[0]?.phrase : undefined;
  const site = websiteLabel(company);
  return [
    `${company.name} is a local business${place ? ` based in ${place}` : ''}${specialty ? `, focused on ${inSentence(specialty)},` : ''} serving ${company.city ? `customers throughout the ${company.city} area` : 'its community'}.`,
    company.address
      ? `Its office is located at ${company.address}${company.city ? `, ${company.city}` : ''}.`
      : null,
    site ? `More information is available at ${site}.` : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' ');
}

function mediaContact(company: BusinessProfile): string {
  const lines = [company.owner, company.name, company.phone, company.email, websiteLabel(company)].filter(
    (line): line is string => line !== null,
  );
  if (lines.length === 0)
    return escapeHtml('Contact details are available on request from the communications team.');
  return lines.map(escapeHtml).join('<br>');
}

function multimediaNote(company: BusinessProfile): string {
  const site = websiteLabel(company);
  return `Photos, logos and interview availability are available on request${site ? ` and at ${site}` : ''}.`;
}

const wordsOf = (html: string): number => countWords(htmlToText(html));

export function composePressRelease(input: PressReleaseRequest, context: ToolContext): OfflineDraft {
  const company = releaseCompany(input, context.client);
  const date = releaseDate(input, context.now);
  const subject = input.inputType === 'topic' ? input.topic.trim() : input.url;
  const topic = input.inputType === 'topic' ? subject : context.source?.title || hostOf(input.url);
  const facts = draftFacts({
    topic,
    profile: company,
    instructions: [input.prompt, releaseInstructions(input, context.client)],
    siteText: context.source?.text ?? null,
    // The season is the release date's, never the clock's.
    date: new Date(Date.UTC(date.year, date.month - 1, date.day)),
  });
  const limit = wordBudget(facts, PRESS_RELEASE_WORDS);
  const draft =
    (input.inputType === 'url' && draftFromSource(input, context, company, facts)) ||
    draftFromTopic({ ...input, topic: facts.topic.raw }, company, facts);

  const opening = [
    input.includeHeader ? wrap('p', '<strong>FOR IMMEDIATE RELEASE</strong>') : '',
    element('h1', draft.headline),
    element('h2', draft.subheadline),
    wrap(
      'p',
      `<strong>${escapeHtml(apDateline(company.city, company.state, date))}</strong> ${escapeHtml(draft.lead)}`,
    ),
    // "No quotes" in the instructions: the release leaves the quote out rather than note where it goes.
    facts.instructions.bans.some((ban) => /^quot/u.test(ban)) ? '' : element('p', draft.firstQuote),
  ];
  const about = input.includeCompanyInfo ? aboutParagraph(company, context) : null;
  const closing = [
    about && company.name ? `${element('h3', `About ${company.name}`)}${element('p', about)}` : '',
    `${element('h3', 'Media Contact')}${wrap('p', mediaContact(company))}`,
    `${element('h3', 'Multimedia')}${element('p', multimediaNote(company))}`,
    facts.instructions.signOff ? element('p', facts.instructions.signOff) : '',
    element('p', '###', 'text-align:center'),
  ];
  const mentions = draft.mentions.length > 0 ? [element('p', draft.mentions.join(' '))] : [];
  const body: string[] = [...mentions];
  const assemble = () => [...opening, ...body, ...closing].filter((part) => part !== '').join('\n');
  for (const paragraph of draft.body) {
    if (wordsOf(assemble()) + countWords(paragraph) > limit.max) continue;
    body.push(element('p', paragraph));
  }
  return finishHtmlDraft(assemble(), facts, limit.min);
}

const LEGAL_SUFFIX =
  /[\s,]+(?:llc|l\.l\.c\.|inc\.?|incorporated|co\.?|company|corp\.?|corporation|ltd\.?|pllc|llp|lp)$/iu;

/** Whether a subject already mentions the company, with or without its legal suffix. */
export function namesCompany(subject: string, companyName: string): boolean {
  const short = companyName.trim().replace(LEGAL_SUFFIX, '').toLowerCase();
  return short.length > 0 && subject.toLowerCase().includes(short);
}
