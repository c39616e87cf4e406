import type { ToastText } from '#shared/tools/common';
import { toast } from '@/lib/toast';

/** The title of an error toast whose spec message has none of its own ('Error' with the message, 001 §8). */
export const ERROR_TITLE = 'Error';

/** Shows one of the shared ToastText messages. */
export function showToast(text: ToastText, variant: 'default' | 'success' | 'destructive' = 'default'): void {
  void toast({ title: text.title, ...(text.description ? { description: text.description } : {}), variant });
}

export function showError(description: string, title: string = ERROR_TITLE): void {
  showToast({ title, description }, 'destructive');
}
