import { Copy } from 'lucide-react';
import { ScrollRegion } from '@/components/scroll-region';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/**
 * A block of code with a Copy button. `label` names it in the button and the toast; `regionLabel`, the
 * name screen readers hear on its scroll region, must be unique on the page (the same example body
 * stands in several endpoints), so it says which one where `label` alone would repeat.
 */
export function CodeBlock({
  code,
  label,
  regionLabel = label,
}: {
  code: string;
  label: string;
  regionLabel?: string;
}) {
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
      {/* Room on the right for the Copy button; long examples scroll down as well as sideways. */}
      <ScrollRegion
        label={regionLabel}
        className="max-h-[32rem] overflow-auto rounded-md border bg-muted p-4 pr-24"
      >
        <pre className="w-max font-mono text-xs leading-relaxed">
          <code>{code}</code>
        </pre>
      </ScrollRegion>
    </div>
  );
}
