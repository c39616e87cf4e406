import { twMerge } from 'tailwind-merge';
import { registerClassMerge } from './utils';

/**
 * Importing this module makes `cn` resolve Tailwind conflicts (see utils.ts). The signed-in layout,
 * every signed-in screen and the other lazily loaded pages import it before they render.
 */
registerClassMerge(twMerge);
