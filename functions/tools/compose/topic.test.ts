import { describe, expect, it } from 'vitest';
import { mentionSentence } from './draft';
import { readInstructions, signOffIn, wordLimitIn } from './instructions';
import { agree, companyMention, gerundOf, parseTopic, seasonFor, seasonIn, topicReferrer } from './topic';
import { detectTrade } from './trade';

describe('parseTopic', () => {
  it('reads a how-to as its task, as an infinitive and as a gerund', () => {
    const topic = parseTopic('How to winterize outdoor faucets');
    expect(topic.kind).toBe('how-to');
    expect(topic.action).toBe('winterize outdoor faucets');
    expect(topic.about).toBe('winterizing outdoor faucets');
    expect(topic.aboutPlural).toBe(false);
    expect(topic.noun).toBe('outdoor faucets');
    expect(topic.season).toBe('winter');
  });

  it('finds the place of a how-to and keeps it out of the subject', () => {
    const topic = parseTopic('How to File a Hail Damage Insurance Claim in Colorado');
    expect(topic.place).toBe('Colorado');
    expect(topic.action).toBe('file a hail damage insurance claim');
    expect(topic.noun).toBe('hail damage insurance claim');
  });

  it('keeps a hyphenated plural whole and plural, and the season out of it', () => {
    const topic = parseTopic('Spring AC tune-ups');
    expect(topic.noun).toBe('AC tune-ups');
    expect(topic.plural).toBe(true);
    expect(topic.season).toBe('spring');
  });

  it('reads a list topic by its subject, not its clause', () => {
    const topic = parseTopic('Signs your water heater needs replacing');
    expect(topic.kind).toBe('list');
    expect(topic.noun).toBe('water heater');
    expect(topic.about).toBe('your water heater');
    expect(parseTopic('7 signs you need a new roof').count).toBe(7);
  });

  it('tells questions, offers, events and announcements apart', () => {
    expect(parseTopic('Is a tankless water heater worth it?').kind).toBe('question');
    expect(parseTopic('Do I need a will?').noun).toBe('will');
    const offer = parseTopic('20% off teeth whitening through March 31');
    expect(offer.kind).toBe('offer');
    expect(offer.noun).toBe('teeth whitening');
    expect(offer.plural).toBe(false);
    expect(parseTopic('Holiday open house on December 12').kind).toBe('event');
    const news = parseTopic('Peak Roofing launches free storm-damage inspections', 'Peak Roofing & Gutters');
    expect(news.kind).toBe('announcement');
    expect(news.noun).toBe('free storm-damage inspections');
  });

  it('keeps a gerund used as a noun in its form, and reads one that acts on a thing as a task', () => {
    for (const [typed, noun] of [
      ['Spring plumbing checklist', 'plumbing checklist'],
      ['Spring cleaning tips', 'cleaning tips'],
      ['Painting services', 'painting services'],
      ['Landscaping ideas for small yards', 'landscaping ideas'],
      ['Plumbing emergencies', 'plumbing emergencies'],
    ] as const) {
      const topic = parseTopic(typed);
      expect(topic.action, typed).toBeNull();
      expect(topic.noun, typed).toBe(noun);
    }
    expect(parseTopic('Replacing windows').action).toBe('replace windows');
    expect(parseTopic('Cleaning gutters').action).toBe('clean gutters');
    // A trade's name acting on a determined object is a task all the same.
    expect(parseTopic('Landscaping your backyard').action).toBe('landscape your backyard');
  });

  it('finds the audience a topic names', () => {
    const topic = parseTopic('Dog grooming tips for new puppy owners in Austin');
    expect(topic.audience).toBe('new puppy owners');
    expect(topic.place).toBe('Austin');
  });

  it('gives a singular countable noun a determiner, and refers to it briefly after the first use', () => {
    const topic = parseTopic('Spring smile checkup: why your six-month cleaning matters');
    expect(topic.about).toBe('your smile checkup');
    const refer = topicReferrer(parseTopic('Water heater repair'), 1);
    expect([refer(), refer(), refer()]).toEqual(['water heater repair', 'the repair', 'the repair']);
  });
});

describe('topic helpers', () => {
  it('conjugates and agrees with compromise', () => {
    expect(gerundOf('file a claim')).toBe('filing a claim');
    expect(agree('need', true)).toBe('need');
    expect(agree('need', false)).toBe('needs');
    expect(agree('fix', false)).toBe('fixes');
    expect(agree('be', false)).toBe('is');
  });

  it('takes the season from the topic before the date', () => {
    expect(seasonIn('Free until March 31')).toBe('spring');
    const fall = new Date('2026-11-21T00:00:00Z');
    expect(seasonFor(parseTopic('Spring smile checkup'), fall)).toBe('spring');
    expect(seasonFor(parseTopic('Water heater repair'), fall)).toBe('fall');
  });

  it('finds the company in a topic by its first words', () => {
    expect(companyMention('Peak Roofing launches inspections', 'Peak Roofing & Gutters')).toBe(
      'Peak Roofing',
    );
    expect(companyMention('Peak season tips', 'Peak Roofing & Gutters')).toBeNull();
  });
});

describe('readInstructions', () => {
  it('reads word limits as users write them', () => {
    expect(wordLimitIn('Keep it under 400 words.')).toEqual({ min: 320, target: 368, max: 400 });
    expect(wordLimitIn('about 120 words')).toEqual({ min: 110, target: 120, max: 130 });
    expect(wordLimitIn('300–500 words')).toEqual({ min: 300, target: 400, max: 500 });
    expect(wordLimitIn('Be friendly.')).toBeNull();
  });

  it('reads a sign-off, an audience and what to mention, with every link and date', () => {
    const facts = readInstructions(
      'Sign off as "The Harbor Dental Team". Target homeowners. Whitening is free until May 31; book at https://harbordental.example/book. Use a friendly tone.',
    );
    expect(facts.signOff).toBe('The Harbor Dental Team');
    expect(signOffIn("Sign it from Dr. Lee's team")).toBe("Dr. Lee's team");
    expect(facts.audience).toBe('homeowners');
    expect(facts.mustInclude).toEqual(['May 31', 'https://harbordental.example/book']);
    expect(facts.mentions).toEqual([
      'Whitening is free until May 31; book at https://harbordental.example/book',
    ]);
  });

  it('turns each mention into a sentence: clauses kept, noun phrases offered, links given', () => {
    const topic = parseTopic('Free storm-damage inspections');
    expect(mentionSentence('Inspections are free until May 15', 'they', 'Peak Roofing', topic)).toBe(
      'Inspections are free until May 15.',
    );
    expect(mentionSentence('our 24/7 emergency line', 'we', null, topic)).toBe(
      'Ask us about our 24/7 emergency line.',
    );
    expect(mentionSentence('free until May 15', 'we', null, topic)).toBe(
      'Free storm-damage inspections are free until May 15.',
    );
    expect(mentionSentence('book at https://peak.example/book', 'we', null, topic)).toBe(
      'Book online at https://peak.example/book.',
    );
  });

  it("lets the user's limit win over the default instructions' range", () => {
    expect(readInstructions('Keep it under 400 words.', 'Write 300-500 words.').wordLimit?.max).toBe(400);
  });
});

describe('detectTrade', () => {
  it("reads the trade from the client's name and topic, else falls back to neutral words", () => {
    expect(detectTrade({ name: 'Harbor Dental', topic: 'Spring checkups' }).id).toBe('dental');
    expect(detectTrade({ name: 'Peak Roofing & Gutters', topic: 'Storm season' }).id).toBe('roofing');
    expect(detectTrade({ name: 'Acme', topic: 'Our new website' }).id).toBe('general');
  });
});
