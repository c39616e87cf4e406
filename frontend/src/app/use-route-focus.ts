import { useEffect, useRef } from 'react';
import { pageTitle } from './navigation/page-title';

/** How long to wait for the new screen's lazy chunk to render its heading before giving up. */
const HEADING_WAIT_MS = 5000;

/**
 * On a route change, names the page in `document.title` and moves focus to the new page's <h1>, so
 * screen-reader and keyboard users learn that the page changed and start reading from its top
 * (issue 18). The first load keeps the browser's own focus start; only later navigations move focus.
 */
export function useRouteFocus(pathname: string, isKnownPath: (path: string) => boolean): void {
  const firstRender = useRef(true);

  useEffect(() => {
    document.title = pageTitle(pathname, isKnownPath);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Screens load lazily: wait for the heading to appear rather than focusing the loading screen.
    const deadline = Date.now() + HEADING_WAIT_MS;
    let frame = 0;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (Date.now() < deadline) frame = requestAnimationFrame(focusHeading);
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname, isKnownPath]);
}
