import type { ToolContext } from '#functions/generation/tool-definition';
import { countWords, htmlToText } from '#shared/text';
import type { NewsletterRequest } from '#shared/tools/newsletter';
import { longDate, monthYear } from '../compose/dates';
import { type DraftFacts, draftFacts, fitBlocks, mentionSentences, wordBudget } from '../compose/draft';
import { element, link, telHref, wrap } from '../compose/html';
import { capitalize, keyPhrases, terms, titleCase } from '../compose/keywords';
import { hostOf } from '../compose/phrasing';
import {
  type BusinessProfile,
  locationOf,
  postalAddress,
  profileFromClient,
  websiteLabel,
  websiteUrl,
} from '../compose/profile';
import { extractiveSummary, type RankedSentence } from '../compose/summarize';
import { agree, topicReferrer } from '../compose/topic';
import { hashText, pick, rotate } from '../compose/variation';
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

function topicPlan(facts: DraftFacts, profile: BusinessProfile, seed: number): Plan {
  const { topic, trade, season } = facts;
  // The title names the topic, and so does the newsletter's name when there is no business name.
  const ref = topicReferrer(topic, profile.name ? 1 : 0);
  const readers = readersOf(facts, profile);
  const team = profile.name ? `the team at ${profile.name}` : 'our team';
  const openings: Record<typeof topic.kind, () => string> = {
    'how-to': () => `This issue walks you through how to ${topic.action ?? topic.noun}, step by step.`,
    question: () =>
      `${capitalize(readers)} often ask us about ${ref()}, so this issue gives you a straight answer.`,
    announcement: () => `We have news about ${ref()}, and we wanted you to hear it first.`,
    offer: () => `This issue brings a special offer on ${ref()} for ${readers}.`,
    event: () => `You are invited: this issue has the details of our ${ref()}.`,
    list: () => `This issue rounds up what ${readers} should know about ${ref()}.`,
    subject: () =>
      pick(['talk', 'often'], seed, 'intro') === 'talk'
        ? `This ${season}, we are talking about ${ref()}: ${topic.aboutPlural ? 'why they matter' : 'why it matters'}, what to watch for and where to start.`
        : `${capitalize(ref())} ${agree('come', topic.aboutPlural)} up often in our conversations with ${readers}, so we gathered the essentials in one place.`,
  };
  const opening = openings[topic.kind]();
  const intro = [opening, `As always, ${team} is happy to answer your questions.`];
  const [sign1, sign2, sign3] = trade.signs;
  const angles: Section[] = [
    {
      heading: `Why ${capitalize(season)} Is the Right Time`,
      paragraphs: [
        `Paying a little attention to ${ref()} now prevents bigger and more expensive problems later.`,
        `${capitalize(season)} is a sensible moment${profile.city ? ` in ${profile.city}` : ''} to review where you stand and plan the next step with ${trade.pro}.`,
      ],
    },
    {
      heading: 'Where to Start',
      paragraphs: [
        `Start by noting what has changed since you last looked at ${ref()}.`,
        `Then write down the questions you want answered; it makes your next ${trade.visit} faster and clearer.`,
      ],
    },
    {
      heading: 'Warning Signs to Watch For',
      paragraphs: [`${sign1} ${sign2} ${sign3} Any of these is a good reason to book a ${trade.check}.`],
    },
    {
      heading: 'Common Mistakes to Avoid',
      paragraphs: [
        `The most common mistake with ${ref()} is waiting until something goes wrong.`,
        `Another is relying on guesswork instead of a quick ${trade.check}.`,
      ],
    },
    {
      heading: 'What Good Looks Like',
      paragraphs: [
        `Good work should feel simple: clear expectations, honest advice and results you can see.`,
        `If any of those are missing, ask a few more questions before you commit.`,
      ],
    },
  ];
  return {
    intro,
    sections: rotate(angles, seed, 'angles'),
    takeaways: [...trade.tips],
  };
}

/** Heading for a group of source sentences: its strongest key phrase not used by an earlier heading. */
function headingFor(sentences: readonly RankedSentence[], used: Set<string>, fallback: string): string {
  for (const { phrase } of keyPhrases(sentences.map((sentence) => sentence.text).join(' '), 6)) {
    const key = terms(phrase).join(' ');
    if (key !== '' && !used.has(key)) {
      used.add(key);
      return titleCase(phrase);
    }
  }
  return fallback;
}

function sourcePlan(text: string, subject: string, focus: readonly string[]): Plan | null {
  const summary = extractiveSummary(text, {
    maxSentences: 9,
    maxWords: 320,
    query: [subject, ...focus].join(' '),
    exclude: new Set([subject]),
  });
  if (summary.length < 3) return null;
  const introCount = summary.length >= 7 ? 2 : 1;
  const intro = summary.slice(0, introCount);
  const takeawayCount = summary.length >= 6 ? 3 : 1;
  const body = summary.slice(introCount, summary.length - takeawayCount);
  const takeaways = summary.slice(summary.length - takeawayCount);
  const used = new Set(terms(subject).length > 0 ? [terms(subject).join(' ')] : []);
  const groups: RankedSentence[][] = [];
  for (let index = 0; index < body.length; index += 2) groups.push(body.slice(index, index + 2));
  const sections = groups.map((group, index) => ({
    heading: headingFor(group, used, index === 0 ? 'The Details' : 'Also Worth Knowing'),
    paragraphs: [group.map((sentence) => sentence.text).join(' ')],
  }));
  return {
    intro: [intro.map((sentence) => sentence.text).join(' ')],
    sections,
    takeaways: takeaways.map((sentence) => sentence.text),
  };
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
  subject: string,
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
  const name = `${profile.name ?? titleCase(subject)} ${pick(['Insider', 'Update', 'Digest', 'Bulletin', 'Briefing'], seed, 'name')}`;
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

export function composeNewsletter(input: NewsletterRequest, context: ToolContext): string {
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
    (source && sourcePlan(source.text, subject, facts.instructions.mentions)) ??
    topicPlan(facts, profile, seed);
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
  const ctaText = `Have questions about ${facts.topic.short}? ${helper} ${profile.name ? 'is' : 'are'} here to help.`;
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
      ? `You are receiving this email because you are a valued customer of ${profile.name}.`
      : 'You are receiving this email because you subscribed to our updates.',
    [profile.name, address].filter(Boolean).join(' · '),
  ].filter((line) => line !== '');
  const footer = wrap(
    'div',
    footerLines.map((line) => element('p', line, `margin:0 0 6px 0;font-size:12px;color:${MUTED}`)).join(''),
    'padding:18px 28px;border-top:1px solid #e5e7eb;text-align:center',
  );
  const head = header(input, profile, subject, context.now, seed, palette);
  const title = element(
    'h2',
    titleCase(subject),
    `margin:0 0 12px 0;font-size:24px;line-height:1.25;color:${TEXT}`,
  );
  const fixedWords = countWords(htmlToText([head, title, closing, footer].join('')));
  const body = [title, ...fitBlocks(blocks, limit, fixedWords).map((block) => block.html), closing];

  return wrap(
    'div',
    [head, wrap('div', body.join(''), 'padding:28px'), footer].join(''),
    `max-width:640px;margin:0 auto;background-color:#ffffff;font-family:Arial, Helvetica, sans-serif;color:${TEXT};line-height:1.6`,
  );
}
