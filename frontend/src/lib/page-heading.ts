/** How long to wait for a lazily loaded screen to render its heading before giving up. */
const HEADING_WAIT_MS = 5000;

/**
 * Moves the focus to the page's <h1> (made focusable from script), waiting frame by frame for a screen
 * that is still loading to render it (after a route change the reader starts at the new
 * page's top). Returns a function that stops waiting.
 */
export function focusPageHeading(): () => void {
  const deadline = Date.now() + HEADING_WAIT_MS;
  let frame = 0;
  const attempt = () => {
    const heading = document.querySelector<HTMLElement>('h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return;
    }
    if (Date.now() < deadline) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
