/** Whether a toast covers what the user reads next (toaster.tsx: where toasts go on each screen). */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { settleAnimations } from './e2e';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The toasts on screen and those of them that overlap `target`, measured in one go once the toasts
 * have settled: polling would wait for a covering toast to time out, and pass.
 */
async function toastsOver(page: Page, target: Locator): Promise<{ shown: number; covering: Box[] }> {
  await settleAnimations(page);
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not on screen');
  const toasts = await page.locator('[data-sonner-toast]').all();
  const boxes = (await Promise.all(toasts.map((toast) => toast.boundingBox()))).filter(
    (toast): toast is Box => toast !== null,
  );
  return { shown: boxes.length, covering: boxes.filter((toast) => overlaps(toast, box)) };
}

/** No toast over `target`, while at least one toast is on screen. */
export async function expectUncovered(page: Page, target: Locator): Promise<void> {
  const { shown, covering } = await toastsOver(page, target);
  expect(shown).toBeGreaterThan(0);
  expect(covering).toEqual([]);
}
