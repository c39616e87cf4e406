import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * The API Keys page's failure toast: 'Error' with the server's message, or `fallback` when it sent none;
 * nothing when the session ended (the sign-in screen says so).
 */
export function toastFailure(error: unknown, fallback: string): void {
  if (isSessionEnded(error)) return;
  void toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}
