import { Info } from 'lucide-react';
import { PREVIEW_DIALOG } from '../messages';
import { viewerTimeZone } from '../viewer-time-zone';
import { metadataEntries } from './metadata-entries';

/** 'Generation Details' (000 §2): the item's metadata as a readable key/value list. */
export function GenerationDetails({ metadata }: { metadata: Readonly<Record<string, unknown>> }) {
  const entries = metadataEntries(metadata, viewerTimeZone());
  return (
    <section
      className="grid gap-2 rounded-lg border bg-muted/30 p-4"
      aria-labelledby="generation-details-title"
    >
      <h3 id="generation-details-title" className="flex items-center gap-2 font-medium text-sm">
        <Info className="size-4 text-muted-foreground" aria-hidden="true" />
        {PREVIEW_DIALOG.detailsTitle}
      </h3>
      {entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">{PREVIEW_DIALOG.noDetails}</p>
      ) : (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]">
          {entries.map((entry) => (
            <div key={entry.key} className="contents">
              <dt className="text-muted-foreground">{entry.label}</dt>
              <dd className="min-w-0 break-words">
                {entry.multiline ? (
                  <pre className="max-h-48 overflow-auto whitespace-pre-wrap rounded bg-background p-2 font-mono text-xs">
                    {entry.value}
                  </pre>
                ) : (
                  entry.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
