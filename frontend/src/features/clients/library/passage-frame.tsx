import { useEffect, useRef, useState } from 'react';
import type { AnchorPlace } from '#shared/text-anchor';
import { frameDocument } from '@/components/tool/html-frame';
import { addMarkStyle, markPassages } from '@/lib/passage-marks';

/**
 * The item's current HTML with the passages its comments are about highlighted, in the
 * review panel. Like the review page's frame it has no scripts (`sandbox="allow-same-origin"` without
 * allow-scripts: the stored, sanitized HTML cannot run anything), which lets the panel mark its text.
 */
export function PassageFrame({
  html,
  title,
  places,
}: {
  html: string;
  title: string;
  places: readonly { readonly place: AnchorPlace; readonly label: string }[];
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    const document = frame.current?.contentDocument;
    if (!document?.body || loads === 0) return;
    addMarkStyle(document);
    markPassages(
      document.body,
      places.flatMap(({ place, label }) =>
        place.found ? [{ start: place.start, end: place.end, label }] : [],
      ),
    );
  }, [places, loads]);
  return (
    <figure className="grid gap-1">
      <figcaption className="text-muted-foreground text-xs">{title}</figcaption>
      <iframe
        ref={frame}
        title={title}
        sandbox="allow-same-origin"
        referrerPolicy="no-referrer"
        srcDoc={frameDocument(html, title)}
        onLoad={() => setLoads((count) => count + 1)}
        className="block h-56 w-full rounded-md border bg-white"
        data-testid="review-panel-passages"
      />
    </figure>
  );
}
