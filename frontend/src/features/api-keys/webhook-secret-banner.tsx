import { Copy, ShieldCheck } from 'lucide-react';
import type { CreatedWebhook } from '#shared/webhook-schemas';
import { WEBHOOK_MESSAGES } from '#shared/webhooks';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** A new endpoint's signing secret, shown this once (as a new key is); copying it closes the banner. */
export function WebhookSecretBanner({
  created,
  onDismiss,
}: {
  created: CreatedWebhook;
  onDismiss: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      void toast({ title: 'Copied!', description: WEBHOOK_MESSAGES.secretCopied, variant: 'success' });
      onDismiss();
    } catch {
      void toast({ title: 'Error', description: WEBHOOK_MESSAGES.copyFailed, variant: 'destructive' });
    }
  };
  return (
    <Alert className="border-green-300 bg-green-50 dark:border-green-900 dark:bg-green-950/40">
      <ShieldCheck aria-hidden />
      <AlertTitle className="break-all">Signing secret for {created.url}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>
          Copy it now: it is shown only this once. Verify each delivery’s <code>webhook-signature</code> with
          it (the API Documentation shows how).
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            data-testid="webhook-secret"
            className="min-w-0 flex-1 break-all rounded-md border bg-background px-3 py-2 font-mono text-foreground text-xs"
          >
            {created.secret}
          </code>
          <div className="flex shrink-0 gap-2">
            <Button type="button" variant="outline" size="sm" onClick={onDismiss}>
              Done
            </Button>
            <Button type="button" size="sm" onClick={() => void copy()}>
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
        </div>
      </AlertDescription>
    </Alert>
  );
}
