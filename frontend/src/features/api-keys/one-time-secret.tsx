import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** Copies a value shown only once, says so, and closes what showed it; a refused clipboard keeps it open. */
async function copyOnce(
  value: string,
  messages: { copied: string; copyFailed: string },
  onDismiss: () => void,
) {
  try {
    await navigator.clipboard.writeText(value);
    void toast({ title: 'Copied!', description: messages.copied, variant: 'success' });
    onDismiss();
  } catch {
    void toast({ title: 'Error', description: messages.copyFailed, variant: 'destructive' });
  }
}

/**
 * A secret shown this once (a new API key, a webhook's signing secret): the value in a box, the
 * banner's own buttons, and Copy, which closes the banner.
 */
export function OneTimeSecret({
  testId,
  shown,
  value,
  messages,
  onDismiss,
  children,
}: {
  testId: string;
  /** What the box shows: the value, or a masked form of it. */
  shown: string;
  value: string;
  messages: { copied: string; copyFailed: string };
  onDismiss: () => void;
  /** The buttons before Copy. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <code
        data-testid={testId}
        className="min-w-0 flex-1 break-all rounded-md border bg-background px-3 py-2 font-mono text-foreground text-xs"
      >
        {shown}
      </code>
      <div className="flex shrink-0 gap-2">
        {children}
        <Button type="button" size="sm" onClick={() => void copyOnce(value, messages, onDismiss)}>
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
    </div>
  );
}
