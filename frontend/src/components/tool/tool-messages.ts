import { TOOL_MESSAGES, type ToastText } from '#shared/tools/common';

/** The title of an error toast whose spec message has none of its own ('Error' with the message, 001 §8). */
export const ERROR_TITLE = 'Error';

/** Copy or download before anything was generated, for the tools without a message of their own. */
export const NOTHING_GENERATED: ToastText = { title: ERROR_TITLE, description: TOOL_MESSAGES.noContent };

/** A spec message that is only a sentence, as an error toast. */
export function errorToast(description: string): ToastText {
  return { title: ERROR_TITLE, description };
}
