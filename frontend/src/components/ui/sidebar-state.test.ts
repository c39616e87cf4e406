import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarCookie, sidebarCookie } from './sidebar-state';

const key = (overrides: Partial<Parameters<typeof isSidebarShortcut>[0]>) => ({
  key: 'b',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...overrides,
});

describe('readSidebarCookie', () => {
  it('reads the stored state among other cookies', () => {
    expect(readSidebarCookie('theme=dark; sidebar_state=false; other=1')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('is null when absent, malformed or only a prefix matches', () => {
    expect(readSidebarCookie('')).toBeNull();
    expect(readSidebarCookie('sidebar_state=maybe')).toBeNull();
    expect(readSidebarCookie('my_sidebar_state=false; sidebar_state_old=false')).toBeNull();
    expect(readSidebarCookie('sidebar_state')).toBeNull();
  });

  it('round-trips what sidebarCookie writes', () => {
    const [pair] = sidebarCookie(false).split(';');
    expect(readSidebarCookie(pair ?? '')).toBe(false);
  });
});

describe('sidebarCookie', () => {
  it('keeps the state for 7 days on every path', () => {
    expect(sidebarCookie(true)).toBe('sidebar_state=true; path=/; max-age=604800; samesite=lax');
  });
});

describe('isSidebarShortcut', () => {
  it('accepts Ctrl+B and Cmd+B, whatever the case of the key', () => {
    expect(isSidebarShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ metaKey: true, key: 'B' }))).toBe(true);
  });

  it('refuses a bare B, other keys and extra modifiers', () => {
    expect(isSidebarShortcut(key({}))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, key: 'n' }))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ metaKey: true, altKey: true }))).toBe(false);
  });
});
