import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** A block of code with a Copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      void toast({ title: 'Copied!', description: `${label} copied to clipboard`, variant: 'success' });
    } catch {
      void toast({ title: 'Error', description: 'Failed to copy content', variant: 'destructive' });
    }
  };
  return (
    <div className="relative">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="absolute top-2 right-2"
        onClick={() => void copy()}
        aria-label={`Copy ${label}`}
      >
        <Copy aria-hidden />
        Copy
      </Button>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a long example to scroll it (axe: scrollable-region-focusable).
        tabIndex={0}
        data-scroll-x
        className="max-h-[32rem] overflow-auto rounded-md border bg-muted p-4 pr-24 font-mono text-xs leading-relaxed"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
