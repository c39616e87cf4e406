import { useEffect, useRef } from 'react';
import { focusPageHeading } from '@/lib/page-heading';
import { pageTitle } from './navigation/page-title';

/**
 * On a route change, names the page in `document.title` and moves focus to the new page's <h1>, so
 * screen-reader and keyboard users learn that the page changed and start reading from its top
 *. The first load keeps the browser's own focus start; only later navigations move focus.
 */
export function useRouteFocus(pathname: string, isKnownPath: (path: string) => boolean): void {
  const firstRender = useRef(true);

  useEffect(() => {
    document.title = pageTitle(pathname, isKnownPath);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Screens load lazily: the heading is waited for rather than focusing the loading screen.
    return focusPageHeading();
  }, [pathname, isKnownPath]);
}
