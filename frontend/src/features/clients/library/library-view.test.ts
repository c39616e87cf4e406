import { describe, expect, it } from 'vitest';
import type { ClientContent } from '#shared/content';
import { type ContentSummary, toContentSummary } from '#shared/content-summary';
import {
  ALL_STATUSES,
  ALL_TYPES,
  DEFAULT_SORT,
  presentTypes,
  SORT_OPTIONS,
  viewContent,
} from './library-view';

let sequence = 0;
function item(overrides: Partial<ClientContent>): ContentSummary {
  sequence += 1;
  return toContentSummary({
    id: `01J${String(sequence).padStart(23, '0')}`,
    client_id: 'c1',
    title: 'Untitled',
    content: '',
    html_content: '',
    content_type: 'newsletter',
    metadata: {},
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    status: 'draft',
    approvals: [],
    ...overrides,
  });
}

const spring = item({
  title: 'Spring sale',
  content_type: 'newsletter',
  created_at: '2026-03-01T00:00:00.000Z',
});
const award = item({
  title: 'award win',
  content_type: 'press_release',
  status: 'approved',
  created_at: '2026-05-01T00:00:00.000Z',
  html_content: '<p>We won the <b>Golden Wrench</b></p>',
});
const posts = item({
  title: 'Posts 10',
  content_type: 'client_content',
  created_at: '2026-01-01T00:00:00.000Z',
});
const posts2 = item({
  title: 'Posts 9',
  content_type: 'blog',
  created_at: '2026-02-01T00:00:00.000Z',
  content: 'Gutters',
});
const all = [spring, award, posts, posts2];

const titles = (items: ContentSummary[]) => items.map((i) => i.title);
const query = (overrides: Partial<Parameters<typeof viewContent>[1]> = {}) => ({
  search: '',
  type: ALL_TYPES,
  status: ALL_STATUSES,
  sort: DEFAULT_SORT,
  ...overrides,
});

describe('viewContent', () => {
  it('offers the six sort options with newest first as the default', () => {
    expect(SORT_OPTIONS).toEqual(['newest', 'oldest', 'title-asc', 'title-desc', 'type-asc', 'type-desc']);
    expect(titles(viewContent(all, query()))).toEqual(['award win', 'Spring sale', 'Posts 9', 'Posts 10']);
  });

  it('sorts oldest first', () => {
    expect(titles(viewContent(all, query({ sort: 'oldest' })))).toEqual([
      'Posts 10',
      'Posts 9',
      'Spring sale',
      'award win',
    ]);
  });

  it('sorts titles A-Z and Z-A ignoring case, with numbers in natural order', () => {
    expect(titles(viewContent(all, query({ sort: 'title-asc' })))).toEqual([
      'award win',
      'Posts 9',
      'Posts 10',
      'Spring sale',
    ]);
    expect(titles(viewContent(all, query({ sort: 'title-desc' })))).toEqual([
      'Spring sale',
      'Posts 10',
      'Posts 9',
      'award win',
    ]);
  });

  it('sorts by the displayed type label', () => {
    // Labels: Blog, Multi-Platform Creator, Newsletter, Press_release.
    expect(titles(viewContent(all, query({ sort: 'type-asc' })))).toEqual([
      'Posts 9',
      'Posts 10',
      'Spring sale',
      'award win',
    ]);
    expect(titles(viewContent(all, query({ sort: 'type-desc' }))).at(0)).toBe('award win');
  });

  it('filters by type', () => {
    expect(titles(viewContent(all, query({ type: 'press_release' })))).toEqual(['award win']);
  });

  it('filters by status, and the sorts keep working on what it keeps', () => {
    expect(titles(viewContent(all, query({ status: 'approved' })))).toEqual(['award win']);
    expect(titles(viewContent(all, query({ status: 'draft', sort: 'title-asc' })))).toEqual([
      'Posts 9',
      'Posts 10',
      'Spring sale',
    ]);
    expect(viewContent(all, query({ status: 'published' }))).toEqual([]);
  });

  it('searches titles, the type label and the preview, also of HTML-only items', () => {
    expect(titles(viewContent(all, query({ search: 'SPRING' })))).toEqual(['Spring sale']);
    expect(titles(viewContent(all, query({ search: 'golden wrench' })))).toEqual(['award win']);
    expect(titles(viewContent(all, query({ search: 'gutters' })))).toEqual(['Posts 9']);
    expect(titles(viewContent(all, query({ search: 'multi-platform' })))).toEqual(['Posts 10']);
    expect(viewContent(all, query({ search: 'nothing like this' }))).toEqual([]);
  });

  it('adds the items whose text the server found the search in, within the type filter', () => {
    const found = new Set([spring.id, award.id]);
    expect(titles(viewContent(all, query({ search: 'deep in the text' }), found))).toEqual([
      'award win',
      'Spring sale',
    ]);
    expect(
      titles(viewContent(all, query({ search: 'deep in the text', type: 'newsletter' }), found)),
    ).toEqual(['Spring sale']);
    // Without a search, what the server found last does not filter.
    expect(viewContent(all, query(), found)).toHaveLength(4);
  });

  it('does not reorder the list it was given', () => {
    const input = [...all];
    viewContent(input, query({ sort: 'title-asc' }));
    expect(input).toEqual(all);
  });
});

describe('presentTypes', () => {
  it('lists each type once, ordered by label', () => {
    expect(presentTypes([...all, item({ content_type: 'blog' })])).toEqual([
      'blog',
      'client_content',
      'newsletter',
      'press_release',
    ]);
  });
});
