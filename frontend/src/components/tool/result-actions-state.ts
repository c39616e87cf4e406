import { createContext, useContext } from 'react';

/**
 * Whether the result card's actions (Copy, Download, Save...) can act: only once there is a finished
 * result, and not while a new one is being written (no button that can only say 'nothing
 * generated'). The result card provides it, so every tool's actions follow it without wiring.
 */
export const ResultActionsState = createContext<{ readonly disabled: boolean }>({ disabled: false });

/** True when an action must be disabled: the card says so, or the action itself has nothing to act on. */
export function useActionDisabled(own?: boolean): boolean {
  return useContext(ResultActionsState).disabled || own === true;
}
