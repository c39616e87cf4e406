/**
 * 'Skip to main content': the first tab stop of the page, hidden until focused, so a
 * keyboard user passes the side navigation in one keystroke. The target needs the id and tabIndex={-1}.
 */
export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-md bg-primary font-medium text-primary-foreground text-sm shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2 focus:outline-none focus:ring-[3px] focus:ring-ring"
      onClick={(event) => {
        // Moves focus too (a hash link alone only scrolls in some browsers), without changing the URL.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
