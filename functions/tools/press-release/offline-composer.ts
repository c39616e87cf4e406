import nlp from 'compromise';
import type { ToolContext } from '#functions/generation/tool-definition';
import { countWords, htmlToText } from '#shared/text';
import type { CalendarDate, PressReleaseRequest } from '#shared/tools/press-release';
import { apDate, apDateline } from '../compose/ap-style';
import { type DraftFacts, draftFacts, mentionSentences, wordBudget } from '../compose/draft';
import { element, escapeHtml, wrap } from '../compose/html';
import { capitalize, keyPhrases, titleCase } from '../compose/keywords';
import { hostOf, inSentence } from '../compose/phrasing';
import { type BusinessProfile, locationOf, websiteLabel } from '../compose/profile';
import { extractiveSummary } from '../compose/summarize';
import { companyMention } from '../compose/topic';
import { hashText, pick, rotate } from '../compose/variation';
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

/** First person of site copy ("we offer", "call us") does not belong in a third-person release. */
const FIRST_PERSON = /\b(?:we|we're|we've|us|I|I'm|my|me)\b/iu;

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
  /** Extra paragraphs used only when the release is still short. */
  readonly reserve: readonly string[];
}

function quotes(what: string, news: string, community: string, voice: Voice, seed: number): [string, string] {
  const first = pick(
    [
      `We are proud to share ${what} with ${community}`,
      `${capitalize(news)} reflects what our customers have been asking for, and we are excited to deliver it`,
      'This is an important step for our team and for the people we serve every day',
    ],
    seed,
    'quote-1',
  );
  const second = pick(
    [
      `Our goal is simple: make it easier for ${community} to get the help they need, when they need it`,
      `We listen closely to our customers, and ${news} is a direct result of that feedback`,
      'Everything we do starts with the trust our customers place in us, and we intend to keep earning it',
    ],
    seed,
    'quote-2',
  );
  return [
    `“${first},” said ${voice.attribution}.`,
    `“${second},” ${voice.again === 'the spokesperson' ? 'the spokesperson added' : `${voice.again} added`}.`,
  ];
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

function draftFromTopic(
  input: PressReleaseRequest,
  company: BusinessProfile,
  date: CalendarDate,
  facts: DraftFacts,
  seed: number,
): Draft {
  const subject = input.topic.trim();
  const { trade } = facts;
  const who = company.name ?? 'The company';
  const whoInside = company.name ?? 'the company';
  const place = locationOf(company);
  const community = company.city ? `the ${company.city} community` : 'our community';
  const readers = facts.readers;
  const audience = company.city ? `${readers} in ${company.city} and the surrounding area` : readers;
  const voice = voiceOf(company);
  const { headline, did, news, what } = headlineOf(subject, company, facts);
  const [firstQuote, secondQuote] = quotes(what, news, community, voice, seed);
  const subheadline = pick(
    [
      `The news gives ${audience} a new reason to ${company.name ? `choose ${company.name}` : 'take notice'}.`,
      `The news is designed with ${audience} in mind.`,
      `${company.name ? 'The company' : who} says ${news} answers a need it hears about every day.`,
    ],
    seed,
    'subheadline',
  );
  const lead = `${who} ${did}${place ? `, serving ${audience}` : ''}. ${capitalize(news)}, dated ${apDate(date)}, ${pick(['marks', 'represents', 'reflects'], seed, 'marks')} a new chapter for ${company.city ? `the ${company.city}-based business` : 'the organization'}.`;
  const contact = contactSentence(company);
  const mentions = mentionSentences(facts, 'they', company.name);
  const body: string[] = [];
  body.push(
    `${capitalize(news)} takes effect on ${apDate(date)}.${contact ? ` ${contact}` : ''}`,
    secondQuote,
  );
  const reserve = [
    place
      ? `Based in ${place}, ${whoInside} works with ${trade.customers} across the region and is known for clear communication and dependable service.`
      : `${who} is known for clear communication and dependable service, and ${news} builds on that reputation.`,
    `Customers can expect the same attention to detail they already know, with ${news} adding ${pick(['more choice', 'more convenience', 'more value'], seed, 'adds')} to the way ${whoInside} serves them.`,
    `${who} plans to share further updates in the coming weeks, including details for customers who want to get started right away.`,
    `Interested customers are encouraged to reach out early, as ${pick(['demand is expected to be strong', 'scheduling fills quickly', 'the first weeks tend to be busy'], seed, 'demand')}.`,
    `${capitalize(news)} is part of a broader effort to make working with ${whoInside} simpler, faster and more transparent for everyone involved.`,
    `${who} encourages customers to share the news with friends, family and neighbors who may benefit from it.`,
    'Questions can be directed to the media contact listed below, who can also arrange interviews and provide additional background.',
    'Further details, including availability and timelines, will be published as they are confirmed, and customers will hear about them first.',
    `${who} thanks its customers and neighbors for their continued support.`,
    `Customers who already work with ${whoInside} do not need to take any action; the team will reach out directly with anything that affects them.`,
  ];
  return { headline, subheadline, lead, firstQuote, mentions, body, reserve };
}

function draftFromSource(
  input: PressReleaseRequest,
  context: ToolContext,
  company: BusinessProfile,
  facts: DraftFacts,
  seed: number,
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
  }).map((sentence) => thirdPerson(sentence.text));
  if (summary.length < 3) return null;
  const theme = keyPhrases(source.text, 1)[0]?.phrase ?? title;
  const who = company.name ?? source.siteName ?? 'The company';
  const community = company.city ? `the ${company.city} community` : 'our community';
  const voice = voiceOf({ ...company, name: company.name ?? source.siteName });
  const [firstQuote, secondQuote] = quotes(inSentence(theme), 'the news', community, voice, seed);
  const [first, ...rest] = summary;
  const paragraphs: string[] = [];
  for (let index = 0; index < rest.length; index += 2)
    paragraphs.push(rest.slice(index, index + 2).join(' '));
  const contact = contactSentence(company);
  return {
    headline: titleCase(thirdPerson(title)),
    subheadline: `${who} shares the latest on ${inSentence(theme)} for ${company.city ? `customers in ${company.city}` : 'its customers'}.`,
    lead: `${who} today released new guidance on ${inSentence(theme)} for its customers. ${first ?? ''}`.trim(),
    firstQuote,
    mentions: mentionSentences(facts, 'they', who),
    body: [...paragraphs.slice(0, 2), secondQuote, ...paragraphs.slice(2)],
    reserve: [
      ...(contact ? [contact] : []),
      `${who} encourages customers with questions about ${inSentence(theme)} to get in touch for advice that fits their situation.`,
      `Questions about the announcement can be directed to the media contact listed below, who can also arrange interviews and provide additional background.`,
    ],
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

export function composePressRelease(input: PressReleaseRequest, context: ToolContext): string {
  const company = releaseCompany(input, context.client);
  const date = releaseDate(input, context.now);
  const subject = input.inputType === 'topic' ? input.topic.trim() : input.url;
  const seed = hashText(`${subject}|${company.name ?? ''}|${input.prompt}`);
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
    (input.inputType === 'url' && draftFromSource(input, context, company, facts, seed)) ||
    draftFromTopic({ ...input, topic }, company, date, facts, seed);

  const opening = [
    input.includeHeader ? wrap('p', '<strong>FOR IMMEDIATE RELEASE</strong>') : '',
    element('h1', draft.headline),
    element('h2', draft.subheadline),
    wrap(
      'p',
      `<strong>${escapeHtml(apDateline(company.city, company.state, date))}</strong> ${escapeHtml(draft.lead)}`,
    ),
    element('p', draft.firstQuote),
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
  const fixedWords = wordsOf([...opening, ...mentions, ...closing].join(''));
  const body: string[] = [...mentions];
  let words = fixedWords;
  for (const paragraph of [...draft.body, ...rotate(draft.reserve, seed, 'reserve')]) {
    const size = countWords(paragraph);
    if (words >= limit.target || words + size > limit.max) continue;
    body.push(element('p', paragraph));
    words += size;
  }
  // Counting the assembled release is the final word: drop reserve paragraphs while it runs long.
  const assemble = () => [...opening, ...body, ...closing].filter((part) => part !== '').join('\n');
  while (body.length > mentions.length + 1 && wordsOf(assemble()) > limit.max) body.pop();
  return assemble();
}

const LEGAL_SUFFIX =
  /[\s,]+(?:llc|l\.l\.c\.|inc\.?|incorporated|co\.?|company|corp\.?|corporation|ltd\.?|pllc|llp|lp)$/iu;

/** Whether a subject already mentions the company, with or without its legal suffix. */
export function namesCompany(subject: string, companyName: string): boolean {
  const short = companyName.trim().replace(LEGAL_SUFFIX, '').toLowerCase();
  return short.length > 0 && subject.toLowerCase().includes(short);
}
