import type { DiffPart } from '#shared/word-diff';

/**
 * A word comparison (shared/word-diff.ts) as reading text: added words underlined on green, removed ones
 * struck through on red, each also said to a screen reader: the History dialog's comparisons and the
 * review page's "what changed since you last looked". `code` sets HTML source in a monospace type;
 * `tall` gives an empty comparison the History dialog's room.
 */
export function DiffText({
  parts,
  testId,
  code = false,
  tall = false,
}: {
  parts: readonly DiffPart[];
  testId?: string;
  code?: boolean;
  tall?: boolean;
}) {
  return (
    <div
      className={`max-h-[50vh] ${tall ? 'min-h-40' : 'min-h-16'} overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/20 p-4 leading-relaxed ${code ? 'font-mono text-xs' : 'text-sm'}`}
      data-testid={testId}
    >
      {parts.map((part, index) => {
        const key = `${index}-${part.kind}`;
        if (part.kind === 'added') {
          return (
            <ins
              key={key}
              className="rounded-sm bg-green-100 text-green-900 underline decoration-green-700 dark:bg-green-900/40 dark:text-green-100"
            >
              <span className="sr-only">[inserted: </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          );
        }
        if (part.kind === 'removed') {
          return (
            <del
              key={key}
              className="rounded-sm bg-red-100 text-red-900 line-through decoration-red-700 dark:bg-red-900/40 dark:text-red-100"
            >
              <span className="sr-only">[deleted: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          );
        }
        return <span key={key}>{part.text}</span>;
      })}
    </div>
  );
}
