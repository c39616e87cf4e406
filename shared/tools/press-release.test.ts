import { describe, expect, it } from 'vitest';
import { parseReleaseDate, pressReleaseRequestSchema } from './press-release';

const issues = (body: unknown) => {
  const parsed = pressReleaseRequestSchema.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('pressReleaseRequestSchema', () => {
  it('defaults header and company info on', () => {
    const parsed = pressReleaseRequestSchema.parse({ topic: 'New office' });
    expect(parsed.includeHeader).toBe(true);
    expect(parsed.includeCompanyInfo).toBe(true);
    expect(parsed.clientCompanyData).toBeNull();
    expect(parsed.inputType).toBe('topic');
  });

  it('uses the spec messages for missing topic, URL and client', () => {
    expect(issues({ topic: '' })).toEqual([
      { path: 'topic', message: 'Please enter a topic for the press release' },
    ]);
    expect(issues({ inputType: 'url' })).toEqual([
      { path: 'url', message: 'Please enter a URL to extract content from' },
    ]);
    expect(issues({ topic: 'x', saveToClient: true })).toEqual([
      { path: 'clientId', message: 'Select a client' },
    ]);
  });

  it('trims company data and turns blanks into null', () => {
    const parsed = pressReleaseRequestSchema.parse({
      topic: 'x',
      clientCompanyData: { companyName: '  Acme Plumbing ', city: '', state: 'TX' },
    });
    expect(parsed.clientCompanyData).toMatchObject({
      companyName: 'Acme Plumbing',
      city: null,
      state: 'TX',
      owner: null,
    });
  });

  it('accepts ISO dates and date-times and refuses impossible dates', () => {
    expect(issues({ topic: 'x', releaseDate: '2026-11-21' })).toEqual([]);
    expect(issues({ topic: 'x', releaseDate: '2026-11-21T05:00:00.000Z' })).toEqual([]);
    expect(issues({ topic: 'x', releaseDate: '2026-02-30' })[0]?.path).toBe('releaseDate');
    expect(issues({ topic: 'x', releaseDate: 'next week' })[0]?.path).toBe('releaseDate');
  });
});

describe('parseReleaseDate', () => {
  it('reads the calendar date written in the string', () => {
    expect(parseReleaseDate('2026-11-21T23:30:00-06:00')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(parseReleaseDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseReleaseDate('2027-02-29')).toBeNull();
  });
});
