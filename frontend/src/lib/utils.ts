import { type ClassValue, clsx } from 'clsx';

type ClassMerge = (classes: string) => string;

let merge: ClassMerge | null = null;

/**
 * Joins class names. Once tailwind-merge is registered (lib/class-merge.ts), a later Tailwind utility
 * also overrides an earlier one (`px-2` then `px-4`), as the shared components expect of a caller's
 * `className`. Its 8 KB gzip stay out of the first load of `/` and `/auth`: the landing page
 * and the sign-in view mark their overriding classes important instead (test/e2e/first-load.test.ts
 * checks every class list they render for a conflict left), and every other screen or auth view loads
 * class-merge.ts before it renders.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  return merge ? merge(joined) : joined;
}

/** Called once, by lib/class-merge.ts. */
export function registerClassMerge(classMerge: ClassMerge): void {
  merge = classMerge;
}
