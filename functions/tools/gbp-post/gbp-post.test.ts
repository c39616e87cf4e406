import { describe, expect, it } from 'vitest';
import { GBP_MAX_POST_CHARACTERS, gbpPostRequestSchema } from '#shared/tools/gbp-post';
import { composeGbpPost } from './offline-composer';
import { parseGbpResult } from './parse-result';
import { couponIn, dateSpanFor, fitGbpPost, termsIn } from './post-shape';

const now = new Date('2026-11-23T10:00:00Z');
const compose = (prompt: string, postType: string) =>
  composeGbpPost(gbpPostRequestSchema.parse({ prompt, postType }), { client: null, now }).text;

describe('offline GBP posts', () => {
  it('writes each post type in its own shape', () => {
    const offer = compose(
      '20% off birthday cakes from June 1 to June 15. Use code CAKE20. Valid on orders over $30.',
      'offer',
    );
    expect(offer).toMatch(/^Title: 20% off Birthday Cakes\nValid: June 1, 2027 - June 15, 2027\n/u);
    expect(offer).toContain('Coupon code: CAKE20');
    expect(offer).toContain('Terms: Valid on orders over $30.');

    const plainOffer = compose('Half-price cookies this weekend', 'offer');
    expect(plainOffer).not.toContain('Coupon code');
    expect(plainOffer).not.toContain('Terms:');
    expect(plainOffer).toMatch(/^Title: .+\nValid: November 28, 2026 - December 11, 2026/u);

    const event = compose('Cookie decorating class for kids on December 5', 'event');
    expect(event).toMatch(/^Title: Cookie Decorating Class for Kids\nDate: December 5, 2026\n/u);

    const update = compose('We now open at 6 am on weekdays', 'update');
    expect(update).not.toMatch(/^(Title|Date|Valid):/mu);
    const community = compose('We sponsored the school bake sale', 'community');
    expect(community).toMatch(/^Thank you to our neighbors/u);
    expect(new Set([update, community, event, offer]).size).toBe(4);
  });

  it('stays within 1,500 characters and gives event and offer titles', () => {
    const long = compose(
      `${'We bake fresh bread every single morning for the whole neighborhood. '.repeat(60)}`,
      'update',
    );
    expect(long.length).toBeLessThanOrEqual(GBP_MAX_POST_CHARACTERS);
    expect(fitGbpPost('word '.repeat(600)).length).toBeLessThanOrEqual(GBP_MAX_POST_CHARACTERS);
    const request = gbpPostRequestSchema.parse({ prompt: 'x', postType: 'event' });
    expect(parseGbpResult('Title: Open House\nDate: May 3, 2027\n\nCome by.', request).title).toBe(
      'Open House',
    );
  });

  it('finds codes, terms and dates only when the brief gives them', () => {
    expect(couponIn('use promo code SAVE10 today')).toBe('SAVE10');
    expect(couponIn('save ten percent today')).toBeNull();
    expect(termsIn('Limit one per customer')).toBe('Limit one per customer.');
    expect(termsIn('fresh bread daily')).toBeNull();
    expect(dateSpanFor('Sale on March 3 and March 9', now, 'offer')).toEqual({
      start: new Date('2027-03-03T00:00:00Z'),
      end: new Date('2027-03-09T00:00:00Z'),
    });
  });
});
