import { describe, expect, it } from 'vitest';
import type { ClientContent } from '#shared/content';
import type { WordPressLink, WordPressLivePost } from '#shared/wordpress';
import { differsFromLibrary, startingPost } from './post-source';

const content: ClientContent = {
  id: 'c1',
  client_id: 'k1',
  title: 'Soups are back',
  content: 'Autumn',
  html_content: '<h2>Autumn</h2><p>Soups <b>are</b> back.</p><p><img src="https://site/a.png" alt=""></p>',
  content_type: 'blog',
  metadata: {},
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  status: 'draft',
  approvals: [],
};

const live: WordPressLivePost = {
  id: 7,
  title: 'Soups are back',
  content:
    '<!-- wp:heading --><h2 class="x">Autumn</h2><!-- /wp:heading --><p>Soups are back.</p><p><img alt="" src="https://site/a.png" /></p>',
  status: 'draft',
  categories: [4],
  date: null,
  link: 'https://site/?p=7',
};

const link: WordPressLink = {
  id: 7,
  url: 'https://site/?p=7',
  status: 'publish',
  date: null,
  categories: [9],
};

describe('differsFromLibrary', () => {
  it('ignores markup that reads the same', () => {
    expect(differsFromLibrary(live, content)).toBe(false);
  });
  it('sees a changed title, text or image', () => {
    expect(differsFromLibrary({ ...live, title: 'Soup season' }, content)).toBe(true);
    expect(differsFromLibrary({ ...live, content: '<h2>Autumn</h2><p>Soups are gone.</p>' }, content)).toBe(
      true,
    );
    expect(differsFromLibrary({ ...live, content: live.content.replace('a.png', 'b.png') }, content)).toBe(
      true,
    );
  });
});

describe('startingPost', () => {
  it("starts from the site's post, with its status and category", () => {
    expect(startingPost('wordpress', content, link, live)).toEqual({
      title: 'Soups are back',
      html: live.content,
      status: 'draft',
      date: null,
      categoryId: 4,
    });
  });
  it("takes the library's text on request, and keeps the post's status and category", () => {
    expect(startingPost('library', content, link, live)).toMatchObject({
      html: content.html_content,
      status: 'draft',
      categoryId: 4,
    });
  });
  it('falls back to what the library recorded when the post could not be read', () => {
    expect(startingPost('wordpress', content, link, null)).toEqual({
      title: 'Soups are back',
      html: content.html_content,
      status: 'publish',
      date: null,
      categoryId: 9,
    });
    expect(startingPost('wordpress', content, null, null).status).toBe('draft');
  });
});
