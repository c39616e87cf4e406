import type { ExtractedSource, OfflineDraft, ToolContext } from '#functions/generation/tool-definition';
import { htmlToText } from '#shared/text';
import type { BlogFramework, BlogRewriteRequest } from '#shared/tools/blog-rewrite';
import { offlineDraft } from '../compose/draft-check';
import { element, wrap } from '../compose/html';
import { titleCase } from '../compose/keywords';
import { detectOutline } from '../compose/outline';
import { hostOf, stripEmoji } from '../compose/phrasing';
import { profileFromClient } from '../compose/profile';
import { splitSentences } from '../compose/sentences';
import { leansBack, rankSentences } from '../compose/summarize';
import { tidyDraft } from '../compose/tidy';
import { hashText, rotate } from '../compose/variation';
import { roleOf, type SentenceRole } from './sentence-roles';

/**
 * The offline rewrite: the post's own paragraphs, reshaped, never reworded. 'original' keeps the
 * outline (its headings, in order) and drops greetings and asides; the frameworks place each paragraph
 * whole, by what it does (problem, cost, solution, benefit), in the framework's sections, under the
 * heading it had in the post, so no claim moves away from its subject. A section the post has nothing
 * for says what to add, in brackets. The reply is the JSON a model is asked for: {"text", "html"}.
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
  /** Paragraphs, each under the source heading it had (null when the source section had none). */
  readonly blocks: readonly Block[];
  readonly steps?: readonly string[];
}

/** A paragraph of the post, whole, with the heading it was under: the subject its claims are about. */
interface Block {
  readonly sourceHeading: string | null;
  readonly sourceSection: number;
  readonly order: number;
  readonly text: string;
}

interface Material {
  readonly title: string;
  readonly guide: string;
  readonly contact: string | null;
  readonly seed: number;
}

/** What the business can say without a source: a next step with its real contact details. */
function callToAction(material: Material): string {
  const { guide, contact } = material;
  return `Contact ${guide} today${contact ? ` at ${contact}` : ''} with your questions.`;
}

const placeholder = (what: string): Block => ({
  sourceHeading: null,
  sourceSection: -1,
  order: Number.MAX_SAFE_INTEGER,
  text: `[Add ${what} here.]`,
});

/** Case and punctuation do not make a sentence different. */
const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The post's paragraphs, whole, each with its heading. Greetings and asides (paragraphs whose every
 * sentence the summarizer ranks low and that carry no number) are left out; no paragraph is cut.
 */
export function postBlocks(text: string, title: string): Block[] {
  const ranked = rankSentences(text, title, true);
  const mean = ranked.reduce((sum, sentence) => sum + sentence.score, 0) / Math.max(1, ranked.length);
  const informative = ranked.filter((sentence) => sentence.score >= mean * 0.5).map((s) => normalise(s.text));
  const carries = (sentence: string): boolean =>
    /\d/u.test(sentence) || informative.some((claim) => claim.includes(normalise(sentence)));
  const blocks: Block[] = [];
  detectOutline(text, title).forEach((section, sectionIndex) => {
    for (const paragraph of section.paragraphs) {
      const sentences = splitSentences(paragraph).map((sentence) => sentence.text);
      if (!sentences.some(carries)) continue;
      blocks.push({
        sourceHeading: section.heading,
        sourceSection: sectionIndex,
        order: blocks.length,
        text: paragraph,
      });
    }
  });
  return blocks;
}

/** Where each framework puts a paragraph, by what it does. */
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

const HEADINGS: Readonly<Record<SectionKey, string>> = {
  intro: '',
  original: '',
  character: 'Who This Is For',
  problem: 'The Problem',
  guide: 'Meet Your Guide',
  plan: 'The Plan',
  action: 'Take the Next Step',
  success: 'What Success Looks Like',
  failure: 'What Is at Stake',
  attention: 'Why It Matters',
  interest: 'What You Should Know',
  desire: 'Why You Will Love It',
  agitate: 'Why It Gets Worse',
  solution: 'The Solution',
};

/** What a section with no paragraph of the post asks the writer to add. */
const MISSING: Partial<Record<SectionKey, string>> = {
  character: 'who this post is for and what they want',
  problem: 'the problem your readers face',
  guide: 'why your business is the one to help',
  success: 'what success looks like for the reader',
  failure: 'what waiting costs the reader',
  attention: 'a hook for the reader',
  interest: 'the facts that matter to the reader',
  desire: 'the benefits the reader will feel',
  agitate: 'what the problem costs if it is left alone',
  solution: 'your solution',
};

/**
 * A framework's sections from the post's own paragraphs. Each paragraph is placed whole, by its role,
 * under the heading it had in the post, so every claim stays with its subject: the framework reorders
 * and frames, it never rewrites or merges. The first paragraph opens the post, and AIDA's hook is the
 * post's opening paragraph.
 */
function frameworkSections(
  framework: Exclude<BlogFramework, 'original'>,
  blocks: readonly Block[],
  material: Material,
): Section[] {
  const keys = FRAMEWORK_SECTIONS[framework];
  const placed = new Map<SectionKey, Block[]>(keys.map((key) => [key, []]));
  const first = keys[0] ?? 'problem';
  let previousKey: SectionKey = first;
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    // The post's opening paragraph opens the framework too: the hook, the character, the problem. A
    // paragraph that opens by leaning on the one before it ("The visit also includes…") goes with it.
    const followsOn =
      previous !== undefined &&
      previous.sourceSection === block.sourceSection &&
      leansBack(splitSentences(block.text)[0]?.text ?? '');
    const home = HOME_SECTION[framework][roleOf(block.text)];
    const key =
      index === 0 ? first : followsOn ? previousKey : home === 'plan' || home === 'action' ? 'guide' : home;
    placed.get(key)?.push(block);
    previousKey = key;
  });
  return keys.map((key) => {
    if (key === 'action')
      return { key, heading: framework === 'aida' ? 'Take Action' : HEADINGS[key], blocks: [] };
    if (key === 'plan')
      return {
        key,
        heading: HEADINGS[key],
        blocks: [],
        steps: [
          `Contact ${material.guide}${material.contact ? ` at ${material.contact}` : ''}.`,
          '[Add the second step of your process here.]',
          '[Add what the reader gets at the end here.]',
        ],
      };
    const own = [...(placed.get(key) ?? [])].sort((a, b) => a.order - b.order);
    const missing = MISSING[key];
    return {
      key,
      heading: HEADINGS[key],
      blocks: own.length > 0 || !missing ? own : [placeholder(missing)],
    };
  });
}

/** 'Leave As Is': the post's headings in order, each section without its greetings and asides. */
function original(blocks: readonly Block[]): Section[] {
  const sections: Section[] = [];
  for (const block of blocks) {
    const last = sections.at(-1);
    const sameSection = last?.blocks[0]?.sourceSection === block.sourceSection;
    if (last && sameSection) {
      sections[sections.length - 1] = { ...last, blocks: [...last.blocks, block] };
      continue;
    }
    sections.push({
      key: block.sourceHeading === null ? 'intro' : 'original',
      heading: block.sourceHeading,
      blocks: [{ ...block, sourceHeading: null }],
    });
  }
  return sections;
}

function material(input: BlogRewriteRequest, source: ExtractedSource, context: ToolContext): Material {
  const title = source.title.trim() || titleCase(hostOf(input.url));
  const profile = profileFromClient(context.client);
  return {
    title,
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
  material: Material,
): string {
  const originalEmoji = rotate(ORIGINAL_EMOJI, material.seed, 'emoji');
  const parts = [element('h1', withEmoji(title, '📝', input.addEmojis))];
  sections.forEach((section, index) => {
    if (section.heading !== null) {
      const emoji =
        section.key === 'original'
          ? (originalEmoji[index % originalEmoji.length] ?? '📌')
          : EMOJI[section.key];
      parts.push(element('h2', withEmoji(section.heading, emoji, input.addEmojis)));
    }
    let shownHeading: string | null = null;
    for (const block of section.blocks) {
      // The post's own heading names the subject of the paragraphs under it.
      if (block.sourceHeading !== null && block.sourceHeading !== shownHeading)
        parts.push(element('h3', block.sourceHeading));
      shownHeading = block.sourceHeading;
      parts.push(element('p', block.text));
    }
    if (section.steps) parts.push(wrap('ol', section.steps.map((step) => element('li', step)).join('')));
    // PAS has no section of its own for the next step: the solution ends with it.
    if (section.key === 'action' || (section.key === 'solution' && input.framework === 'pas'))
      parts.push(element('p', callToAction(material)));
  });
  return parts.join('\n');
}

export function composeBlogRewrite(input: BlogRewriteRequest, context: ToolContext): OfflineDraft {
  const source: ExtractedSource = context.source ?? { url: input.url, title: '', text: '', siteName: null };
  const clean = (value: string): string => (input.addEmojis ? value : stripEmoji(value));
  const text = clean(source.text);
  const facts = material(input, { ...source, title: clean(source.title) }, context);
  const blocks = postBlocks(text, facts.title);
  const sections =
    input.framework === 'original' ? original(blocks) : frameworkSections(input.framework, blocks, facts);
  const html = tidyDraft(render(facts.title, sections, input, facts));
  const notes =
    input.framework !== 'original' && /\[Add /u.test(html)
      ? [
          'The post has nothing for some of the framework’s sections: fill in the bracketed notes before sending.',
        ]
      : [];
  return offlineDraft(JSON.stringify({ text: htmlToText(html), html }), notes);
}
