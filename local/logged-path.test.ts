import { describe, expect, it } from 'vitest';
import { loggedPath } from './logged-path';

describe('loggedPath', () => {
  const token = 'f2odAiy4CjRRYeKWIDbqk-GK8MvpIlC7-481pWdP4jk';

  it('writes {token} in place of a review link token', () => {
    expect(loggedPath(`/api/reviews/${token}`)).toBe('/api/reviews/{token}');
    expect(loggedPath(`/api/reviews/${token}/decision`)).toBe('/api/reviews/{token}/decision');
    expect(loggedPath(`/review/${token}`)).toBe('/review/{token}');
  });

  it('leaves every other path as it is', () => {
    expect(loggedPath('/api/clients/01J0/content')).toBe('/api/clients/01J0/content');
    expect(loggedPath('/reviews')).toBe('/reviews');
    expect(loggedPath(`/api/clients/x/content/y/reviews/${token}`)).toContain(token);
  });
});
