import type { ReactNode } from 'react';
import type { StreamingView } from '#shared/streaming-preview';
import { htmlToText } from '#shared/text';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { HtmlFrame } from './html-frame';
import type { ToolOutput } from './tool-output';

/**
 * The result tabs of the tools (000 §2, 001 §2). Each tool lists its views in its own order; the first
 * is the default. While a job runs, the same tabs show the reply as it is being written.
 */
export type ResultView = 'preview' | 'html' | 'text' | 'html-with-preview';

const VIEW_LABELS: Readonly<Record<ResultView, string>> = {
  preview: 'Preview',
  html: 'HTML',
  'html-with-preview': 'HTML',
  text: 'Text',
};

interface Shown {
  readonly html: string;
  readonly text: string;
}

function shownContent(output: ToolOutput | null, streaming: StreamingView | null, raw: string): Shown | null {
  if (output) return { html: output.html, text: output.text };
  if (!streaming || streaming.kind === 'empty') return null;
  if (streaming.kind === 'text')
    return {
      html: `<p style="white-space:pre-wrap">${escapeText(streaming.text)}</p>`,
      text: streaming.text,
    };
  return { html: streaming.html, text: htmlToText(streaming.html) || raw };
}

function escapeText(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}

function ReadOnlyArea({
  label,
  value,
  mono,
  className,
}: {
  label: string;
  value: string;
  mono?: boolean;
  className?: string;
}) {
  return (
    <Textarea
      aria-label={label}
      readOnly
      value={value}
      className={cn('h-[600px] min-h-[400px]', mono && 'font-mono text-xs', className)}
    />
  );
}

export function ResultViews({
  views,
  output,
  streaming,
  rawText = '',
  frameTitle,
  empty,
  value,
  onValueChange,
}: {
  views: readonly ResultView[];
  output: ToolOutput | null;
  /** The partial reply while a job runs; null when nothing is being written. */
  streaming: StreamingView | null;
  /** The raw partial text, shown in the HTML tab while streaming. */
  rawText?: string;
  frameTitle: string;
  empty: ReactNode;
  value?: ResultView;
  onValueChange?: ((view: ResultView) => void) | undefined;
}) {
  const shown = shownContent(output, streaming, rawText);
  if (!shown) {
    return (
      <div className="flex min-h-[400px] items-center justify-center rounded-md border border-dashed p-6 text-center text-muted-foreground text-sm">
        {empty}
      </div>
    );
  }
  const rawHtml = output ? output.html : shown.html;
  const controlled =
    value !== undefined
      ? {
          value,
          onValueChange: (next: string) => {
            const view = views.find((entry) => entry === next);
            if (view) onValueChange?.(view);
          },
        }
      : { defaultValue: views[0] };
  return (
    <Tabs {...controlled}>
      <TabsList>
        {views.map((view) => (
          <TabsTrigger key={view} value={view}>
            {VIEW_LABELS[view]}
          </TabsTrigger>
        ))}
      </TabsList>
      {views.map((view) => (
        <TabsContent key={view} value={view} className="grid gap-3">
          {view === 'preview' && <HtmlFrame title={frameTitle} html={shown.html} />}
          {view === 'html-with-preview' && (
            <>
              <HtmlFrame title={frameTitle} html={shown.html} />
              {/* Under the frame, so a shorter box: the frame is the main view here. */}
              <ReadOnlyArea label="HTML source" value={rawHtml} mono className="h-64 min-h-40" />
            </>
          )}
          {view === 'html' && <ReadOnlyArea label="HTML source" value={rawHtml} mono />}
          {view === 'text' && <ReadOnlyArea label="Plain text" value={shown.text} />}
        </TabsContent>
      ))}
    </Tabs>
  );
}
