import { describe, expect, it } from 'vitest';

/**
 * `npm run test:any-date` runs the unit project a second time under libfaketime (docs/testing.md): this
 * proves the clock the tests saw was the faked one, so that run cannot pass on the real date unnoticed.
 */
const faked = process.env.FAKED_CLOCK;

describe.skipIf(!faked)('the faked clock of npm run test:any-date', () => {
  it('is the date faketime was given, not today', () => {
    const start = Date.parse(`${String(faked).replace(' ', 'T')}Z`);
    expect(Number.isNaN(start)).toBe(false);
    // The run started at that instant; this file runs within the run's first hour.
    expect(Date.now()).toBeGreaterThanOrEqual(start);
    expect(Date.now() - start).toBeLessThan(60 * 60 * 1000);
  });
});
