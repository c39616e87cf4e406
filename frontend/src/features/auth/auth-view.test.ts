import { describe, expect, it } from 'vitest';
import { initialAuthView, isResetMode } from './auth-view';

describe('initialAuthView', () => {
  it('opens the sign-in tab by default and the sign-up tab on request', () => {
    expect(initialAuthView(new URLSearchParams(''))).toEqual({ name: 'tabs', tab: 'signIn', email: '' });
    expect(initialAuthView(new URLSearchParams('tab=signup'))).toEqual({
      name: 'tabs',
      tab: 'signUp',
      email: '',
    });
  });

  it('opens the reset view from a reset link, prefilled when the link carries the e-mail and code', () => {
    expect(initialAuthView(new URLSearchParams('reset=true&email=ann%40example.com&code=123456'))).toEqual({
      name: 'reset',
      email: 'ann@example.com',
      code: '123456',
      fromLink: true,
    });
    expect(initialAuthView(new URLSearchParams('reset=true'))).toMatchObject({
      name: 'reset',
      email: '',
      code: '',
    });
  });

  it('treats only reset=true as reset mode', () => {
    expect(isResetMode(new URLSearchParams('reset=true'))).toBe(true);
    expect(isResetMode(new URLSearchParams('reset=1'))).toBe(false);
    expect(initialAuthView(new URLSearchParams('reset=false')).name).toBe('tabs');
  });
});
