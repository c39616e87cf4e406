import type { ToolContext } from '#functions/generation/tool-definition';
import type { NewsletterRequest } from '#shared/tools/newsletter';
import { longDate, monthYear, season } from '../compose/dates';
import { focusPhrases } from '../compose/focus';
import { element, link, telHref, wrap } from '../compose/html';
import { capitalize, keyPhrases, terms, titleCase } from '../compose/keywords';
import { hostOf, inSentence } from '../compose/phrasing';
import {
  type BusinessProfile,
  locationOf,
  postalAddress,
  profileFromClient,
  websiteLabel,
  websiteUrl,
} from '../compose/profile';
import { extractiveSummary, type RankedSentence } from '../compose/summarize';
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

function audienceOf(profile: BusinessProfile): string {
  return profile.city ? `homeowners and businesses in ${profile.city}` : 'our readers';
}

function topicPlan(subject: string, profile: BusinessProfile, now: Date, seed: number): Plan {
  const topic = inSentence(subject);
  const Topic = titleCase(subject);
  const when = season(now);
  const audience = audienceOf(profile);
  const team = profile.name ? `the team at ${profile.name}` : 'our team';
  const intro = [
    pick(
      [
        `${capitalize(when)} is a good moment to talk about ${topic}, and in this issue we share what ${audience} should know.`,
        `This issue is all about ${topic}: what it means for ${audience}, what to watch for and where to start.`,
        `${capitalize(topic)} comes up often in our conversations with ${audience}, so we gathered the essentials in one place.`,
      ],
      seed,
      'intro',
    ),
    `As always, ${team} is happy to answer your questions.`,
  ];
  const angles: Section[] = [
    {
      heading: `Why Now Is the Right Time for ${Topic}`,
      paragraphs: [
        `A little attention to ${topic} now tends to prevent bigger and more expensive problems later.`,
        `${capitalize(when)} conditions${profile.city ? ` in ${profile.city}` : ''} make this a sensible time to review where you stand and plan the next step.`,
      ],
    },
    {
      heading: `Getting Started with ${Topic}`,
      paragraphs: [
        `Start by noting what you already have in place and what has changed since you last looked at ${topic}.`,
        'Then write down the questions you want answered; it makes every conversation with a professional faster and clearer.',
      ],
    },
    {
      heading: 'Common Mistakes to Avoid',
      paragraphs: [
        `The most common mistake when it comes to ${topic} is waiting until something goes wrong.`,
        `Another is relying on guesswork instead of a quick check by someone who deals with ${topic} every day.`,
      ],
    },
    {
      heading: 'What Good Looks Like',
      paragraphs: [
        `When it comes to ${topic}, good work should feel simple: clear expectations, honest advice and results you can see.`,
        'If any of those are missing, it is worth asking a few more questions before you commit.',
      ],
    },
  ];
  const tips = [
    `Put a reminder in your calendar to review ${topic} every ${when}.`,
    'Keep notes and receipts in one place so the history is easy to check.',
    'Ask for a written estimate before any work begins.',
    'Compare options on long-term value, not only on the upfront price.',
    'Reach out early when something seems off: small fixes stay small.',
  ];
  return {
    intro,
    sections: rotate(angles, seed, 'angles').slice(0, 2),
    takeaways: rotate(tips, seed, 'tips').slice(0, 3),
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

function focusSection(
  phrase: string,
  position: number,
  profile: BusinessProfile,
  now: Date,
  seed: number,
): Section {
  const asked = profile.name ? `Ask the ${profile.name} team` : 'Ask us';
  // Consecutive sections take consecutive openings, so two of them never read alike.
  const openings = rotate(
    [
      `We also want to put the ${phrase} on your radar this ${season(now)}.`,
      `Keep the ${phrase} in mind as you plan the weeks ahead.`,
      `Take a closer look at the ${phrase} this month.`,
    ],
    seed,
    'focus',
  );
  return {
    heading: titleCase(phrase),
    paragraphs: [`${openings[position % openings.length]} ${asked} what the ${phrase} means for you.`],
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
  const focus = focusPhrases([newsletterInstructions(input.prompt, context.client)], 2, subject);
  const plan =
    (source && sourcePlan(source.text, subject, focus)) ?? topicPlan(subject, profile, context.now, seed);
  // A page title is often a question or a slogan; its main phrase reads better inside a sentence.
  const theme = source ? (keyPhrases(source.text, 1)[0]?.phrase ?? subject) : subject;
  const sections = [
    ...plan.sections,
    ...focus.map((phrase, position) => focusSection(phrase, position, profile, context.now, seed)),
  ];

  const headingStyle = `margin:28px 0 8px 0;font-size:20px;line-height:1.3;color:${palette.accent}`;
  const paragraphStyle = `margin:0 0 14px 0;font-size:16px;color:${TEXT}`;
  const body: string[] = [
    element('h2', titleCase(subject), `margin:0 0 12px 0;font-size:24px;line-height:1.25;color:${TEXT}`),
    ...plan.intro.map((text) => element('p', text, paragraphStyle)),
  ];
  for (const section of sections) {
    body.push(element('h3', section.heading, headingStyle));
    body.push(...section.paragraphs.map((text) => element('p', text, paragraphStyle)));
  }
  body.push(
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
  );

  const contacts = contactLinks(profile, palette);
  const helper = profile.name ?? 'We';
  const ctaText = `Questions about ${inSentence(theme)}? ${helper} ${profile.name ? 'is' : 'are'} here to help.`;
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
  body.push(wrap('div', cta.join(''), 'margin:24px 0 0 0'));

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

  return wrap(
    'div',
    [
      header(input, profile, subject, context.now, seed, palette),
      wrap('div', body.join(''), 'padding:28px'),
      footer,
    ].join(''),
    `max-width:640px;margin:0 auto;background-color:#ffffff;font-family:Arial, Helvetica, sans-serif;color:${TEXT};line-height:1.6`,
  );
}
