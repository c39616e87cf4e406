import { Check, Copy, Eye, EyeOff, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { API_KEY_MASK, API_KEY_MESSAGES, type CreatedApiKey } from '#shared/api-keys';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/**
 * 001 §4: a new key's full value shows once, in this banner; copying it dismisses the banner. The
 * value can be hidden (e.g. while sharing a screen) and shown again until then.
 */
export function NewKeyBanner({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const [visible, setVisible] = useState(true);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      void toast({ title: 'Copied!', description: API_KEY_MESSAGES.copied, variant: 'success' });
      onDismiss();
    } catch {
      void toast({ title: 'Error', description: API_KEY_MESSAGES.copyFailed, variant: 'destructive' });
    }
  };

  return (
    <Alert className="border-green-300 bg-green-50 dark:border-green-900 dark:bg-green-950/40">
      <KeyRound aria-hidden />
      <AlertTitle>Your new API key “{created.name}”</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>Copy it now: this is the only time the whole key is shown. Copying it closes this message.</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            data-testid="new-api-key"
            className="min-w-0 flex-1 break-all rounded-md border bg-background px-3 py-2 font-mono text-foreground text-xs"
          >
            {visible ? created.key : `${created.key_prefix}${API_KEY_MASK}`}
          </code>
          <div className="flex shrink-0 gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setVisible((current) => !current)}
              aria-pressed={!visible}
            >
              {visible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              {visible ? 'Hide' : 'Show'}
            </Button>
            <Button type="button" size="sm" onClick={() => void copy()}>
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
        </div>
        <p className="flex items-center gap-1 text-muted-foreground text-xs">
          <Check aria-hidden className="size-3" />
          Send it as <code className="font-mono">Authorization: Bearer {created.key_prefix}…</code>
        </p>
      </AlertDescription>
    </Alert>
  );
}
