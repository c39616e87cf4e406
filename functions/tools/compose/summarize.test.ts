import { describe, expect, it } from 'vitest';
import { extractiveSummary, rankSentences } from './summarize';

const ARTICLE = `Welcome back to our little corner of the internet, friends. Thanks so much for stopping by today, we really appreciate every one of you.

We hope your week is going wonderfully so far. Grab a cup of coffee and settle in with us.

A tankless water heater heats water only when a faucet opens, so there is no storage tank losing heat all day. Homes that switch to a tankless water heater typically cut water heating energy use by 24 to 34 percent, according to energy department estimates.

Installation of a tankless water heater usually takes one day, and the unit lasts about 20 years compared with 10 to 15 years for a storage tank heater. Gas tankless models need proper venting, while electric tankless models may need an upgraded electrical panel.

Annual flushing removes mineral scale from the heat exchanger of a tankless water heater and keeps the warranty valid.

Cookies help us deliver our services; by using this site you agree to our privacy policy.`;

describe('rankSentences', () => {
  it('scores informative sentences above greetings and filler', () => {
    const ranked = rankSentences(ARTICLE);
    const top = ranked.slice(0, 3).map((sentence) => sentence.text);
    for (const sentence of top) expect(sentence.toLowerCase()).toContain('tankless');
    const filler = ranked.find((sentence) => sentence.text.startsWith('Welcome back'));
    const best = ranked[0];
    expect(filler && best && filler.score < best.score).toBe(true);
  });

  it('drops site boilerplate and fragments', () => {
    const texts = rankSentences(`${ARTICLE}\n\nRead more.`).map((sentence) => sentence.text);
    expect(texts.some((text) => text.startsWith('Cookies'))).toBe(false);
    expect(texts).not.toContain('Read more.');
  });

  it('leans toward the query when one is given', () => {
    const ranked = rankSentences(ARTICLE, 'venting electrical panel');
    expect(ranked[0]?.text).toContain('venting');
  });
});

describe('extractiveSummary', () => {
  it('returns the best sentences in their original order, not the first ones', () => {
    const summary = extractiveSummary(ARTICLE, { maxSentences: 3 });
    expect(summary).toHaveLength(3);
    expect(summary.map((sentence) => sentence.index)).toEqual(
      [...summary.map((sentence) => sentence.index)].sort((a, b) => a - b),
    );
    expect(summary.some((sentence) => /welcome|thanks|coffee|hope your week/iu.test(sentence.text))).toBe(
      false,
    );
  });

  it('honours the word budget and exclusions', () => {
    const all = extractiveSummary(ARTICLE, { maxSentences: 10 });
    const first = all[0];
    expect(first).toBeDefined();
    const rest = extractiveSummary(ARTICLE, { maxSentences: 10, exclude: new Set([first?.text ?? '']) });
    expect(rest.map((sentence) => sentence.text)).not.toContain(first?.text);
    const short = extractiveSummary(ARTICLE, { maxSentences: 10, maxWords: 40 });
    const words = short.reduce((sum, sentence) => sum + sentence.text.split(/\s+/u).length, 0);
    expect(words).toBeLessThanOrEqual(40);
    expect(short.length).toBeGreaterThan(0);
  });

  it('skips near-duplicate sentences', () => {
    const text = `${ARTICLE}\n\nA tankless water heater heats water only when a faucet opens, so there is no storage tank losing heat.`;
    const summary = extractiveSummary(text, { maxSentences: 6 }).map((sentence) => sentence.text);
    const duplicates = summary.filter((sentence) =>
      sentence.startsWith('A tankless water heater heats water only'),
    );
    expect(duplicates).toHaveLength(1);
  });

  it('is empty for text without real sentences and deterministic otherwise', () => {
    expect(extractiveSummary('Home. About. Contact.', { maxSentences: 3 })).toEqual([]);
    expect(extractiveSummary(ARTICLE, { maxSentences: 4 })).toEqual(
      extractiveSummary(ARTICLE, { maxSentences: 4 }),
    );
  });
});
