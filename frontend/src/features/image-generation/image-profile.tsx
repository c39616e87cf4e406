import { Copy } from 'lucide-react';
import type { ImageAnalysis } from '#shared/tool-results';

import { copyToClipboard } from '@/components/tool/result-actions';
import { Button } from '@/components/ui/button';

/**
 * The JSON profile of the uploaded image (001 §2: "Upload an image to derive a JSON profile of it"):
 * the fields the new configuration was filled from, and the whole profile as JSON, which can be copied.
 */
export function ImageProfile({ analysis }: { analysis: ImageAnalysis }) {
  const json = JSON.stringify(analysis, null, 2);
  const fields: readonly [string, string][] = [
    ['Description', analysis.description],
    ['Entities', analysis.entities.join(', ')],
    ['Keywords', analysis.keywords.join(', ')],
    ['Style', analysis.style],
  ];
  return (
    <section
      aria-labelledby="image-profile-heading"
      className="grid min-w-0 gap-2 rounded-lg border p-3"
      data-testid="image-profile"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="image-profile-heading" className="font-medium text-sm">
          Image profile
        </h3>
        <Button type="button" variant="outline" size="sm" onClick={() => void copyToClipboard(json)}>
          <Copy aria-hidden="true" />
          Copy JSON
        </Button>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <details>
        <summary className="cursor-pointer text-sm">JSON profile</summary>
        <pre
          className="mt-2 max-h-64 overflow-y-auto whitespace-pre-wrap break-all rounded-md bg-muted p-2 text-xs"
          data-testid="image-profile-json"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the JSON scrolls; keyboard users scroll it too.
          tabIndex={0}
        >
          {json}
        </pre>
      </details>
    </section>
  );
}
