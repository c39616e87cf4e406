import { Check, Eye, EyeOff, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { API_KEY_MASK, API_KEY_MESSAGES, type CreatedApiKey } from '#shared/api-keys';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { OneTimeSecret } from './one-time-secret';

/**
 * 001 §4: a new key's full value shows once, in this banner; copying it dismisses the banner. The
 * value can be hidden (e.g. while sharing a screen) and shown again until then.
 */
export function NewKeyBanner({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const [visible, setVisible] = useState(true);

  return (
    <Alert className="border-green-300 bg-green-50 dark:border-green-900 dark:bg-green-950/40">
      <KeyRound aria-hidden />
      <AlertTitle>Your new API key “{created.name}”</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>Copy it now: this is the only time the whole key is shown. Copying it closes this message.</p>
        <OneTimeSecret
          testId="new-api-key"
          shown={visible ? created.key : `${created.key_prefix}${API_KEY_MASK}`}
          value={created.key}
          messages={API_KEY_MESSAGES}
          onDismiss={onDismiss}
        >
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
        </OneTimeSecret>
        <p className="flex items-center gap-1 text-muted-foreground text-xs">
          <Check aria-hidden className="size-3" />
          Send it as <code className="font-mono">Authorization: Bearer {created.key_prefix}…</code>
        </p>
      </AlertDescription>
    </Alert>
  );
}
