import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Never shorter: an empty item is still a visible box, and so is the frame before its document loads. */
export const FITTED_FRAME_MIN_HEIGHT = 96;
/**
 * Never taller: a long article (about 8,000 words on a phone) is shown whole; past that, or with content
 * whose height follows the frame's (`vh` units, which would otherwise grow it without end), it scrolls.
 */
export const FITTED_FRAME_MAX_HEIGHT = 40_000;

/**
 * The height (px) of a same-origin frame without scripts that makes it as tall as its document, within
 * bounds; undefined until its document has loaded (the frame's CSS height holds until then). It is
 * measured from this page: the frame's document runs nothing, and `sandbox="allow-same-origin"` is
 * what lets the page read it (as it reads the reviewer's selection). A ResizeObserver follows the
 * document as images load and as the frame's width changes. Give `onLoad` to the frame: each new
 * `srcDoc` is a new document, observed afresh.
 */
export function useFittedFrame(frame: RefObject<HTMLIFrameElement | null>): {
  height: number | undefined;
  onLoad: () => void;
} {
  const [height, setHeight] = useState<number>();
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);

  const onLoad = useCallback(() => {
    observer.current?.disconnect();
    const element = frame.current;
    const root = element?.contentDocument?.documentElement;
    if (!element || !root) return;
    const measure = () => {
      // The html element's box is its content's height, whatever the frame's. The frame's border (and a
      // horizontal scrollbar inside it) is what its outer height has beyond the document's viewport.
      const chrome = Math.max(0, element.offsetHeight - root.clientHeight);
      const wanted = Math.ceil(root.getBoundingClientRect().height) + chrome;
      setHeight(Math.min(FITTED_FRAME_MAX_HEIGHT, Math.max(FITTED_FRAME_MIN_HEIGHT, wanted)));
    };
    observer.current = new ResizeObserver(measure);
    observer.current.observe(root);
    measure();
  }, [frame]);

  return { height, onLoad };
}
