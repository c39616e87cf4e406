import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, registerClassMerge } from './utils';

describe('cn', () => {
  it('joins class names, conditionals and arrays until tailwind-merge is registered', () => {
    expect(cn('flex', false && 'hidden', ['gap-2', { 'px-2': true, 'py-2': false }])).toBe('flex gap-2 px-2');
    // Without the merge a conflict stays in the list: the first-load e2e test keeps `/` free of them.
    expect(cn('px-2', 'px-4')).toBe('px-2 px-4');
  });

  it('lets a later utility override an earlier one once class-merge.ts has registered tailwind-merge', () => {
    registerClassMerge(twMerge);
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
    expect(cn('flex', false && 'hidden', 'gap-6', 'gap-4')).toBe('flex gap-4');
  });
});
