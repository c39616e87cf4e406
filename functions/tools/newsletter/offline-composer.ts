import type { OfflineDraft, ToolContext } from '#functions/generation/tool-definition';
import { countWords, endSentence, htmlToText } from '#shared/text';
import type { NewsletterRequest } from '#shared/tools/newsletter';
import { longDate, monthYear } from '../compose/dates';
import {
  type DraftFacts,
  draftFacts,
  finishHtmlDraft,
  fitBlocks,
  mentionSentences,
  tradeAdvice,
  wordBudget,
} from '../compose/draft';
import { element, link, telHref, wrap } from '../compose/html';
import { capitalize, keyPhrases, titleCase } from '../compose/keywords';
import { detectOutline, type OutlineSection } from '../compose/outline';
import { hostOf, inSentence, sentence } from '../compose/phrasing';
import {
  type BusinessProfile,
  locationOf,
  postalAddress,
  profileFromClient,
  websiteLabel,
  websiteUrl,
} from '../compose/profile';
import { extractiveSummary, type RankedSentence } from '../compose/summarize';
import { withArticle } from '../compose/tidy';
import { topicReferrer } from '../compose/topic';
import { hashText, pick } from '../compose/variation';
import { newsletterInstructions } from './prompt';

/**
 * The offline newsletter: the same HTML document a model is asked for (inline styles only), built from
 * the request. URL mode writes from an extractive summary of the page; topic mode from the topic, the
 * season and the business; the instructions' subject matter becomes extra sections either way.
 */

interface Palette {
  readonly accent: string;
  readonly accentText: string;
  readonly soft: string;
}

const PALETTES: readonly [Palette, ...Palette[]] = [
  { accent: '#1d4ed8', accentText: '#ffffff', soft: '#eff6ff' },
  { accent: '#0f766e', accentText: '#ffffff', soft: '#f0fdfa' },
  { accent: '#b45309', accentText: '#ffffff', soft: '#fffbeb' },
  { accent: '#7c3aed', accentText: '#ffffff', soft: '#f5f3ff' },
  { accent: '#be123c', accentText: '#ffffff', soft: '#fff1f2' },
  { accent: '#15803d', accentText: '#ffffff', soft: '#f0fdf4' },
];

/** Without "color styling" (includeTitle off) the issue is dark text on white. */
const NEUTRAL: Palette = { accent: '#111827', accentText: '#ffffff', soft: '#f9fafb' };

const TEXT = '#1f2933';
const MUTED = '#6b7280';

interface Section {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

interface Plan {
  readonly intro: readonly string[];
  readonly sections: readonly Section[];
  readonly takeaways: readonly string[];
}

/** Length of a newsletter when the instructions give none: a quick read. */
const NEWSLETTER_WORDS = { min: 250, target: 380, max: 550 } as const;

function readersOf(facts: DraftFacts, profile: BusinessProfile): string {
  return profile.city && !facts.readers.includes(profile.city)
    ? `${facts.readers} in ${profile.city}`
    : facts.readers;
}

/** The topic in the intro: what this issue is about, said once, in words the parse is sure of. */
function opening(facts: DraftFacts, readers: string, ref: () => string): string {
  const { topic } = facts;
  switch (topic.kind) {
    case 'how-to':
      return topic.action ? `This issue covers how to ${topic.action}.` : `This issue covers ${topic.about}.`;
    case 'question':
      // "Is a heat pump worth it?" is asked; "Why flossing matters" is a subject, not a question.
      return /\?$/u.test(topic.raw)
        ? `This issue answers a question we hear from ${readers}: ${capitalize(topic.raw)}`
        : `This issue is about ${sentence(inSentence(topic.raw))}`;
    case 'announcement':
      return `We have news about ${ref()}, and we wanted you to hear it first.`;
    case 'offer':
      return `This issue brings an offer for ${readers}: ${sentence(inSentence(topic.raw))}`;
    case 'event':
      return `You are invited: ${sentence(inSentence(topic.raw))}`;
    case 'list':
      // "Signs your water heater needs replacing" is a whole clause: said as typed, in running text.
      return `This issue covers ${sentence(inSentence(topic.raw))}`;
    default:
      return `This issue is about ${ref()}.`;
  }
}

function topicPlan(facts: DraftFacts, profile: BusinessProfile): Plan {
  const { trade } = facts;
  const readers = readersOf(facts, profile);
  const advice = tradeAdvice(facts);
  const sections: Section[] = [];
  if (advice.signs.length > 0)
    sections.push({
      heading: 'Warning Signs to Watch For',
      paragraphs: [
        `${advice.signs.join(' ')} Any of these is a good reason to book ${withArticle(trade.check)}.`,
      ],
    });
  // The title names the topic; the intro names it once more in full, later mentions are short.
  const ref = topicReferrer(facts.topic, 1);
  return { intro: [opening(facts, readers, ref)], sections, takeaways: advice.tips };
}

/** Heading for a group of source claims: the page's own heading when they came from one section. */
function headingFor(
  sentences: readonly RankedSentence[],
  outline: readonly OutlineSection[],
  fallback: string,
): string {
  const headings = new Set(
    sentences.map(
      (sentence) =>
        outline.find((section) => section.paragraphs.some((paragraph) => paragraph.includes(sentence.text)))
          ?.heading ?? null,
    ),
  );
  const [only] = [...headings];
  return headings.size === 1 && only ? only : fallback;
}

/**
 * URL mode: the page's strongest claims, whole and in page order, each with the sentences that lean
 * on it (summarize.ts), grouped by the page section they came from, under that section's heading.
 */
function sourcePlan(text: string, subject: string, focus: readonly string[]): Plan | null {
  const summary = extractiveSummary(text, {
    maxSentences: 8,
    maxWords: 360,
    query: [subject, ...focus].join(' '),
    exclude: new Set([subject]),
  });
  if (summary.length < 2) return null;
  const outline = detectOutline(text, subject);
  const [intro, ...body] = summary;
  const groups: RankedSentence[][] = [];
  for (const claim of body) {
    const last = groups.at(-1);
    const sameParagraph = last?.at(-1)?.paragraph === claim.paragraph;
    if (last && (sameParagraph || headingFor([...last, claim], outline, '') !== '') && last.length < 3)
      last.push(claim);
    else groups.push([claim]);
  }
  const sections = groups.map((group) => ({
    heading: headingFor(group, outline, 'Also Worth Knowing'),
    paragraphs: [group.map((sentence) => sentence.text).join(' ')],
  }));
  return { intro: intro ? [intro.text] : [], sections, takeaways: [] };
}

function contactLinks(profile: BusinessProfile, palette: Palette): string[] {
  const style = `color:${palette.accent};text-decoration:underline`;
  const links: string[] = [];
  if (profile.phone) links.push(`Call ${link(telHref(profile.phone), profile.phone, style)}`);
  if (profile.email) links.push(`email ${link(`mailto:${profile.email}`, profile.email, style)}`);
  const site = websiteUrl(profile);
  const label = websiteLabel(profile);
  if (site && label) links.push(`visit ${link(site, label, style)}`);
  return links;
}

function header(
  input: NewsletterRequest,
  profile: BusinessProfile,
  now: Date,
  seed: number,
  palette: Palette,
): string {
  if (!input.includeHeader) return '';
  const dateLine = [profile.name, longDate(now)].filter(Boolean).join(' · ');
  if (!input.includeTitle) {
    return wrap(
      'div',
      element(
        'p',
        dateLine,
        `margin:0;font-size:13px;color:${MUTED};text-transform:uppercase;letter-spacing:1px`,
      ),
      'padding:20px 28px;border-bottom:1px solid #e5e7eb',
    );
  }
  // Without a business name the issue is "The Monthly Update": the topic is the title just below.
  const name = `${profile.name ?? 'The Monthly'} ${pick(['Insider', 'Update', 'Digest', 'Bulletin', 'Briefing'], seed, 'name')}`;
  const place = locationOf(profile);
  const subheader = `${monthYear(now)} · News and practical tips${place ? ` for ${place}` : ''}`;
  return wrap(
    'div',
    [
      element('h1', name, `margin:0;font-size:28px;line-height:1.2;color:${palette.accentText}`),
      element('p', subheader, `margin:8px 0 0 0;font-size:15px;color:${palette.accentText};opacity:0.9`),
    ].join(''),
    `background-color:${palette.accent};padding:28px;text-align:left`,
  );
}

export function composeNewsletter(input: NewsletterRequest, context: ToolContext): OfflineDraft {
  const profile = profileFromClient(context.client);
  const source = input.inputType === 'url' ? context.source : null;
  const subject =
    input.inputType === 'topic' ? input.topic.trim() : source?.title.trim() || hostOf(input.url);
  const seed = hashText(`${subject}|${profile.name ?? ''}|${input.prompt}`);
  const palette = input.includeTitle ? pick(PALETTES, seed, 'palette') : NEUTRAL;
  const facts = draftFacts({
    // A page title is often a question or a slogan; its main phrase is the subject to write about.
    topic: source ? (keyPhrases(source.text, 1)[0]?.phrase ?? subject) : subject,
    profile,
    instructions: [newsletterInstructions(input.prompt, context.client)],
    siteText: source?.text ?? null,
    date: context.now,
  });
  const plan =
    (source && sourcePlan(source.text, subject, facts.instructions.mentions)) ?? topicPlan(facts, profile);
  const limit = wordBudget(facts, NEWSLETTER_WORDS);

  const headingStyle = `margin:28px 0 8px 0;font-size:20px;line-height:1.3;color:${palette.accent}`;
  const paragraphStyle = `margin:0 0 14px 0;font-size:16px;color:${TEXT}`;
  const paragraph = (text: string) => element('p', text, paragraphStyle);
  const blocks: { order: number; priority: number; required: boolean; html: string; words: number }[] = [];
  const add = (html: string, priority: number, required = false) =>
    blocks.push({ order: blocks.length, priority, required, html, words: countWords(htmlToText(html)) });

  const [firstIntro = '', ...moreIntro] = plan.intro;
  add(paragraph(firstIntro), 0, true);
  for (const text of moreIntro) add(paragraph(text), 3);
  const mentions = mentionSentences(facts, 'we', profile.name);
  if (mentions.length > 0) {
    add(
      `${element('h3', source ? 'Also Worth Knowing' : 'Good to Know', headingStyle)}${mentions.map(paragraph).join('')}`,
      0,
      true,
    );
  }
  plan.sections.forEach((section, index) => {
    add(
      `${element('h3', section.heading, headingStyle)}${section.paragraphs.map(paragraph).join('')}`,
      index < 2 ? 1 : 4 + index,
    );
  });
  if (plan.takeaways.length > 0)
    add(
      wrap(
        'div',
        [
          element('h3', 'Key Takeaways', `margin:0 0 8px 0;font-size:18px;color:${palette.accent}`),
          wrap(
            'ul',
            plan.takeaways.map((text) => element('li', text, 'margin:0 0 6px 0')).join(''),
            `margin:0;padding:0 0 0 20px;color:${TEXT}`,
          ),
        ].join(''),
        `background-color:${palette.soft};padding:18px 20px;margin:24px 0;border-left:4px solid ${palette.accent}`,
      ),
      2,
    );

  const contacts = contactLinks(profile, palette);
  const helper = profile.name ?? 'We';
  // The topic is named in the title and the intro; a third, shortened mention ("tips") reads as a fragment.
  const ctaText = `Have questions about anything in this issue? ${helper} ${profile.name ? 'is' : 'are'} here to help.`;
  const site = websiteUrl(profile);
  const cta = [element('p', ctaText, `${paragraphStyle};font-weight:bold`)];
  if (contacts.length > 0) cta.push(wrap('p', `${contacts.join(', ')}.`, paragraphStyle));
  else cta.push(element('p', 'Simply reply to this email and we will get back to you.', paragraphStyle));
  if (site) {
    cta.push(
      wrap(
        'p',
        link(
          site,
          'Get in Touch',
          `display:inline-block;background-color:${palette.accent};color:${palette.accentText};padding:12px 22px;border-radius:4px;text-decoration:none;font-weight:bold`,
        ),
        'margin:8px 0 0 0',
      ),
    );
  }
  const signOff = facts.instructions.signOff;
  if (signOff) cta.push(element('p', signOff, `${paragraphStyle};font-weight:bold`));
  const closing = wrap('div', cta.join(''), 'margin:24px 0 0 0');

  const address = postalAddress(profile);
  const footerLines = [
    profile.name
      ? endSentence(`You are receiving this email because you are a valued customer of ${profile.name}`)
      : 'You are receiving this email because you subscribed to our updates.',
    [profile.name, address].filter(Boolean).join(' · '),
  ].filter((line) => line !== '');
  const footer = wrap(
    'div',
    footerLines.map((line) => element('p', line, `margin:0 0 6px 0;font-size:12px;color:${MUTED}`)).join(''),
    'padding:18px 28px;border-top:1px solid #e5e7eb;text-align:center',
  );
  const head = header(input, profile, context.now, seed, palette);
  const title = element(
    'h2',
    titleCase(subject),
    `margin:0 0 12px 0;font-size:24px;line-height:1.25;color:${TEXT}`,
  );
  const fixedWords = countWords(htmlToText([head, title, closing, footer].join('')));
  const body = [title, ...fitBlocks(blocks, limit, fixedWords).map((block) => block.html), closing];

  return finishHtmlDraft(
    wrap(
      'div',
      [head, wrap('div', body.join(''), 'padding:28px'), footer].join(''),
      `max-width:640px;margin:0 auto;background-color:#ffffff;font-family:Arial, Helvetica, sans-serif;color:${TEXT};line-height:1.6`,
    ),
    facts,
    limit.min,
  );
}
