import { describe, expect, it } from 'vitest';
import { normaliseSiteUrl, restUrl } from './wordpress-rest-site';

describe('site addresses', () => {
  it('normalises what users type', () => {
    expect(normaliseSiteUrl(' https://bakery.example/ ')).toBe('https://bakery.example');
    expect(normaliseSiteUrl('bakery.example//')).toBe('https://bakery.example');
    expect(normaliseSiteUrl('http://bakery.example/blog/?p=1#top')).toBe('http://bakery.example/blog');
  });

  it('builds pretty and ?rest_route= URLs', () => {
    expect(restUrl({ base: 'https://b.example', pretty: true }, '/wp/v2/posts', { page: '2' })).toBe(
      'https://b.example/wp-json/wp/v2/posts?page=2',
    );
    expect(restUrl({ base: 'https://b.example', pretty: false }, '/wp/v2/posts', { page: '2' })).toBe(
      'https://b.example/?rest_route=%2Fwp%2Fv2%2Fposts&page=2',
    );
  });
});
