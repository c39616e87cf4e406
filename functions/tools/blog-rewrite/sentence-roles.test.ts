import { describe, expect, it } from 'vitest';
import type { RankedSentence } from '../compose/summarize';
import { roleOf, takeSentences } from './sentence-roles';

const ranked = (texts: string[]): RankedSentence[] =>
  texts.map((text, index) => ({ text, index, paragraph: 0, score: 1 - index / 10 }));

describe('roleOf', () => {
  it('reads the job of a sentence from its cue words', () => {
    expect(roleOf('A slow leak under the sink is a common problem.')).toBe('problem');
    expect(roleOf('Water damage is expensive and can mean replacing the floor.')).toBe('consequence');
    expect(roleOf('You will save money and enjoy lower bills.')).toBe('benefit');
    expect(roleOf('Our licensed technicians install every brand.')).toBe('solution');
    expect(roleOf('The unit weighs forty pounds.')).toBe('fact');
  });
});

describe('takeSentences', () => {
  it('takes matching sentences first, removes them from the pool and returns them in text order', () => {
    const pool = ranked([
      'The unit weighs forty pounds.',
      'Our licensed technicians install every brand.',
      'A slow leak under the sink is a common problem.',
      'Call our team to schedule a visit.',
    ]);
    const solution = takeSentences(pool, ['solution'], 5);
    expect(solution.map((sentence) => sentence.index)).toEqual([1, 3]);
    expect(pool).toHaveLength(2);
    const filled = takeSentences(pool, ['benefit'], 1, true);
    expect(filled.map((sentence) => sentence.index)).toEqual([0]);
    expect(pool.map((sentence) => sentence.index)).toEqual([2]);
  });
});
