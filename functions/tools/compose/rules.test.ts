import { describe, expect, it } from 'vitest';
import { mentionPresent, reviewDraft, SHORTER_THAN_ASKED } from './draft-check';
import { dropForbiddenSentences, scrubForbiddenHtml, usesForbidden, withoutForbidden } from './forbidden';
import { readInstructions } from './instructions';
import { claimsOf, leansBack } from './summarize';
import { tidyDraft } from './tidy';
import { parseTopic } from './topic';
import { detectTrade } from './trade';

/**
 * docs/decisions.md, "Offline drafts: correct before they are long": instructions read into rules, and the
 * rules kept or reported.
 */

describe('instructions as rules', () => {
  it('reads forbidden words and phrases, quoted or not, and leaves style prohibitions out of them', () => {
    expect(readInstructions('Never use the word cheap.').forbidden).toEqual(['cheap']);
    expect(
      readInstructions('Avoid the word "affordable". Don’t use the phrase ‘best in town’.').forbidden,
    ).toEqual(['affordable', 'best in town']);
    expect(readInstructions('Do not use the words cheap or budget.').forbidden).toEqual(['cheap', 'budget']);
    expect(readInstructions('Avoid jargon. No emojis.').forbidden).toEqual([]);
    expect(readInstructions('No more than 3 sentences.').forbidden).toEqual([]);
  });

  it('reads sentence limits and tones, and keeps every sentence it cannot honour', () => {
    const rules = readInstructions(
      'Keep sentences under 20 words. No more than 3 sentences. Write in a warm, friendly tone. Write it in Spanish.',
    );
    expect(rules.sentenceWords).toBe(20);
    expect(rules.sentenceCount).toBe(3);
    expect(rules.tones).toEqual(['warm', 'friendly']);
    expect(rules.unread).toEqual(['Write it in Spanish']);
    // Content requests, limits and structure are understood, not reported.
    expect(
      readInstructions('Always mention our 24/7 emergency service. Keep it under 400 words.').unread,
    ).toEqual([]);
  });
});

describe('forbidden words', () => {
  it('are found in any casing and inflection, and inside hashtags', () => {
    for (const text of ['Cheap ways', 'a cheaper fix', 'the CHEAPEST', 'priced cheaply', '#CheapTips'])
      expect(usesForbidden(text, ['cheap']), text).toBe('cheap');
    expect(usesForbidden('Cheapside Market', ['cheap'])).toBeNull();
    expect(usesForbidden('the Best  in-town crew', ['best in town'])).toBe('best in town');
  });

  it('leave a heading without the word and running text without the sentences that use it', () => {
    expect(withoutForbidden('Cheap Ways to Keep Your RV Warm', ['cheap'])).toBe('Ways to Keep Your RV Warm');
    expect(dropForbiddenSentences('It is cheap. It is warm. #Cheap #Warm', ['cheap'])).toBe(
      'It is warm. #Warm',
    );
    expect(
      scrubForbiddenHtml('<h2>Cheap Tips</h2><p>Cheap is good. Warm is better.</p><ul><li>Cheap.</li></ul>', [
        'cheap',
      ]),
    ).toBe('<h2>Tips</h2><p>Warm is better.</p>');
  });
});

describe('the review of a finished draft', () => {
  it('says what the draft could not do, and nothing when it did everything', () => {
    const rules = readInstructions(
      'Always mention the free consultation with a 3D scan. Sign off as "The Harbor Team". Never use the word cheap. Write it in Spanish.',
    );
    const good = 'Book the free consultation with a 3D scan today. The Harbor Team';
    expect(reviewDraft({ text: good, instructions: rules, minimum: 5 })).toEqual([
      'Not applied offline: “Write it in Spanish”.',
    ]);
    expect(reviewDraft({ text: 'Cheap visits.', instructions: rules, minimum: 50 })).toEqual([
      SHORTER_THAN_ASKED,
      'Remove the forbidden “cheap” before sending.',
      'Not included offline: “the free consultation with a 3D scan”.',
      'Add the sign-off “The Harbor Team”.',
      'Not applied offline: “Write it in Spanish”.',
    ]);
    expect(mentionPresent('our 24/7 emergency service', 'Call our 24/7 emergency service line.')).toBe(true);
  });
});

describe('claims keep their subject', () => {
  it('joins a sentence that leans back to the one it leans on, and drops one that leans on a heading', () => {
    expect(leansBack('The treatment is faster, usually two visits.')).toBe(true);
    expect(leansBack('It takes three to six months to heal.')).toBe(true);
    expect(leansBack('The Department of Energy estimates savings.')).toBe(false);
    expect(leansBack('A bridge uses the neighboring teeth.')).toBe(false);
    const claims = claimsOf(
      'An implant is a titanium post. It takes three months to heal.\n\nDental Bridges\n\nThe treatment is faster. It costs less.',
    ).map((claim) => claim.text);
    expect(claims).toEqual([
      'An implant is a titanium post. It takes three months to heal.',
      'Dental Bridges',
    ]);
  });
});

describe('topics read as phrases', () => {
  it('quotes a topic it cannot read rather than slotting a fragment, and reads gerund tasks', () => {
    expect(parseTopic('Hail').about).toBe('“Hail”');
    const checking = parseTopic('Checking your RV roof');
    expect(checking.action).toBe('check your RV roof');
    expect(checking.about).toBe('checking your RV roof');
    expect(parseTopic('Why flossing matters').about).toBe('flossing');
    expect(parseTopic('Healthy neighboring teeth').nouns).toBe('healthy neighboring teeth');
    expect(parseTopic('How to floss with braces').action).toBe('floss with braces');
  });
});

describe('the trade', () => {
  it('comes from the profile; one shared word of the topic is not a trade', () => {
    expect(detectTrade({ name: 'Sunny Trails RV Service', topic: 'Checking your RV roof' }).id).toBe(
      'general',
    );
    expect(detectTrade({ name: 'Rise & Shine Bakery', topic: 'Our new sourdough loaves' }).id).toBe(
      'general',
    );
    expect(detectTrade({ name: 'Harbor Dental', topic: 'Fixing a leaking roof' }).id).toBe('dental');
    expect(detectTrade({ name: 'Acme Co', topic: 'Hail damage on shingles' }).id).toBe('roofing');
  });
});

describe('the last typographic pass', () => {
  it('fixes articles and a doubled period after an abbreviation', () => {
    expect(tidyDraft('Book a appointment with Peak Roofing Co.. Ask for a HVAC check or a estimate.')).toBe(
      'Book an appointment with Peak Roofing Co. Ask for an HVAC check or an estimate.',
    );
    expect(tidyDraft('a one-time visit, a user guide, an hour')).toBe(
      'a one-time visit, a user guide, an hour',
    );
  });
});

describe('bans on kinds of writing', () => {
  it('are kept where the draft can check them and reported where it cannot', () => {
    const rules = readInstructions('Write about 300 words with no quotes. Avoid jargon. Do not use emojis.');
    expect(rules.bans).toEqual(['quotes', 'jargon', 'emojis']);
    expect(reviewDraft({ text: 'A plain release.', instructions: rules })).toEqual([
      'Not checked offline: no jargon. Read it through before sending.',
    ]);
    expect(reviewDraft({ text: '[Add a quote from Dana about the news.]', instructions: rules })[0]).toBe(
      'Remove the quotes before sending: the instructions rule them out.',
    );
  });
});
