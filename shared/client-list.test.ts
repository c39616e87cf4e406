import { describe, expect, it } from 'vitest';
import { CLIENT_TEXT_FIELDS, type Client } from './client';
import {
  byClientName,
  type ClientSummary,
  instructionPreview,
  matchesClientSearch,
  normalizeClientSearch,
  toClientSummary,
} from './client-list';

const client = (changes: Partial<Client> = {}): Client => ({
  id: '01J0000000000000000000000A',
  name: 'Bright Smile Dental',
  ...(Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, null])) as Record<
    (typeof CLIENT_TEXT_FIELDS)[number],
    null
  >),
  created_by: 'user-1',
  created_at: '2025-01-02T03:04:05.000Z',
  updated_at: '2025-01-03T03:04:05.000Z',
  wordpress_configured: true,
  content_count: 3,
  access_count: 1,
  require_approval: false,
  approval_steps: 'none',
  ...changes,
});

describe('toClientSummary', () => {
  it('keeps what the card shows and previews the instructions instead of sending them', () => {
    const long = `${'Friendly tone. '.repeat(30)}The end.`;
    const summary = toClientSummary(
      client({
        city: 'Austin',
        website: 'https://smile.example',
        newsletter_instructions: long,
        press_release_instructions: '  Short and sweet.  ',
        wordpress_url: 'https://smile.example/wp',
        wordpress_username: 'editor',
      }),
    );
    expect(summary).toMatchObject({
      id: '01J0000000000000000000000A',
      name: 'Bright Smile Dental',
      city: 'Austin',
      website: 'https://smile.example',
      wordpress_configured: true,
      content_count: 3,
      access_count: 1,
      press_release_instructions_preview: 'Short and sweet.',
      content_instructions_preview: null,
    });
    expect(summary.newsletter_instructions_preview).toBe(instructionPreview(long));
    expect(summary.newsletter_instructions_preview?.length).toBe(203);
    for (const gone of [
      'newsletter_instructions',
      'press_release_instructions',
      'content_instructions',
      'wordpress_url',
      'wordpress_username',
    ]) {
      expect(summary).not.toHaveProperty(gone);
    }
  });

  it('treats blank instructions as none', () => {
    expect(toClientSummary(client({ content_instructions: '   ' })).content_instructions_preview).toBeNull();
  });
});

describe('instructionPreview', () => {
  it('cuts at 200 characters with an ellipsis and leaves shorter text alone', () => {
    expect(instructionPreview('a'.repeat(201))).toBe(`${'a'.repeat(200)}...`);
    expect(instructionPreview('a'.repeat(200))).toBe('a'.repeat(200));
    expect(instructionPreview(`${'a'.repeat(199)}  b`)).toBe(`${'a'.repeat(199)}...`);
  });
});

describe('byClientName', () => {
  it('orders by name without regard to case, then by id', () => {
    const named = (id: string, name: string) => ({ id, name });
    const sorted = [named('1', 'bakery'), named('2', 'Acme'), named('3', 'Zeta'), named('4', 'acme')].sort(
      byClientName,
    );
    expect(sorted.map((c) => c.id)).toEqual(['2', '4', '1', '3']);
  });
});

describe('matchesClientSearch', () => {
  const matchesSearch = (summary: ClientSummary, search: string) =>
    matchesClientSearch(summary, normalizeClientSearch(search));
  const summary = (changes: Partial<Client> = {}) => toClientSummary(client(changes));
  const acme = summary({
    name: 'Acme Plumbing',
    company_name: 'Acme LLC',
    owner: 'Jane Doe',
    email: 'jane@acme.com',
    city: 'Austin',
  });

  it('matches name, company, owner, e-mail and city, ignoring case and surrounding spaces', () => {
    for (const search of ['plumb', 'acme llc', 'JANE DOE', 'jane@acme', ' austin ']) {
      expect(matchesSearch(acme, search)).toBe(true);
    }
  });

  it('does not match text that only appears in the instructions', () => {
    expect(matchesSearch(summary({ newsletter_instructions: 'friendly tone' }), 'friendly')).toBe(false);
  });

  it('matches everything when the search is blank', () => {
    expect(matchesSearch(acme, '  ')).toBe(true);
  });

  it('does not match unrelated text', () => {
    expect(matchesSearch(acme, 'dallas')).toBe(false);
  });
});
