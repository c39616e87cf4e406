import { describe, expect, it } from 'vitest';
import { contactPageUrl, namesOutsideBusiness } from './site-facts';

describe('namesOutsideBusiness', () => {
  const own = ['Lopez Plumbing & Heating', 'Maria Lopez'];
  const host = 'lopezplumbing.example';

  it('flags other companies and other web addresses', () => {
    expect(namesOutsideBusiness('We buy parts from Acme Supply Co. every week.', own, host)).toBe(true);
    expect(namesOutsideBusiness('Financing is provided by Lone Star Lending LLC.', own, host)).toBe(true);
    expect(namesOutsideBusiness('Read the review on bestplumbers.com today.', own, host)).toBe(true);
  });

  it("accepts the client's own name and site, and ordinary sentences", () => {
    expect(
      namesOutsideBusiness(
        'Lopez Plumbing & Heating Co. has served Austin since 1998.',
        ['Lopez Plumbing & Heating'],
        host,
      ),
    ).toBe(false);
    expect(namesOutsideBusiness('Book online at www.lopezplumbing.example today.', own, host)).toBe(false);
    expect(namesOutsideBusiness('Our licensed plumbers serve all of Travis County.', own, host)).toBe(false);
  });
});

describe('contactPageUrl', () => {
  it("prefers a contact page on the client's host that the site text links", () => {
    expect(
      contactPageUrl(
        'https://lopezplumbing.example/services',
        'Reach us at https://lopezplumbing.example/contact-us.',
      ),
    ).toBe('https://lopezplumbing.example/contact-us');
  });

  it('derives {origin}/contact otherwise, ignoring other hosts', () => {
    expect(contactPageUrl('https://www.acme.example/blog/post', 'See https://other.example/contact')).toBe(
      'https://www.acme.example/contact',
    );
  });
});
