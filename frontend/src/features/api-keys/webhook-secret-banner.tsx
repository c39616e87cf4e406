import { ShieldCheck } from 'lucide-react';
import type { CreatedWebhook } from '#shared/webhook-schemas';
import { WEBHOOK_MESSAGES } from '#shared/webhooks';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { OneTimeSecret } from './one-time-secret';

/** A new endpoint's signing secret, shown this once (as a new key is); copying it closes the banner. */
export function WebhookSecretBanner({
  created,
  onDismiss,
}: {
  created: CreatedWebhook;
  onDismiss: () => void;
}) {
  return (
    <Alert className="border-green-300 bg-green-50 dark:border-green-900 dark:bg-green-950/40">
      <ShieldCheck aria-hidden />
      <AlertTitle className="break-all">Signing secret for {created.url}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>
          Copy it now: it is shown only this once. Verify each delivery’s <code>webhook-signature</code> with
          it (the API Documentation shows how).
        </p>
        <OneTimeSecret
          testId="webhook-secret"
          shown={created.secret}
          value={created.secret}
          messages={{ copied: WEBHOOK_MESSAGES.secretCopied, copyFailed: WEBHOOK_MESSAGES.copyFailed }}
          onDismiss={onDismiss}
        >
          <Button type="button" variant="outline" size="sm" onClick={onDismiss}>
            Done
          </Button>
        </OneTimeSecret>
      </AlertDescription>
    </Alert>
  );
}
