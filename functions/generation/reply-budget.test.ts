import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '#local/repository-root';
import { LANGUAGE_MODELS, REASONING_TOKEN_HEADROOM } from '#shared/models';
import { MIN_REPLY_TOKENS, REPLY_SLACK_FACTOR, replyTokenBudget } from './reply-budget';

/** What every tool might expect: a short post up to a long press release. */
const EXPECTED_LENGTHS = [50, 400, 700, 1500, 2500];

describe('replyTokenBudget over the model registry', () => {
  it('gives every reasoning model the reply plus REASONING_TOKEN_HEADROOM, within its maximum', () => {
    for (const model of LANGUAGE_MODELS.filter((entry) => entry.reasoning)) {
      for (const expected of EXPECTED_LENGTHS) {
        const reply = Math.max(MIN_REPLY_TOKENS, expected * REPLY_SLACK_FACTOR);
        const budget = replyTokenBudget(model.id, expected);
        expect(budget, model.id).toBe(Math.min(model.maxOutputTokens, reply + REASONING_TOKEN_HEADROOM));
        expect(budget, model.id).toBeGreaterThan(REASONING_TOKEN_HEADROOM);
      }
    }
  });

  it('gives other models just the reply', () => {
    for (const model of LANGUAGE_MODELS.filter((entry) => !entry.reasoning)) {
      for (const expected of EXPECTED_LENGTHS) {
        const reply = Math.max(MIN_REPLY_TOKENS, expected * REPLY_SLACK_FACTOR);
        expect(replyTokenBudget(model.id, expected), model.id).toBe(Math.min(model.maxOutputTokens, reply));
      }
    }
  });

  it('marks the models the issue names as reasoning models', () => {
    const reasoning = new Set(LANGUAGE_MODELS.filter((model) => model.reasoning).map((model) => model.id));
    for (const id of [
      'gpt-5-2025-08-07',
      'gpt-5-mini-2025-08-07',
      'gpt-5-nano-2025-08-07',
      'o3-2025-04-16',
      'o4-mini-2025-04-16',
      'grok-3',
      'grok-4',
    ]) {
      expect(reasoning.has(id), id).toBe(true);
    }
  });
});

describe('docs/models.md', () => {
  const docs = readFileSync(`${repositoryRoot}/docs/models.md`, 'utf8');
  const section = docs.slice(docs.indexOf('## Reasoning models and output budgets'));
  const rows = new Map(
    [...section.matchAll(/^\| `([^`]+)` +\| `[^`]+` +\| (yes|no) +\| ([\d ]+?) +\|/gm)].map((match) => [
      match[1],
      { reasoning: match[2] === 'yes', maxOutputTokens: Number((match[3] ?? '').replace(/ /g, '')) },
    ]),
  );

  it('states the headroom the code adds', () => {
    const stated = /`REASONING_TOKEN_HEADROOM` \(([\d ]+)\)/.exec(section)?.[1] ?? '';
    expect(Number(stated.replace(/ /g, ''))).toBe(REASONING_TOKEN_HEADROOM);
  });

  it('lists every language model with the reasoning flag and maximum the code uses', () => {
    expect(rows.size).toBe(LANGUAGE_MODELS.length);
    for (const model of LANGUAGE_MODELS) {
      expect(rows.get(model.id), model.id).toEqual({
        reasoning: model.reasoning,
        maxOutputTokens: model.maxOutputTokens,
      });
    }
  });
});
