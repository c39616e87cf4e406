import { Inbox } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useConfig } from '@/lib/config';

/** Local runtime only: no e-mail leaves the machine, so point to where the code can be read. */
export function DevMailboxHint() {
  const { local } = useConfig();
  if (!local) return null;
  return (
    <Alert className="border-dashed">
      <Inbox aria-hidden="true" />
      <AlertDescription>
        <p>
          Local mode: e-mails are not sent. Read the code in the{' '}
          <a
            href="/dev/mailbox"
            target="_blank"
            rel="noopener"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            dev mailbox
          </a>
          .
        </p>
      </AlertDescription>
    </Alert>
  );
}
