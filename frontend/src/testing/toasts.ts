import { screen } from '@testing-library/react';

/**
 * The toast holding `text` (sonner renders each as an `li[data-sonner-toast]`). The first toast of a
 * file loads sonner (lib/toast.ts loads it with the first toast), which takes longer than Testing
 * Library's default second on a busy machine.
 */
export async function findToast(text: string): Promise<HTMLElement> {
  const found = await screen.findByText(text, { selector: '[data-sonner-toast] *' }, { timeout: 10_000 });
  const toast = found.closest<HTMLElement>('[data-sonner-toast]');
  if (!toast) throw new Error(`No toast holds "${text}"`);
  return toast;
}
