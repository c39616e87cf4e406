import { stem, words } from '../compose/keywords';
import type { RankedSentence } from '../compose/summarize';

/**
 * What a sentence of a blog post does, for reshaping it into a copywriting framework: names a problem,
 * spells out its cost, offers the solution or a step, promises a benefit, or speaks to the reader.
 * Cue words are matched on stems, so "leaks" and "leaking" both count.
 */

export type SentenceRole = 'problem' | 'consequence' | 'solution' | 'benefit' | 'audience' | 'fact';

const CUES: Readonly<Record<Exclude<SentenceRole, 'fact'>, readonly string[]>> = {
  problem:
    `problem issue struggle trouble break broken leak fail failure worry frustrate frustrating difficult hard
pain mistake danger dangerous slow outdated wear worn noise clog inconvenient unreliable`.split(/\s+/u),
  consequence:
    `cost costly expensive bill damage replace shorter risk void higher worse waste lose losing loss
emergency downtime stress unsafe mold ruin`.split(/\s+/u),
  solution: `install installation service schedule call contact offer estimate licensed professional process
step plan team technician expert inspect inspection maintain maintenance flush size choose option solution help`.split(
    /\s+/u,
  ),
  benefit:
    `save saving cut lower enjoy benefit improve last longer efficient efficiency comfort peace reliable
warranty value free compact space never confidence better`.split(/\s+/u),
  audience: `you your family families home homes homeowner homeowners customer customers business owner owners
household households resident residents`.split(/\s+/u),
};

const CUE_STEMS = Object.fromEntries(
  Object.entries(CUES).map(([role, cues]) => [role, new Set(cues.map(stem))]),
) as Record<Exclude<SentenceRole, 'fact'>, Set<string>>;

/** Cue counts of a sentence for every role. */
export function roleScores(text: string): Record<Exclude<SentenceRole, 'fact'>, number> {
  const stems = words(text).map(stem);
  const count = (role: Exclude<SentenceRole, 'fact'>) =>
    stems.filter((word) => CUE_STEMS[role].has(word)).length;
  return {
    problem: count('problem'),
    consequence: count('consequence'),
    solution: count('solution'),
    benefit: count('benefit'),
    audience: count('audience'),
  };
}

/** The sentence's strongest role; ties go to the earlier role in the list, no cue at all is 'fact'. */
export function roleOf(text: string): SentenceRole {
  const scores = roleScores(text);
  let best: SentenceRole = 'fact';
  let bestScore = 0;
  for (const role of ['problem', 'consequence', 'benefit', 'solution', 'audience'] as const) {
    if (scores[role] > bestScore) {
      best = role;
      bestScore = scores[role];
    }
  }
  return best;
}

/**
 * Takes up to `count` sentences for a section: first those whose role is one of `roles`, best ranked
 * first, then (when `fill`) the best remaining ones. Taken sentences are removed from the pool; the
 * result is in text order.
 */
export function takeSentences(
  pool: RankedSentence[],
  roles: readonly SentenceRole[],
  count: number,
  fill = false,
): RankedSentence[] {
  const taken: RankedSentence[] = [];
  const matches = pool.filter((sentence) => roles.includes(roleOf(sentence.text)));
  for (const sentence of [...matches, ...(fill ? pool : [])]) {
    if (taken.length >= count) break;
    if (!taken.includes(sentence)) taken.push(sentence);
  }
  for (const sentence of taken) pool.splice(pool.indexOf(sentence), 1);
  return taken.sort((a, b) => a.index - b.index);
}
