import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { CLIENT_ERRORS, CLIENT_TOASTS, UNDO_TOAST_MS } from './messages';

/** The toasts of the client screen and the library (000 §8), in their one shape. */

export function notifySuccess(title: string, description?: string): void {
  void toast({ title, ...(description === undefined ? {} : { description }), variant: 'success' });
}

/** 'Error', destructive, with the server's message when it sent one and the spec's fallback otherwise. */
export function notifyError(error: unknown, fallback: string): void {
  void toast({
    title: CLIENT_ERRORS.title,
    description: errorMessage(error, fallback),
    variant: 'destructive',
  });
}

/** A form's problem, said in a toast as well as at its field. */
export function notifyProblem(message: string): void {
  void toast({ title: CLIENT_ERRORS.title, description: message, variant: 'destructive' });
}

/** A success toast that offers Undo for a few seconds; deletes take effect at once but stay recoverable. */
export function notifyWithUndo(title: string, undo: () => void, description?: string): void {
  void toast({
    title,
    ...(description === undefined ? {} : { description }),
    variant: 'success',
    action: { label: CLIENT_TOASTS.undo, onClick: undo },
    duration: UNDO_TOAST_MS,
  });
}
