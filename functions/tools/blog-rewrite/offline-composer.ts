import type { ExtractedSource, ToolContext } from '#functions/generation/tool-definition';
import { countWords, htmlToText } from '#shared/text';
import type { BlogFramework, BlogRewriteRequest } from '#shared/tools/blog-rewrite';
import { themeOf } from '../compose/focus';
import { element, wrap } from '../compose/html';
import { titleCase } from '../compose/keywords';
import { detectOutline } from '../compose/outline';
import { hostOf, stripEmoji } from '../compose/phrasing';
import { profileFromClient } from '../compose/profile';
import { splitSentences } from '../compose/sentences';
import { informativeSentences, type RankedSentence, rankSentences } from '../compose/summarize';
import { hashText, pick, rotate } from '../compose/variation';
import { roleOf, type SentenceRole, takeSentences } from './sentence-roles';

/**
 * The offline rewrite: the post's own sentences, reshaped. 'original' keeps the outline (its headings,
 * in order) and drops filler; the frameworks regroup the most informative sentences by what they do
 * (problem, cost, solution, benefit) into the framework's sections, bridging gaps with sentences built
 * from the post's main theme. The reply is the JSON a model is asked for: {"text", "html"}.
 */

export type SectionKey =
  | 'intro'
  | 'character'
  | 'problem'
  | 'guide'
  | 'plan'
  | 'action'
  | 'success'
  | 'failure'
  | 'attention'
  | 'interest'
  | 'desire'
  | 'agitate'
  | 'solution'
  | 'original';

/** The sections each framework produces, in order (StoryBrand, AIDA and PAS as their authors define them). */
export const FRAMEWORK_SECTIONS: Readonly<Record<Exclude<BlogFramework, 'original'>, readonly SectionKey[]>> =
  {
    storybrand: ['character', 'problem', 'guide', 'plan', 'action', 'success', 'failure'],
    aida: ['attention', 'interest', 'desire', 'action'],
    pas: ['problem', 'agitate', 'solution'],
  };

const EMOJI: Readonly<Record<SectionKey, string>> = {
  intro: '👋',
  character: '👋',
  problem: '⚠️',
  guide: '🧭',
  plan: '🗺️',
  action: '📞',
  success: '🎉',
  failure: '🚫',
  attention: '👀',
  interest: '💡',
  desire: '✨',
  agitate: '😟',
  solution: '✅',
  original: '📌',
};

const ORIGINAL_EMOJI = ['📌', '💡', '🔧', '🏠', '✨', '📋'] as const;

interface Section {
  readonly key: SectionKey;
  readonly heading: string | null;
  readonly paragraphs: readonly string[];
  readonly steps?: readonly string[];
}

interface Material {
  readonly title: string;
  readonly theme: string;
  readonly guide: string;
  readonly contact: string | null;
  readonly seed: number;
}

const joinSentences = (sentences: readonly RankedSentence[]): string =>
  sentences.map((sentence) => sentence.text).join(' ');

function paragraphOr(sentences: readonly RankedSentence[], fallback: string): string {
  return sentences.length > 0 ? joinSentences(sentences) : fallback;
}

function callToAction(material: Material): string {
  const { theme, guide, contact, seed } = material;
  const opener = pick(
    [`Ready to take care of ${theme}?`, `Have questions about ${theme}?`, `Thinking about ${theme}?`],
    seed,
    'cta',
  );
  return `${opener} Contact ${guide} today${contact ? ` at ${contact}` : ''}.`;
}

function storyBrand(pool: RankedSentence[], material: Material): Section[] {
  const { theme, guide, seed } = material;
  return [
    {
      key: 'character',
      heading: 'Who This Is For',
      paragraphs: [
        paragraphOr(
          takeSentences(pool, ['audience'], 2),
          `If you are weighing ${theme} for your home or business, this guide is for you.`,
        ),
      ],
    },
    {
      key: 'problem',
      heading: 'The Problem',
      paragraphs: [
        paragraphOr(
          takeSentences(pool, ['problem'], 2),
          `Most people only start thinking about ${theme} when something goes wrong, and by then the options are fewer.`,
        ),
      ],
    },
    {
      key: 'guide',
      heading: 'Meet Your Guide',
      paragraphs: [paragraphOr(takeSentences(pool, ['solution'], 2), `${guide} has the experience to help.`)],
    },
    {
      key: 'plan',
      heading: 'The Plan',
      paragraphs: [],
      steps: [
        `Contact ${guide}.`,
        pick(['Get a clear plan and price.', 'Review your options and the price.'], seed, 'plan-2'),
        pick(['Enjoy the result.', 'Relax while it gets done right.'], seed, 'plan-3'),
      ],
    },
    { key: 'action', heading: 'Take the Next Step', paragraphs: [callToAction(material)] },
    {
      key: 'success',
      heading: 'What Success Looks Like',
      paragraphs: [
        paragraphOr(
          takeSentences(pool, ['benefit'], 3, true),
          `With ${theme} handled properly, you get comfort, predictable costs and peace of mind.`,
        ),
      ],
    },
    {
      key: 'failure',
      heading: 'What Is at Stake',
      paragraphs: [
        paragraphOr(
          takeSentences(pool, ['consequence'], 2),
          `Putting off ${theme} usually means higher costs and more disruption later.`,
        ),
      ],
    },
  ];
}

function aida(pool: RankedSentence[], material: Material): Section[] {
  const { theme } = material;
  // A number makes the strongest hook: the best-ranked sentence that has one.
  const striking = pool.find((sentence) => /\d/u.test(sentence.text));
  if (striking) pool.splice(pool.indexOf(striking), 1);
  const hook = pick(
    [
      `Is it time to think about ${theme}?`,
      `Here is something most people never hear about ${theme}.`,
      `What if ${theme} could be simpler than you think?`,
    ],
    material.seed,
    'hook',
  );
  return [
    {
      key: 'attention',
      heading: `The Case for ${titleCase(theme)}`,
      paragraphs: [striking ? `${hook} ${striking.text}` : hook],
    },
    {
      key: 'interest',
      heading: 'What You Should Know',
      paragraphs: [
        paragraphOr(
          takeSentences(pool, ['fact', 'solution', 'problem'], 3, true),
          `Here is how ${theme} works in practice.`,
        ),
      ],
    },
    {
      key: 'desire',
      heading: 'Why You Will Love It',
      paragraphs: [
        paragraphOr(
          takeSentences(pool, ['benefit'], 3),
          `Imagine never having to worry about ${theme} again: less hassle, fewer surprises and more time for what matters.`,
        ),
      ],
    },
    { key: 'action', heading: 'Take Action', paragraphs: [callToAction(material)] },
  ];
}

function pas(pool: RankedSentence[], material: Material): Section[] {
  const { theme } = material;
  return [
    {
      key: 'problem',
      heading: 'The Problem',
      paragraphs: [
        paragraphOr(
          takeSentences(pool, ['problem', 'audience'], 2),
          `Most people put off thinking about ${theme} until it becomes a problem.`,
        ),
      ],
    },
    {
      key: 'agitate',
      heading: 'Why It Gets Worse',
      paragraphs: [
        `${paragraphOr(
          takeSentences(pool, ['consequence'], 2),
          'Costs climb, options narrow, and a manageable job turns into an urgent one.',
        )}`,
      ],
    },
    {
      key: 'solution',
      heading: 'The Solution',
      paragraphs: [
        paragraphOr(
          takeSentences(pool, ['solution', 'benefit'], 4, true),
          `The fix starts with a professional look at ${theme}.`,
        ),
        callToAction(material),
      ],
    },
  ];
}

/** Case and punctuation do not make a sentence different. */
const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The post's content: every sentence except greetings and asides (sentences the summarizer ranks
 * low that carry no number). If leaving those out would shrink the post by more than a tenth, they are
 * put back, best first: a rewrite keeps the post's length and every fact in it.
 */
export function contentSentences(text: string, title: string): RankedSentence[] {
  const titleKey = normalise(title);
  const ranked = rankSentences(text, title).filter((sentence) => normalise(sentence.text) !== titleKey);
  const informative = new Set(informativeSentences(text, title).map((sentence) => sentence.text));
  const kept = ranked.filter((sentence) => informative.has(sentence.text) || /\d/u.test(sentence.text));
  const total = countWords(ranked.map((sentence) => sentence.text).join(' '));
  let words = countWords(kept.map((sentence) => sentence.text).join(' '));
  for (const sentence of ranked) {
    if (words >= total * 0.9) break;
    if (kept.includes(sentence)) continue;
    kept.push(sentence);
    words += countWords(sentence.text);
  }
  return kept;
}

/** Where each framework puts the post's remaining sentences, by what they do. */
const HOME_SECTION: Readonly<Record<Exclude<BlogFramework, 'original'>, Record<SentenceRole, SectionKey>>> = {
  storybrand: {
    problem: 'problem',
    consequence: 'failure',
    solution: 'guide',
    benefit: 'success',
    audience: 'character',
    fact: 'guide',
  },
  aida: {
    problem: 'interest',
    consequence: 'interest',
    solution: 'interest',
    benefit: 'desire',
    audience: 'interest',
    fact: 'interest',
  },
  pas: {
    problem: 'problem',
    consequence: 'agitate',
    solution: 'solution',
    benefit: 'solution',
    audience: 'problem',
    fact: 'solution',
  },
};

/** Adds the sentences no section took to the sections their role belongs to, in text order. */
function placeLeftovers(
  sections: Section[],
  leftovers: readonly RankedSentence[],
  framework: Exclude<BlogFramework, 'original'>,
): Section[] {
  const extra = new Map<SectionKey, RankedSentence[]>();
  for (const sentence of [...leftovers].sort((a, b) => a.index - b.index)) {
    const key = HOME_SECTION[framework][roleOf(sentence.text)];
    extra.set(key, [...(extra.get(key) ?? []), sentence]);
  }
  return sections.map((section) => {
    const added = extra.get(section.key) ?? [];
    if (added.length === 0) return section;
    const paragraphs: string[] = [];
    for (let index = 0; index < added.length; index += 3)
      paragraphs.push(joinSentences(added.slice(index, index + 3)));
    // Before the call to action, when the section ends with one.
    const last = section.paragraphs.at(-1) ?? '';
    const endsWithCta = section.key === 'solution' && section.paragraphs.length > 1;
    return {
      ...section,
      paragraphs: endsWithCta
        ? [...section.paragraphs.slice(0, -1), ...paragraphs, last]
        : [...section.paragraphs, ...paragraphs],
    };
  });
}

/** 'Leave As Is': the post's headings in order, each section without its greetings and asides. */
function original(text: string, title: string): Section[] {
  const kept = new Set(contentSentences(text, title).map((sentence) => sentence.text));
  const keep = (sentence: string): boolean => kept.has(sentence);
  return detectOutline(text, title).flatMap((section) => {
    const paragraphs = section.paragraphs
      .map((paragraph) => splitSentences(paragraph).map((sentence) => sentence.text))
      .map((sentences) => sentences.filter(keep).join(' '))
      .filter((paragraph) => paragraph !== '');
    if (paragraphs.length === 0 && section.heading === null) return [];
    // A heading keeps its place even when its text is thin: the outline is what this mode preserves.
    const thin = paragraphs.length > 0 ? paragraphs : [section.paragraphs[0] ?? ''];
    return [
      { key: section.heading === null ? 'intro' : 'original', heading: section.heading, paragraphs: thin },
    ];
  });
}

function material(
  input: BlogRewriteRequest,
  source: ExtractedSource,
  text: string,
  context: ToolContext,
): Material {
  const title = source.title.trim() || titleCase(hostOf(input.url));
  const profile = profileFromClient(context.client);
  const theme = themeOf(text, title);
  return {
    title,
    theme,
    guide: profile.name ?? source.siteName ?? 'our team',
    contact: profile.phone ?? null,
    seed: hashText(`${input.url}|${input.framework}`),
  };
}

function withEmoji(text: string, emoji: string, on: boolean): string {
  return on ? `${emoji} ${text}` : text;
}

function render(
  title: string,
  sections: readonly Section[],
  input: BlogRewriteRequest,
  seed: number,
): string {
  const originalEmoji = rotate(ORIGINAL_EMOJI, seed, 'emoji');
  const parts = [element('h1', withEmoji(title, '📝', input.addEmojis))];
  sections.forEach((section, index) => {
    if (section.heading !== null) {
      const emoji =
        section.key === 'original'
          ? (originalEmoji[index % originalEmoji.length] ?? '📌')
          : EMOJI[section.key];
      parts.push(element('h2', withEmoji(section.heading, emoji, input.addEmojis)));
    }
    for (const paragraph of section.paragraphs) parts.push(element('p', paragraph));
    if (section.steps) parts.push(wrap('ol', section.steps.map((step) => element('li', step)).join('')));
  });
  return parts.join('\n');
}

export function composeBlogRewrite(input: BlogRewriteRequest, context: ToolContext): string {
  const source: ExtractedSource = context.source ?? { url: input.url, title: '', text: '', siteName: null };
  const clean = (value: string): string => (input.addEmojis ? value : stripEmoji(value));
  const text = clean(source.text);
  const facts = material(input, { ...source, title: clean(source.title) }, text, context);
  let sections: Section[];
  if (input.framework === 'original') {
    sections = original(text, facts.title);
  } else {
    const pool = contentSentences(text, facts.title);
    const build = { storybrand: storyBrand, aida, pas }[input.framework];
    sections = placeLeftovers(build(pool, facts), pool, input.framework);
  }
  const html = render(facts.title, sections, input, facts.seed);
  return JSON.stringify({ text: htmlToText(html), html });
}
